import { useDocumentTitle } from '../../../components/use-document-title';
import ConnectionVerifier from '../components/ConnectionVerifier';

export { verifierLoader as loader } from '../components/ConnectionVerifier';

/** /dashboard/connected: verifies the new connection, then back to /dashboard/connection after 3 s. */
export default function DashboardConnectedPage() {
  useDocumentTitle('Connected');
  return <ConnectionVerifier variant="dashboard" />;
}
