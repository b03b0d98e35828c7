import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Tag from '../../components/Tag';
import LazySpinner from '../../components/LazySpinner';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { BillingSchedule, PlanFeature } from './prices';
import { formatAmount } from './prices';
import PlanFeatureList from './PlanFeatureList';
import { t, translated } from '../../i18n';

/** Height of a small Chip: the row of marks (RECOMMENDED, Current) is this tall on every card. */
const MARK_ROW_HEIGHT = 24;

/** What the card's button does: follow an in-app link, or run a handler (checkout, billing portal...). */
export type PlanCardAction = { label: string; to: string } | { label: string; onSelect: () => void };

export interface PlanCardProps {
  name: string;
  /** Displayed monthly price in whole currency units (docs/product.md#displayed-prices, see lib/prices). */
  monthlyPrice: number;
  schedule: BillingSchedule;
  features: PlanFeature[];
  recommended?: boolean;
  /** The user's current product: the card is disabled and marked 'Current' (docs/product.md#plan-cards). */
  current?: boolean;
  action: PlanCardAction;
  /** Another action is in progress (e.g. a checkout being created): every button waits. */
  disabled?: boolean;
  /** This card's action is in progress. */
  busy?: boolean;
}

export default function PlanCard({
  name,
  monthlyPrice,
  schedule,
  features,
  recommended = false,
  current = false,
  action,
  disabled = false,
  busy = false,
}: PlanCardProps) {
  const headingId = `plan-${name.toLowerCase()}`;
  const buttonDisabled = current || disabled || busy;
  const buttonLabel = current ? t('Current') : translated(action.label);
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderWidth: recommended ? 2 : 1,
        borderColor: recommended ? 'primary.main' : 'divider',
      }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', mb: 1 }}>
          <Typography id={headingId} variant="h5" component="h3">
            {name}
          </Typography>
          {/* The marks sit above the name (after it for screen readers) in a row every card reserves,
              so a mark never wraps beside the name and pushes one card's price below the others'. */}
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ order: -1, minHeight: MARK_ROW_HEIGHT, mb: 0.5, flexWrap: 'wrap' }}
          >
            {recommended && <Tag label={t('RECOMMENDED')} color="primary" />}
            {current && <Tag label={t('Current')} variant="outlined" />}
          </Stack>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5 }}>
          <Typography variant="h3" component="p">
            {formatAmount(monthlyPrice)}
          </Typography>
          <Typography color="text.secondary">{t('/ month')}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {schedule === 'yearly' ? t('Billed yearly') : t('Billed monthly')}
        </Typography>
        <PlanFeatureList features={features} />
      </CardContent>
      <CardActions sx={{ p: 2, pt: 0 }}>
        {'to' in action && !buttonDisabled ? (
          <Button
            component={RouterLink}
            to={action.to}
            fullWidth
            variant={recommended ? 'contained' : 'outlined'}
          >
            {buttonLabel}
          </Button>
        ) : (
          <Button
            fullWidth
            variant={recommended ? 'contained' : 'outlined'}
            disabled={buttonDisabled}
            onClick={'onSelect' in action ? action.onSelect : undefined}
            startIcon={busy ? <LazySpinner size={16} color="inherit" /> : undefined}
            aria-label={
              current
                ? t('{plan}: current plan', { plan: name })
                : t('{action}: {plan}', { action: buttonLabel, plan: name })
            }
          >
            {buttonLabel}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
