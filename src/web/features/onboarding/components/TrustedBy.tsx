/**
 * The trusted-by strip of spec §1: 4 avatars, 5 stars and the audience claim. The avatars are initials
 * rather than photos so the strip needs no image requests on the first paint of the public pages.
 */
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';

const AVATARS = [
  { initials: 'JM', color: '#5c6bc0' },
  { initials: 'SK', color: '#26a69a' },
  { initials: 'AL', color: '#ef6c00' },
  { initials: 'RD', color: '#8e24aa' },
] as const;

export const TRUSTED_BY_TEXT = 'Trusted by thousands of SDRs, BDRs, Sales Ops and team leads';

export default function TrustedBy() {
  return (
    <Box
      component="section"
      aria-label="Trusted by"
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
    >
      <AvatarGroup max={4} sx={{ '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 13 } }}>
        {AVATARS.map(({ initials, color }) => (
          <Avatar key={initials} sx={{ bgcolor: color }} aria-hidden="true" data-testid="trusted-avatar">
            {initials}
          </Avatar>
        ))}
      </AvatarGroup>
      <Box>
        <Rating value={5} max={5} readOnly size="small" getLabelText={() => '5 out of 5 stars'} />
        <Typography variant="body2" color="text.secondary">
          {TRUSTED_BY_TEXT}
        </Typography>
      </Box>
    </Box>
  );
}
