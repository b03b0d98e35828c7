import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import CreditsHint from './CreditsHint';
import type { PlanFeature } from './prices';
import { t, translated } from '../../i18n';

export { CREDITS_TOOLTIP } from './CreditsHint';

function featureText({ label, value }: PlanFeature): string {
  if (typeof value === 'boolean') return translated(label);
  return `${translated(label)}: ${typeof value === 'string' ? translated(value) : value}`;
}

/** The feature list of a plan card; a boolean feature shows a tick or a cross instead of a value. */
export default function PlanFeatureList({ features }: { features: PlanFeature[] }) {
  return (
    <List dense disablePadding>
      {features.map((feature) => {
        const included = feature.value !== false;
        return (
          <ListItem
            key={feature.key}
            disableGutters
            secondaryAction={feature.key === 'credits' ? <CreditsHint /> : undefined}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              {included ? (
                <CheckIcon fontSize="small" color="success" titleAccess={t('Included')} />
              ) : (
                <CloseIcon fontSize="small" color="action" titleAccess={t('Not included')} />
              )}
            </ListItemIcon>
            <ListItemText
              primary={featureText(feature)}
              // A feature the plan lacks is quieter, yet still readable (text.disabled was 2.7:1).
              slotProps={{ primary: { color: included ? 'text.primary' : 'text.secondary' } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
