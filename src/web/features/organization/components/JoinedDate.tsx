import Typography from '@mui/material/Typography';
import {
  formatDate,
  formatDateTime,
  formatRelative,
  MISSING_DATE,
  preferredDateLocale,
} from '../../../lib/dates';

/**
 * A member's join date: the date, with the relative time below ('3 months ago', or Chinese when the
 * browser prefers it); 'N/A' when the timestamp is absent.
 */
export function JoinedDate({ seconds }: { seconds: number | null | undefined }) {
  const locale = preferredDateLocale();
  const date = formatDate(seconds, locale);
  if (date === MISSING_DATE) return <>{MISSING_DATE}</>;
  return (
    <>
      <span title={formatDateTime(seconds, locale)}>{date}</span>
      <Typography component="span" variant="caption" color="text.secondary" display="block">
        {formatRelative(seconds, locale)}
      </Typography>
    </>
  );
}
