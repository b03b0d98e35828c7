/**
 * Bulk invitations (docs/product.md#bulk-invitations): reading a pasted list or a CSV file into rows, and judging each row before
 * anything is sent. The app shows the judgement as a preview; the server judges the rows it receives
 * again with the same rules (it trusts nothing the browser decided). Pure: no Node or browser imports.
 */
import { parseCsv } from './csv.js';
import { isEmailAddress, normalizeEmail } from './email.js';
import { ROLES, type Role } from './permissions.js';

/** The most rows one bulk invitation takes. */
export const MAX_BULK_INVITES = 500;
export const TOO_MANY_ROWS = `At most ${MAX_BULK_INVITES} invitations can be sent at once. Split the list.`;

export interface InviteRow {
  /** 1-based line of the text the row came from. */
  line: number;
  /** As typed (trimmed). */
  email: string;
  /** The role column when the row had one; an unknown role makes the row invalid. */
  role?: string;
}

/** A pasted list may separate addresses with any of these; a CSV file saved by a spreadsheet uses one. */
const SEPARATORS = ',;\t';

function isRole(value: string): boolean {
  return (ROLES as readonly string[]).includes(value.trim().toLowerCase());
}

/**
 * Rows of a pasted list (one address per line, or separated by commas or semicolons) or of a CSV file
 * (an email column, optionally a role column, with or without a header row). A header row is one whose
 * cells include "email"; without one, a line of exactly an address and a known role is read as both.
 */
export function parseInviteList(text: string): InviteRow[] {
  const rows: InviteRow[] = [];
  let emailColumn = -1;
  let roleColumn = -1;
  parseCsv(text, { separators: SEPARATORS }).forEach(({ line, cells }) => {
    if (cells.every((cell) => cell === '')) return;
    const lower = cells.map((cell) => cell.toLowerCase());
    if (rows.length === 0 && emailColumn < 0 && lower.some((cell) => /^e-?mail( address)?$/.test(cell))) {
      emailColumn = lower.findIndex((cell) => /^e-?mail( address)?$/.test(cell));
      roleColumn = lower.indexOf('role');
      return;
    }
    if (emailColumn >= 0) {
      const email = cells[emailColumn] ?? '';
      const role = roleColumn >= 0 ? cells[roleColumn] : undefined;
      rows.push({ line, email, ...(role ? { role } : {}) });
      return;
    }
    const filled = cells.filter((cell) => cell !== '');
    if (filled.length === 2 && filled[0]!.includes('@') && isRole(filled[1]!)) {
      rows.push({ line, email: filled[0]!, role: filled[1]! });
      return;
    }
    for (const email of filled) rows.push({ line, email });
  });
  return rows;
}

function domainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : normalizeEmail(email.slice(at + 1));
}

/** Why a row will not be sent. */
export type InviteRefusal = 'invalid' | 'invalid-role' | 'duplicate' | 'self' | 'member' | 'invited';

export const REFUSAL_TEXTS: Record<InviteRefusal, string> = {
  invalid: 'Not a valid email address.',
  'invalid-role': 'Unknown role.',
  duplicate: 'Listed more than once.',
  self: 'You cannot invite yourself.',
  member: 'Already a member of your organization.',
  invited: 'An invitation is already pending for this email.',
};
export const OTHER_DOMAIN_TEXT = "Not at your company's email domain.";

export interface JudgedRow extends InviteRow {
  /** Normalized address. */
  normalized: string;
  role: Role;
  refusal?: InviteRefusal;
  /** A warning only: the row is still sent. */
  otherDomain: boolean;
}

export interface InviteContext {
  inviterEmail: string;
  /** Addresses of the organization's members and of its pending invitations (any case). */
  members: readonly string[];
  invited: readonly string[];
  /** The role of rows without one. */
  defaultRole?: Role;
}

/** Judges each row: the first reason it cannot be sent, and whether it is at another domain. */
export function judgeInviteRows(rows: readonly InviteRow[], context: InviteContext): JudgedRow[] {
  const members = new Set(context.members.map(normalizeEmail));
  const invited = new Set(context.invited.map(normalizeEmail));
  const inviter = normalizeEmail(context.inviterEmail);
  const ownDomain = domainOf(inviter);
  const seen = new Set<string>();
  return rows.map((row) => {
    const normalized = normalizeEmail(row.email);
    const role = row.role === undefined || row.role === '' ? (context.defaultRole ?? 'member') : row.role;
    const refusal: InviteRefusal | undefined = !isEmailAddress(normalized)
      ? 'invalid'
      : !isRole(role)
        ? 'invalid-role'
        : seen.has(normalized)
          ? 'duplicate'
          : normalized === inviter
            ? 'self'
            : members.has(normalized)
              ? 'member'
              : invited.has(normalized)
                ? 'invited'
                : undefined;
    seen.add(normalized);
    return {
      ...row,
      normalized,
      role: (isRole(role) ? role.trim().toLowerCase() : 'member') as Role,
      ...(refusal ? { refusal } : {}),
      otherDomain: isEmailAddress(normalized) && domainOf(normalized) !== ownDomain,
    };
  });
}
