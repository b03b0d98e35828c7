import Chip from '@mui/material/Chip';
import { planName } from '../../../../shared/plans';
import { planBadgeColor } from '../lib/members';

/** The member's plan as a small badge, one colour per plan (Free, Standard, Pro). */
export function PlanBadge({ product }: { product: string | null | undefined }) {
  const color = planBadgeColor(product);
  return (
    <Chip
      size="small"
      label={planName(product)}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      data-plan={planName(product).toLowerCase()}
    />
  );
}
