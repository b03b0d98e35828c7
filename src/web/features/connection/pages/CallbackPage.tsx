import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Await, Navigate } from 'react-router-dom';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import { useDocumentTitle } from '../../../components/use-document-title';
import ConnectionCard from '../components/ConnectionCard';
import ConnectionProgress from '../components/ConnectionProgress';
import { completeOAuth, type CallbackOutcome } from '../lib/oauth-callback';
import { t } from '../../../i18n';
import { publicPaths } from '../../../lib/paths';

export const loader = (({ store, url }) => ({
  outcome: completeOAuth(store, url.searchParams),
})) satisfies EntryLoader;

/** /callback: the CRM sends the user back here with an authorization code (docs/product.md#public-routes). */
export default function CallbackPage() {
  useDocumentTitle('Connecting');
  const { outcome } = useEntryData<typeof loader>();
  return (
    <ConnectionCard variant="public">
      <Suspense fallback={<ConnectionProgress status="connecting" tryAgainHref={publicPaths.connect} />}>
        <Await resolve={outcome}>{(settled: CallbackOutcome) => <Outcome outcome={settled} />}</Await>
      </Suspense>
    </ConnectionCard>
  );
}

function Outcome({ outcome }: { outcome: CallbackOutcome }) {
  switch (outcome.kind) {
    case 'connected':
      return <Navigate to={{ pathname: publicPaths.connected, hash: outcome.fragment }} replace />;
    case 'handed-off':
      // Seen only when the browser refuses to close the window for us.
      return (
        <Typography role="status" sx={{ textAlign: 'center' }}>
          {t('All done here: your other tab continues. You can close this window.')}
        </Typography>
      );
    case 'error':
      return (
        <ConnectionProgress status="error" errorText={outcome.text} tryAgainHref={publicPaths.connect} />
      );
  }
}
