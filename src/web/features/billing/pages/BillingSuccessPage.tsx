import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../../components/use-document-title';
import { t } from '../../../i18n';

/** Spec §9: the billing success page sends the user to the dashboard after 5 s. */
const SUCCESS_REDIRECT_SECONDS = 5;

/** Spec §2.1 /dashboard/billing/success. */
export default function BillingSuccessPage() {
  useDocumentTitle('Billing');
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(SUCCESS_REDIRECT_SECONDS);

  useEffect(() => {
    const tick = setInterval(() => setSecondsLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => clearInterval(tick);
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) void navigate('/dashboard', { replace: true });
  }, [secondsLeft, navigate]);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 640 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <CheckCircleOutlineIcon color="success" sx={{ fontSize: 48 }} aria-hidden />
        <Typography variant="h5" component="h1">
          {t('The changes have been successfully applied to your account.')}
        </Typography>
        <Typography role="timer" aria-live="polite" color="text.secondary">
          {t('Redirecting to your dashboard in {seconds, plural, one {# second} other {# seconds}}...', {
            seconds: secondsLeft,
          })}
        </Typography>
        <Link component={RouterLink} to="/dashboard" replace>
          {t('Go to the dashboard now')}
        </Link>
      </Stack>
    </Paper>
  );
}
