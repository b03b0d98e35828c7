import { useDocumentTitle } from '../../../components/use-document-title';
import ConnectionVerifier from '../components/ConnectionVerifier';

/** @public The router reads a page's `loader` (router.tsx, lazyPages), through an import() knip cannot follow. */
export { verifierLoader as loader } from '../components/ConnectionVerifier';

/** /dashboard/connected: verifies the new connection, then back to /dashboard/connection after 3 s. */
export default function DashboardConnectedPage() {
  useDocumentTitle('Connected');
  return <ConnectionVerifier variant="dashboard" />;
}
