import { useDocumentTitle } from '../../../components/useDocumentTitle';
import ConnectionVerifier from '../components/ConnectionVerifier';

/** /connected: verifies the new connection, then /complete after 3 s (spec §4). */
export default function ConnectedPage() {
  useDocumentTitle('Connected');
  return <ConnectionVerifier variant="public" />;
}
