import Avatar from '@mui/material/Avatar';
import { softwareInitial } from '../lib/software-connection';
import { t } from '../../../i18n';

export interface SoftwareLogoProps {
  name: string;
  logoUrl?: string | null;
  size?: number;
}

/** The CRM's logo, or its initial in a circle when the record has no logo (docs/product.md#api-key-form). */
export default function SoftwareLogo({ name, logoUrl, size = 56 }: SoftwareLogoProps) {
  if (logoUrl) {
    return (
      <Avatar
        src={logoUrl}
        alt={t('{name} logo', { name })}
        variant="rounded"
        sx={{ width: size, height: size, bgcolor: 'transparent' }}
        slotProps={{ img: { style: { objectFit: 'contain' } } }}
      />
    );
  }
  return (
    <Avatar
      aria-label={t('{name} logo', { name })}
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size / 2.2 }}
    >
      {softwareInitial(name)}
    </Avatar>
  );
}
