import Tag from '../../../components/Tag';
import { planName } from '../../../../shared/plans';
import { planBadgeColor } from '../lib/members';

/** The member's plan as a small badge, one colour per plan (Free, Standard, Pro). */
export function PlanBadge({ product }: { product: string | null | undefined }) {
  const color = planBadgeColor(product);
  return (
    <Tag
      label={planName(product)}
      color={color}
      variant={color === 'default' ? 'outlined' : 'filled'}
      data-plan={planName(product).toLowerCase()}
    />
  );
}
