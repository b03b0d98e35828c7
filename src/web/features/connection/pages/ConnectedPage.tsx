import { useDocumentTitle } from '../../../components/use-document-title';
import ConnectionVerifier from '../components/ConnectionVerifier';

export { verifierLoader as loader } from '../components/ConnectionVerifier';

/** /connected: verifies the new connection, then /complete after 3 s (docs/product.md#connection-screen-states). */
export default function ConnectedPage() {
  useDocumentTitle('Connected');
  return <ConnectionVerifier variant="public" />;
}
