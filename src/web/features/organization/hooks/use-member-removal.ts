import { useState, type RefObject } from 'react';
import { useRemoveOrganizationUserMutation } from '../../../api/endpoints/organization';
import { withDetail } from '../../../api/errors';
import { t } from '../../../i18n';
import { REMOVE_FAILED } from '../lib/errors';
import type { OrganizationMember } from '../lib/members';
import { useReport } from './use-report';

/**
 * Removing a member, after the confirmation dialog: who is being removed (the dialog is open meanwhile),
 * and the removal. Focus then goes to `focusAfter` (the dialog would give it back to the row's menu button,
 * whose row is gone).
 */
export function useMemberRemoval(focusAfter: RefObject<HTMLElement | null>) {
  const [removeOrganizationUser, removal] = useRemoveOrganizationUserMutation();
  const [toRemove, setToRemove] = useState<OrganizationMember | null>(null);
  const report = useReport();

  const confirm = async () => {
    if (!toRemove) return;
    const member = toRemove;
    try {
      await removeOrganizationUser({ user_id: member.id }).unwrap();
      report({
        success: t('{name} was removed from the organization.', { name: member.name || member.email }),
      });
    } catch (error) {
      report({ error: withDetail(REMOVE_FAILED, error) });
    } finally {
      setToRemove(null);
      requestAnimationFrame(() => focusAfter.current?.focus());
    }
  };

  return {
    toRemove,
    ask: setToRemove,
    cancel: () => setToRemove(null),
    confirm,
    removing: removal.isLoading,
  };
}
