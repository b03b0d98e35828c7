/**
 * The product banner of spec §1: the app name and 'Chrome Extension for {software}.', with dark and small
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
  small?: boolean;
}

export default function Banner({ appName, softwareName, logoUrl, dark = false, small = false }: BannerProps) {
  const logoSize = small ? 28 : 40;
  return (
    <Box
      component="header"
      data-variant={[dark ? 'dark' : 'light', small ? 'small' : 'normal'].join(' ')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: small ? 1 : 1.5,
        px: small ? 1.5 : 2,
        py: small ? 1 : 2,
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
          variant={small ? 'subtitle1' : 'h6'}
          sx={{ fontWeight: 700, lineHeight: 1.2, overflowWrap: 'anywhere' }}
        >
          {appName}
        </Typography>
        {softwareName ? (
          <Typography
            component="p"
            variant={small ? 'caption' : 'body2'}
            sx={{ color: dark ? 'grey.300' : 'text.secondary' }}
          >
            {t('Chrome Extension for {software}.', { software: softwareName })}
          </Typography>
        ) : null}
      </Box>
    </Box>
  );
}
