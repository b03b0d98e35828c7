import Link from '@mui/material/Link';
import { getAppConfig } from '../../../app/config';

/** Spec §2.1: every billing view links to the external contact-support form. */
export default function NeedHelpLink() {
  return (
    <Link href={getAppConfig().supportFormUrl} target="_blank" rel="noopener noreferrer">
      Need help with your billing?
    </Link>
  );
}
