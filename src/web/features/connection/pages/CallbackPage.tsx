import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/use-document-title';
import ConnectionCard from '../components/ConnectionCard';
import ConnectionProgress from '../components/ConnectionProgress';
import { useOAuthCallback } from '../hooks/use-oauth-callback';

/** /callback: the CRM sends the user back here with an authorization code (spec §2.2). */
export default function CallbackPage() {
  useDocumentTitle('Connecting');
  const { errorText, handedOff } = useOAuthCallback();
  return (
    <ConnectionCard variant="public">
      {handedOff ? (
        // Seen only when the browser refuses to close the window for us.
        <Typography role="status" sx={{ textAlign: 'center' }}>
          All done here: your other tab continues. You can close this window.
        </Typography>
      ) : (
        <ConnectionProgress
          status={errorText ? 'error' : 'connecting'}
          errorText={errorText}
          tryAgainHref="/connect"
        />
      )}
    </ConnectionCard>
  );
}
