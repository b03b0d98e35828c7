import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useInviteUsersMutation } from '../../../api/endpoints/organization';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import {
  MAX_BULK_INVITES,
  OTHER_DOMAIN_TEXT,
  REFUSAL_TEXTS,
  TOO_MANY_ROWS,
  judgeInviteRows,
  parseInviteList,
  type JudgedRow,
} from '../../../../shared/invite-list';
import { BULK_INVITE_FAILED } from '../lib/errors';
import { useInvitePreview, type PreviewRequestRow, type PreviewVerdict } from '../hooks/use-invite-preview';
import { t, translated } from '../../../i18n';

export interface BulkInviteDialogProps {
  open: boolean;
  inviterEmail: string;
  /**
   * The members and pending invitations the page has loaded (one page of them): the instant judgement
   * while the server, which knows them all, is asked.
   */
  members: readonly string[];
  invited: readonly string[];
  onClose: () => void;
  /** Called with a summary once the invitations are sent. */
  onSent: (summary: string) => void;
}

/** A row as the preview shows it: why it will not be sent (in words), or whether it is at another domain. */
interface PreviewRow {
  line: number;
  email: string;
  role: string;
  refusal?: string;
  otherDomain: boolean;
  /** What is sent for it, when it is. */
  outgoing?: PreviewRequestRow;
}

function refusalText(reason: string, message: string | undefined): string {
  return reason in REFUSAL_TEXTS
    ? translated(REFUSAL_TEXTS[reason as keyof typeof REFUSAL_TEXTS])
    : translated(message ?? reason);
}

/**
 * The local judgement, with the server's verdict on the rows it judged in place of the local one
 * (`verdicts` answers `outgoing`, in its order).
 */
function previewRows(
  rows: readonly JudgedRow[],
  verdicts: readonly PreviewVerdict[] | undefined,
): PreviewRow[] {
  let next = 0;
  return rows.map((row) => {
    const shown = { line: row.line, email: row.email, role: row.role };
    if (row.refusal) return { ...shown, refusal: translated(REFUSAL_TEXTS[row.refusal]), otherDomain: false };
    const outgoing = { line: row.line, email: row.normalized, role: row.role };
    const verdict = verdicts?.[next++];
    if (!verdict) return { ...shown, otherDomain: row.otherDomain, outgoing };
    if (verdict.reason)
      return { ...shown, refusal: refusalText(verdict.reason, verdict.message), otherDomain: false };
    return { ...shown, otherDomain: verdict.other_domain, outgoing };
  });
}

interface Outcome {
  sent: number;
  refused: { line?: number; email: string; message: string }[];
}

/**
 * Organization page (docs/product.md#bulk-invitations): invite many people at once from a pasted list or a CSV file, with a
 * preview that flags what will not be sent before anything is sent.
 */
