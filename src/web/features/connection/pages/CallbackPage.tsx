import { useDocumentTitle } from '../../../components/useDocumentTitle';
import ConnectionCard from '../components/ConnectionCard';
import ConnectionProgress from '../components/ConnectionProgress';
import { useOAuthCallback } from '../hooks/use-oauth-callback';

/** /callback: the CRM sends the user back here with an authorization code (spec §2.2). */
export default function CallbackPage() {
  useDocumentTitle('Connecting');
  const { errorText } = useOAuthCallback();
  return (
    <ConnectionCard>
      <ConnectionProgress
        status={errorText ? 'error' : 'connecting'}
        errorText={errorText}
        tryAgainHref="/connect"
      />
    </ConnectionCard>
  );
}
