import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { capState } from '../../../shared/credits';
import { formatDay } from './format';
import { t } from '../../i18n';

export interface CapUsageProps {
  spent: number;
  cap: number | null;
  periodEnd: number;
  /** Whose usage: 'own' words it for the member, 'member' for an admin looking at one. */
  subject?: 'own' | 'member';
}

/**
 * Usage against a monthly cap (docs/product.md#monthly-caps): a bar, and a warning state from 75% and at 100% of the cap. The
 * thresholds are the shared rule (src/shared/credits.ts).
 */
export default function CapUsage({ spent, cap, periodEnd, subject = 'own' }: CapUsageProps) {
  const state = capState(spent, cap);
  const resets = formatDay(periodEnd);
  if (state === 'unlimited' || cap === null) {
    return (
      <Typography>
        {t('{spent} credits used this period · no monthly cap (period ends {resets})', { spent, resets })}
      </Typography>
    );
  }
  const percent = cap === 0 ? 100 : Math.min(100, Math.round((spent / cap) * 100));
  return (
    <Stack spacing={1}>
      <Typography id="cap-usage-label">
        {t('{spent} of {cap} credits used this period ({percent}%) · resets {resets}', {
          spent,
          cap,
          percent,
          resets,
        })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={state === 'reached' ? 'error' : state === 'warning' ? 'warning' : 'primary'}
        aria-labelledby="cap-usage-label"
      />
      {state === 'warning' && (
        <Alert severity="warning">
          {subject === 'own'
            ? t('You have used {percent}% of the monthly cap.', { percent })
            : t('This member has used {percent}% of the monthly cap.', { percent })}
        </Alert>
      )}
      {state === 'reached' && (
        <Alert severity="error">
          {subject === 'own'
            ? t(
                'You reached your monthly cap of {cap} credits: lookups are refused until {resets} or until your admin raises it.',
                { cap, resets },
              )
            : t(
                'This member reached their monthly cap of {cap} credits: their lookups are refused until {resets}.',
                { cap, resets },
              )}
        </Alert>
      )}
    </Stack>
  );
}
