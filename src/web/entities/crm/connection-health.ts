/** How the user's CRM connection stands (docs/product.md#connection-health): one rule for every page. */
import type { User } from '../../api/contract-types';
import { roleCan } from '../../../shared/permissions';

type ConnectionAttention =
  /** Nothing to do: no connection, or one that works. */
  | null
  /** The connection needs attention and this user can reconnect it. */
  | 'reconnect'
  /** The organization's shared connection needs attention: its admins reconnect it, not a member. */
  | 'ask-admin';

export function connectionAttention(
  user: Pick<User, 'role' | 'connection_id' | 'personal_connection_id' | 'connection_status'>,
): ConnectionAttention {
  if (!user.connection_id || user.connection_status !== 'needs_attention') return null;
  const shared = user.connection_id !== user.personal_connection_id;
  return shared && !roleCan(user.role, 'connection.organization') ? 'ask-admin' : 'reconnect';
}
