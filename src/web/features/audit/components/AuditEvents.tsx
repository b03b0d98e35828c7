/**
 * The audit entries of one page: a table with fixed column widths on wide screens (long values end in an
 * ellipsis, whole in a tooltip), a card per entry on a phone (below 600 px), as the members list does.
 */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { components } from '../../../../contract/api';
import { AUDIT_EVENT_LABELS } from '../../../../shared/audit-events';
import BreakableEmail from '../../../components/BreakableEmail';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { t, translated } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { auditSentence } from '../lib/audit-sentence';
import ClippedText from './ClippedText';

type AuditEvent = components['schemas']['AuditEvent'];

const NONE = '—';

/** What every view shows of an entry, in the UI's language. */
function shown(event: AuditEvent) {
  return {
    time: formatDateTime(event.created_at),
    label: translated(AUDIT_EVENT_LABELS[event.type]),
    actor: event.actor_email ?? NONE,
    target: event.target_email ?? NONE,
    ip: event.ip ?? NONE,
    details: auditSentence(event.type, event.details) || NONE,
  };
}

/**
 * Widths that fit a 1280 px window beside the sidebar in both languages: the time and the event never
 * wrap, the addresses share what is left with the details, which may take two lines.
 */
const COLUMNS = [
  { key: 'time', title: () => t('Time'), width: '9.5rem' },
  { key: 'label', title: () => t('Event'), width: '12rem' },
  { key: 'actor', title: () => t('Actor'), width: '18%' },
  { key: 'target', title: () => t('Target'), width: '18%' },
  { key: 'ip', title: () => t('Address'), width: '8rem' },
  { key: 'details', title: () => t('Details'), width: 'auto' },
] as const;

export function AuditEvents({ events }: { events: readonly AuditEvent[] }) {
  return usePhoneLayout() ? <AuditCards events={events} /> : <AuditTable events={events} />;
}

function AuditTable({ events }: { events: readonly AuditEvent[] }) {
  return (
    <Table size="small" aria-label={t('Audit log')} sx={{ tableLayout: 'fixed', width: '100%' }}>
      <colgroup>
        {COLUMNS.map((column) => (
          <col key={column.key} style={{ width: column.width }} />
        ))}
      </colgroup>
      <TableHead>
        <TableRow>
          {COLUMNS.map((column) => (
            <TableCell
              key={column.key}
              sx={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {column.title()}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((event) => {
          const values = shown(event);
          return (
            <TableRow key={event.id}>
              {COLUMNS.map((column) => (
                <TableCell key={column.key} sx={{ verticalAlign: 'top' }}>
                  <ClippedText text={values[column.key]} lines={column.key === 'details' ? 2 : 1} />
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

/** One labelled value of a card ('Actor ada@example.com'). */
function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', mt: 0.5, minWidth: 0 }}>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ flex: '0 0 4.5rem' }}>
        {label}
      </Typography>
      <Box component="span" sx={{ typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

function AuditCards({ events }: { events: readonly AuditEvent[] }) {
  return (
    <Box
      component="ul"
      aria-label={t('Audit log')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        '& > li': { px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' },
        '& > li:last-of-type': { borderBottom: 0 },
      }}
    >
      {events.map((event) => {
        const values = shown(event);
        const email = (value: string) => (value === NONE ? value : <BreakableEmail email={value} />);
        return (
          <li key={event.id}>
            <Typography component="p" fontWeight={500}>
              {values.label}
            </Typography>
            <Typography component="p" variant="body2" color="text.secondary">
              {values.time}
            </Typography>
            {values.details !== NONE && (
              <Typography component="p" variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {values.details}
              </Typography>
            )}
            <Field label={t('Actor')}>{email(values.actor)}</Field>
            <Field label={t('Target')}>{email(values.target)}</Field>
            <Field label={t('Address')}>{values.ip}</Field>
          </li>
        );
      })}
    </Box>
  );
}
