import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import type { PlanFeature } from './prices';

/** Spec §2.1: the credits tooltip. */
export const CREDITS_TOOLTIP =
  'Each credit finds contact details, including email addresses, for one profile.';

function featureText({ label, value }: PlanFeature): string {
  return typeof value === 'boolean' ? label : `${label}: ${value}`;
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
            secondaryAction={
              feature.key === 'credits' ? (
                <Tooltip title={CREDITS_TOOLTIP} enterTouchDelay={0}>
                  <IconButton edge="end" size="small" aria-label="What is a credit?">
                    <InfoOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              ) : undefined
            }
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              {included ? (
                <CheckIcon fontSize="small" color="success" titleAccess="Included" />
              ) : (
                <CloseIcon fontSize="small" color="disabled" titleAccess="Not included" />
              )}
            </ListItemIcon>
            <ListItemText
              primary={featureText(feature)}
              slotProps={{ primary: { color: included ? 'text.primary' : 'text.disabled' } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
