/**
 * The full page shown when the signed-in user could not be loaded for another reason than "no session"
 * (docs/product.md#user-and-software-texts, 'Error: {message}'): inside a normal page layout, with "Try again" (the initial load once
 * more; also tried by itself while shown, use-auto-retry.ts) and a way out to /login, never bare text.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { MAIN_CONTENT_ID } from '../../components/SkipLink';
import { useAutoRetry } from '../../components/feedback/use-auto-retry';
import { t, translated } from '../../i18n/index';
import { loadInitialData } from './session-slice';
import { publicPaths } from '../../lib/paths';

export default function SessionLoadError({ message }: { message: string }) {
  const dispatch = useAppDispatch();
  useAutoRetry(() => void dispatch(loadInitialData()));
  return (
    <Box
      component="main"
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      sx={{ maxWidth: 560, mx: 'auto', my: 8, px: 2, textAlign: 'center' }}
    >
      <Typography variant="h4" component="h1" gutterBottom>
        {t('Your account could not be loaded')}
      </Typography>
      <Typography role="alert" color="text.secondary" sx={{ mb: 3 }}>
        {t('Error: {message}', { message: translated(message) })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void dispatch(loadInitialData())}>
          {t('Try again')}
        </Button>
        <Button component={RouterLink} to={publicPaths.login} variant="outlined">
          {t('Go to login')}
        </Button>
      </Box>
    </Box>
  );
}