export function BulkInviteDialog({
  open,
  inviterEmail,
  members,
  invited,
  onClose,
  onSent,
}: BulkInviteDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [error, setError] = useState<ErrorText | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [inviteUsers, sending] = useInviteUsersMutation();
  const { rows, valid, tooMany, server } = useBulkPreview(text, { inviterEmail, members, invited });

  const reset = () => {
    setText('');
    setError(null);
    setOutcome(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (valid.length === 0 || tooMany) return;
    setError(null);
    try {
      const answer = await inviteUsers({ rows: valid }).unwrap();
      const summary = t('{sent} invitations sent, {refused} refused.', {
        sent: answer.data.sent.length,
        refused: answer.data.refused.length,
      });
      if (answer.data.refused.length === 0) {
        reset();
        onSent(summary);
      } else {
        setOutcome({ sent: answer.data.sent.length, refused: answer.data.refused });
        setText('');
        onSent(summary);
      }
    } catch (failure) {
      setError(withDetail(BULK_INVITE_FAILED, failure));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      fullScreen={phone}
      maxWidth="md"
      aria-labelledby="bulk-invite-title"
    >
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="bulk-invite-title">{t('Invite many members')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
            {outcome && <OutcomeAlert outcome={outcome} />}
            <ListInput text={text} onText={setText} />
            {rows.length > 0 && (
              <PreviewTable rows={rows} valid={valid.length} tooMany={tooMany} server={server} />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('Close')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={valid.length === 0 || tooMany || sending.isLoading}
          >
            {sending.isLoading ? t('Sending...') : t('Send {count} invitations', { count: valid.length })}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The list's rows judged: at once in the browser, then by the server, and what would be sent. */
function useBulkPreview(
  text: string,
  {
    inviterEmail,
    members,
    invited,
  }: { inviterEmail: string; members: readonly string[]; invited: readonly string[] },
) {
  const judged = useMemo(
    () => judgeInviteRows(parseInviteList(text), { inviterEmail, members, invited }),
    [text, inviterEmail, members, invited],
  );
  const tooMany = judged.filter((row) => !row.refusal).length > MAX_BULK_INVITES;
  // Only the rows that would be sent are asked about, exactly as they would be sent: the server's
  // answer is then its judgement of the send itself.
  const asked = useMemo(
    () =>
      tooMany
        ? []
        : judged
            .filter((row) => !row.refusal)
            .map((row) => ({ line: row.line, email: row.normalized, role: row.role })),
    [judged, tooMany],
  );
  const server = useInvitePreview(asked);
  const rows = useMemo(() => previewRows(judged, server.verdicts), [judged, server.verdicts]);
  const valid = rows.flatMap((row) => (row.outgoing ? [row.outgoing] : []));
  return { rows, valid, tooMany, server };
}

/** What a send that refused some rows said, row by row. */
function OutcomeAlert({ outcome }: { outcome: Outcome }) {
  return (
    <Alert severity="warning">
      <Typography>
        {t('{sent} invitations sent, {refused} refused.', {
          sent: outcome.sent,
          refused: outcome.refused.length,
        })}
      </Typography>
      <ul aria-label={t('Refused rows')}>
        {outcome.refused.map((row) => (
          <li key={`${row.line ?? 0}-${row.email}`}>
            {row.email}: {translated(row.message)}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** The pasted list, or a CSV file read into it. */
function ListInput({ text, onText }: { text: string; onText: (text: string) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => onText(typeof reader.result === 'string' ? reader.result : '');
    reader.readAsText(file);
  };

  return (
    <>
      <TextField
        label={t('Email addresses')}
        autoFocus
        helperText={t('One per line, or separated by commas or semicolons. A CSV may add a role column.')}
        multiline
        minRows={4}
        maxRows={10}
        value={text}
        onChange={(event) => onText(event.target.value)}
      />
      <div>
        {/* A real button that opens the hidden file input: a <label role=button> is no button to
          assistive technology or the keyboard. */}
        <Button variant="outlined" onClick={() => fileInput.current?.click()}>
          {t('Upload a CSV file')}
        </Button>
        <input
          ref={fileInput}
          hidden
          type="file"
          accept=".csv,text/csv,text/plain"
          aria-label={t('Upload a CSV file')}
          onChange={onFile}
        />
      </div>
    </>
  );
}

/** How many rows will be sent, the server's check of them, and every row with its status. */
function PreviewTable({
  rows,
  valid,
  tooMany,
  server,
}: {
  rows: readonly PreviewRow[];
  valid: number;
  tooMany: boolean;
  server: ReturnType<typeof useInvitePreview>;
}) {
  return (
    <>
      <Typography role="status">
        {t('{valid} of {total} rows will be sent.', { valid, total: rows.length })}
      </Typography>
      {server.checking && (
        <Typography variant="body2" color="text.secondary">
          {t('Checking the list with the server...')}
        </Typography>
      )}
      {server.error && <ErrorAlert error={server.error} onRetry={server.retry} />}
      {tooMany && <Alert severity="error">{translated(TOO_MANY_ROWS)}</Alert>}
      <TableContainer sx={{ maxHeight: 320 }} tabIndex={0} aria-label={t('Preview')}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('Line')}</TableCell>
              <TableCell>{t('Email')}</TableCell>
              <TableCell>{t('Role')}</TableCell>
              <TableCell>{t('Status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={index}>
                <TableCell>{row.line}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>{row.email}</TableCell>
                <TableCell>{row.role}</TableCell>
                <TableCell>
                  {row.refusal ? (
                    <Typography color="error" variant="body2">
                      {row.refusal}
                    </Typography>
                  ) : row.otherDomain ? (
                    <Typography color="warning.dark" variant="body2">
                      {translated(OTHER_DOMAIN_TEXT)}
                    </Typography>
                  ) : (
                    t('Ready')
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
