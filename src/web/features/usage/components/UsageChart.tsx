import { BarChart } from '@mui/x-charts/BarChart';
import Typography from '@mui/material/Typography';
import { t } from '../../../i18n';

export interface UsageChartProps {
  byDay: { day: string; spent: number }[];
}

/**
 * Credits spent per day (docs/product.md#usage), from the server's aggregation: at most 366 bars, whatever the size of
 * the ledger. The chart is an SVG with its own description for screen readers.
 */
export default function UsageChart({ byDay }: UsageChartProps) {
  const total = byDay.reduce((sum, row) => sum + row.spent, 0);
  const description = t('Credits spent per day, {from} to {to}: {total} in total.', {
    from: byDay[0]?.day ?? '',
    to: byDay.at(-1)?.day ?? '',
    total,
  });
  // About a dozen labelled ticks whatever the period's length (a year would have 366).
  const step = Math.max(1, Math.ceil(byDay.length / 12));
  if (total === 0) {
    return <Typography color="text.secondary">{t('No credits were spent in this period.')}</Typography>;
  }
  return (
    <figure style={{ margin: 0 }} aria-label={description}>
      <BarChart
        height={240}
        xAxis={[
          {
            scaleType: 'band',
            data: byDay.map((row) => row.day.slice(5)),
            label: t('Day (UTC)'),
            tickInterval: (_value: string, index: number) => index % step === 0,
          },
        ]}
        series={[{ data: byDay.map((row) => row.spent), label: t('Credits spent'), color: '#1976d2' }]}
        hideLegend
        margin={{ left: 8, right: 8, top: 16, bottom: 8 }}
      />
      <figcaption
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {description}
      </figcaption>
    </figure>
  );
}
