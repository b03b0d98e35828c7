import { useDocumentTitle } from '../../../components/use-document-title';
import ApiKeyConnect from '../components/ApiKeyConnect';

/** /connect-api-key: API keys of the chosen CRM, then /connected. */
export default function ConnectApiKeyPage() {
  useDocumentTitle('Connect API key');
  return <ApiKeyConnect variant="public" />;
}
