import { useState } from 'react';
import { useMoveSeatMutation } from '../../../api/endpoints/organization';
import { withDetail, type ErrorText } from '../../../api/errors';
import { t } from '../../../i18n';
import { PLAN_NAMES } from '../../../../shared/plans';
import { MOVE_SEAT_FAILED } from '../lib/errors';
import { memberLabel, memberProduct, type OrganizationMember } from '../lib/members';
import { useReport } from './use-report';

/** Moving a member's paid seat to a colleague (docs/product.md#seats): whose seat (the dialog is open meanwhile), the move, its failure. */
export function useSeatMove() {
  const [moveSeat, seatMove] = useMoveSeatMutation();
  const [toMove, setToMove] = useState<OrganizationMember | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const report = useReport();

  const move = async (to: OrganizationMember) => {
    if (!toMove) return;
    const from = toMove;
    const product = PLAN_NAMES[memberProduct(from)];
    try {
      setError(null);
      await moveSeat({ product, from_user_id: from.id, to_user_id: to.id }).unwrap();
      setToMove(null);
      report({
        success: t('{product} seat moved from {from} to {to}.', {
          product,
          from: memberLabel(from),
          to: memberLabel(to),
        }),
      });
    } catch (failure) {
      setError(withDetail(MOVE_SEAT_FAILED, failure));
    }
  };

  const cancel = () => {
    setToMove(null);
    setError(null);
  };

  return { toMove, ask: setToMove, cancel, move, moving: seatMove.isLoading, error };
}
