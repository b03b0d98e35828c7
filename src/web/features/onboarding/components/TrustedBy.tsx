/**
 * The trusted-by strip (docs/product.md#what-it-is-and-for-whom): 4 avatars, 5 stars and the audience claim. The avatars are initials
 * rather than photos so the strip needs no image requests on the first paint of the public pages. Drawn
 * with plain boxes rather than MUI's Avatar, AvatarGroup and Rating, which cost the first load of every
 * public page about 5 KB for a static picture.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { t, translated } from '../../../i18n';

/** Theme colours that carry white text at 4.5:1 or more (the old teal and orange were 3.0 and 3.1:1). */
const AVATARS = [
  { initials: 'JM', color: 'primary.main' },
  { initials: 'SK', color: 'secondary.main' },
  { initials: 'AL', color: 'warning.main' },
  { initials: 'RD', color: 'error.dark' },
] as const;

const TRUSTED_BY_TEXT = 'Trusted by thousands of SDRs, BDRs, Sales Ops and team leads';

/** MUI's Rating star (StarIcon), in its gold. */
const STAR_PATH = 'M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z';

export default function TrustedBy() {
  return (
    <Box
      component="section"
      aria-label={t('Trusted by')}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
    >
      {/* Overlapping circles, as AvatarGroup draws them: each ringed in the page colour, over the previous. */}
      <Box sx={{ display: 'flex' }}>
        {AVATARS.map(({ initials, color }) => (
          <Box
            key={initials}
            aria-hidden="true"
            data-testid="trusted-avatar"
            sx={{
              width: 32,
              height: 32,
              ml: '-8px',
              '&:first-of-type': { ml: 0 },
              borderRadius: '50%',
              border: 2,
              borderColor: 'background.default',
              bgcolor: color,
              color: '#fff',
              fontSize: 13,
              lineHeight: 1,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              boxSizing: 'content-box',
              fontFamily: 'inherit',
            }}
          >
            {initials}
          </Box>
        ))}
      </Box>
      <Box>
        <Box
          component="span"
          role="img"
          aria-label={t('Rated 5 out of 5 stars')}
          sx={{ display: 'inline-flex' }}
        >
          {[1, 2, 3, 4, 5].map((index) => (
            <Box
              key={index}
              component="svg"
              viewBox="0 0 24 24"
              aria-hidden="true"
              sx={{ width: '1.125rem', height: '1.125rem', fill: '#faaf00' }}
            >
              <path d={STAR_PATH} />
            </Box>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translated(TRUSTED_BY_TEXT)}
        </Typography>
      </Box>
    </Box>
  );
}
