import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import CreditsHint from './CreditsHint';
import type { PlanFeature } from './prices';
import { t, translated } from '../../i18n';

export { CREDITS_TOOLTIP } from './CreditsHint';

function featureText({ label, value }: PlanFeature): string {
  if (typeof value === 'boolean') return translated(label);
  return `${translated(label)}: ${typeof value === 'string' ? translated(value) : value}`;
}

/**
 * The feature list of a plan card; a boolean feature shows a tick or a cross instead of a value. Laid out
 * as MUI's dense List would be, without its four components in /pricing's first load (docs/performance.md#size-budgets).
 */
export default function PlanFeatureList({ features }: { features: PlanFeature[] }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {features.map((feature) => {
        const included = feature.value !== false;
        return (
          <Box component="li" key={feature.key} sx={{ display: 'flex', alignItems: 'center', py: 0.5 }}>
            <Box sx={{ minWidth: 32, display: 'inline-flex', flexShrink: 0 }}>
              {included ? (
                <CheckIcon fontSize="small" color="success" titleAccess={t('Included')} />
              ) : (
                <CloseIcon fontSize="small" color="action" titleAccess={t('Not included')} />
              )}
            </Box>
            <Typography
              variant="body2"
              // A feature the plan lacks is quieter, yet still readable (text.disabled was 2.7:1).
              color={included ? 'text.primary' : 'text.secondary'}
              sx={{ flex: '1 1 auto', my: 0.5 }}
            >
              {featureText(feature)}
            </Typography>
            {feature.key === 'credits' ? <CreditsHint /> : null}
          </Box>
        );
      })}
    </Box>
  );
}
