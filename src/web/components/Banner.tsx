/**
 * The product banner (docs/product.md#what-it-is-and-for-whom): the app name and 'Chrome Extension for {software}.', with dark and small
 * variants (the onboarding wrapper uses the small one on phones, the embeddable pricing page the dark one).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { t } from '../i18n';

export interface BannerProps {
  /** Name of the extension (the CRM record's `app`), or the product name when no CRM is chosen. */
  appName: string;
  /** Display name of the chosen CRM; without it the 'Chrome Extension for ...' line is left out. */
  softwareName?: string | null;
  logoUrl?: string | null;
  dark?: boolean;
  /** The compact banner; 'phone' compacts it on narrow screens only, by CSS (right on the first frame). */
  small?: boolean | 'phone';
}

/** A value for the normal banner, for the small one, or both by breakpoint for `small="phone"`. */
function sized<T>(small: boolean | 'phone', normal: T, compact: T): T | { xs: T; sm: T } {
  if (small === 'phone') return { xs: compact, sm: normal };
  return small ? compact : normal;
}

export default function Banner({ appName, softwareName, logoUrl, dark = false, small = false }: BannerProps) {
  const logoSize = sized(small, 40, 28);
  return (
    <Box
      component="header"
      data-variant={[
        dark ? 'dark' : 'light',
        small === 'phone' ? 'phone-small' : small ? 'small' : 'normal',
      ].join(' ')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: sized(small, 1.5, 1),
        px: sized(small, 2, 1.5),
        py: sized(small, 2, 1),
        borderRadius: 2,
        bgcolor: dark ? 'grey.900' : 'background.paper',
        color: dark ? 'common.white' : 'text.primary',
      }}
    >
      {logoUrl ? (
        <Box
          component="img"
          src={logoUrl}
          alt=""
          sx={{ width: logoSize, height: logoSize, objectFit: 'contain' }}
        />
      ) : null}
      <Box sx={{ minWidth: 0 }}>
        <Typography
          component="p"
          sx={(theme) => {
            // The variant's own weight and line height give way to the banner's, on phones too.
            const name = (variant: 'h6' | 'subtitle1') => ({
              ...theme.typography[variant],
              fontWeight: 700,
              lineHeight: 1.2,
            });
            return {
              ...name(small === true ? 'subtitle1' : 'h6'),
              ...(small === 'phone' && { [theme.breakpoints.down('sm')]: name('subtitle1') }),
              overflowWrap: 'anywhere',
            };
          }}
        >
          {appName}
        </Typography>
        {softwareName ? (
          <Typography
            component="p"
            sx={{ typography: sized(small, 'body2', 'caption'), color: dark ? 'grey.300' : 'text.secondary' }}
          >
            {t('Chrome Extension for {software}.', { software: softwareName })}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
