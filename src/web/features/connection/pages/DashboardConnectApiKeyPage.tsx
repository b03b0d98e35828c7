import { useDocumentTitle } from '../../../components/use-document-title';
import ApiKeyConnect from '../components/ApiKeyConnect';

/** /dashboard/connect/api-key: API keys of the CRM, then /dashboard/connected with the keys in the fragment. */
export default function DashboardConnectApiKeyPage() {
  useDocumentTitle('Connect API key');
  return <ApiKeyConnect variant="dashboard" />;
}
