/**
 * Every mail to an address the caller chose is rate limited per target. MAIL_SENDERS is the one table of
 * the mails the product sends, which operations send each, and the per-address rules that bound them;
 * permitMail is the one function that counts a mail against them. The mailer takes only a PermittedMail,
 * which only permitMail makes, so no path sends a mail it did not count (test/server/mail-limits.test.ts
 * walks every sender of the table).
 */
import { mailboxOf, normalizeEmail, sameEmail } from '../../shared/email.js';
import type { Db } from '../db/index.js';
import { tooManyAttempts } from '../domain/errors.js';
import type { OperationId } from '../../contract/types.js';
import { RATE_RULES, type RateLimiter, type RateRule } from '../security/rate-limit.js';
import type { Mail, PermittedMail } from './mailer.js';

/** The support form is a server-rendered page, not an operation of the contract. */
type FormRoute = 'supportForm';
/**
 * The daily checks run in every process, outside any call: of DNS-proven domains (dns/daily-check.ts) and
 * of CRM API keys (crm-health/key-check.ts).
 */
type ScheduledJob = 'dailyDnsCheck' | 'crmKeyCheck';

interface MailSender {
  /** The template of mail/templates.ts. */
  template: string;
  /** Whose address the rules count: where the mail goes, or (support) where answers go. */
  counts: 'to' | 'replyTo';
  /** Checked in order, each per counted address; the first over its limit stops the mail. */
  rules: readonly RateRule[];
  /**
   * How an address is counted: by the mailbox it reaches (mailboxOf: a +tag is no new target), or, for a
   * mail that only ever goes to an account's own address as written, by that address: a stranger asking for
   * `owner+x@` (no account, no mail) must not use up what `owner@`'s own requests may send. The tagged
   * addresses of one mailbox that are accounts are then also counted together, as one more target
   * (permitMail's `toAccount`): anyone may sign up `owner+1@`, `owner+2@`... (a signup mails nothing), and
   * each would otherwise have its own limits, all reaching `owner@`'s mailbox; requests for a made-up tag,
   * which mail nobody, do not use up what `owner+work@`'s own requests may send.
   */
  countedBy?: 'address';
  /**
   * Past a limit: refuse the call (429 with Retry-After), or skip the mail when it only tells of work
   * that stands on its own (a reset link never reveals whether the account exists; notices to admins).
   */
  pastLimit: 'refuse' | 'skip';
  /**
   * False only for a mail to the caller's own stored address; `bound` then says what limits it instead.
   */
  callerChosen: boolean;
  bound?: string;
  /** The operations (operationId, or the form's route) that send it. */
  senders: readonly (OperationId | FormRoute | ScheduledJob)[];
}

export const MAIL_SENDERS = {
  invitation: {
    template: 'invitationMail',
    counts: 'to',
    rules: [RATE_RULES.inviteEmail],
    pastLimit: 'refuse',
    callerChosen: true,
    senders: [
      'inviteUser',
      'inviteUsers',
      'resendInvitation',
      // Invitations that prove an address (handlers/proving-invitation.ts).
      'signup',
      'acceptInviteLink',
      'decideJoinRequest',
      // SCIM provisioning of an address nobody proved (handlers/scim.ts).
      'scimCreateUser',
      'scimReplaceUser',
      'scimPatchUser',
    ],
  },
  passwordReset: {
    template: 'resetPasswordMail',
    counts: 'to',
    rules: [RATE_RULES.forgotMail, RATE_RULES.forgotMailHour, RATE_RULES.forgotMailDay],
    // Counted before the account is looked up (every call is answered the same); mailed only to it.
    countedBy: 'address',
    pastLimit: 'skip',
    callerChosen: true,
    senders: ['forgotPassword'],
  },
  domainVerification: {
    template: 'domainVerificationMail',
    counts: 'to',
    rules: [RATE_RULES.domainMail],
    pastLimit: 'refuse',
    callerChosen: true,
    senders: ['startDomainVerification'],
  },
  joinRequest: {
    template: 'joinRequestMail',
    counts: 'to',
    rules: [RATE_RULES.joinRequestMail],
    pastLimit: 'skip',
    callerChosen: true,
    senders: ['requestToJoin'],
  },
  autoJoin: {
    template: 'autoJoinMail',
    counts: 'to',
    rules: [RATE_RULES.autoJoinMail],
    pastLimit: 'skip',
    callerChosen: true,
    senders: ['googleAuth'],
  },
  supportRequest: {
    template: 'supportRequestMail',
    counts: 'replyTo',
    rules: [RATE_RULES.supportEmail],
    pastLimit: 'refuse',
    callerChosen: true,
    senders: ['supportForm'],
  },
  creditRequest: {
    template: 'creditRequestMail',
    counts: 'to',
    rules: [RATE_RULES.creditRequestMail],
    pastLimit: 'skip',
    callerChosen: true,
    senders: ['requestCredits'],
  },
  domainLost: {
    template: 'domainLostMail',
    counts: 'to',
    rules: [RATE_RULES.domainLostMail],
    pastLimit: 'skip',
    callerChosen: true,
    senders: ['dailyDnsCheck'],
  },
  creditAlert: {
    template: 'creditAlertMail',
    counts: 'to',
    rules: [RATE_RULES.creditAlertMail],
    pastLimit: 'skip',
    callerChosen: true,
    // A CRM sync charges its data as a spend (handlers/credit-news.ts).
    senders: ['spendCredits', 'syncProfile'],
  },
  capReached: {
    template: 'capReachedMail',
    counts: 'to',
    rules: [],
    pastLimit: 'skip',
    callerChosen: false,
    bound: 'once a credit period, to the spending member (users.cap_mailed_at)',
    senders: ['spendCredits', 'syncProfile'],
  },
  crmAttention: {
    template: 'crmAttentionMail',
    counts: 'to',
    rules: [RATE_RULES.crmAttentionMail],
    pastLimit: 'skip',
    callerChosen: false,
    bound:
      'once until the maker reconnects (crm_connections.needs_attention_since), and per address by its rule',
    // The calls that reach the CRM through a connection (domain/crm-access.ts), and the daily key check.
    senders: ['syncProfile', 'getCrmFields', 'crmKeyCheck'],
  },
} as const satisfies Record<string, MailSender>;

export type MailKind = keyof typeof MAIL_SENDERS;
type Senders = (typeof MAIL_SENDERS)[MailKind]['senders'][number];
/** Where a mail is sent from: a handler's context, or the support form. */
export interface MailOrigin {
  operationId: Senders;
}

/** The address the rules of a kind count. */
function countedAddress(kind: MailKind, mail: Mail): string {
  return (MAIL_SENDERS[kind].counts === 'replyTo' ? mail.replyTo : mail.to) ?? '';
}

/** The targets a mail to `address` counts against (MailSender.countedBy). */
function countedAs(sender: MailSender, address: string, toAccount: boolean): string[] {
  const mailbox = mailboxOf(address);
  if (sender.countedBy !== 'address') return [mailbox];
  const written = normalizeEmail(address);
  // A space is in no address (isEmailAddress): this key is no account's own.
  return written === mailbox || !toAccount ? [written] : [written, `${mailbox} (its tagged accounts)`];
}

/** Seals a mail to the permitted address for the mailer. */
export type MailSeal = (mail: Mail) => PermittedMail;
/** A refusing kind never answers null: it throws past its limit. */
type PermitOf<K extends MailKind> = (typeof MAIL_SENDERS)[K]['pastLimit'] extends 'refuse'
  ? MailSeal
  : MailSeal | null;

/**
 * Counts one mail of `kind` to `address` (inside the caller's transaction when given) and answers how to
 * seal that mail for the mailer; null when the mail is to be skipped. A refusing kind throws 429 instead.
 */
export async function permitMail<K extends MailKind>(
  services: { rateLimiter: RateLimiter },
  from: MailOrigin,
  kind: K,
  address: string,
  within?: Db,
  /** For a kind counted by address: whether `address` is an account's (its tagged bucket counts then). */
  toAccount = false,
): Promise<PermitOf<K>> {
  const sender: MailSender = MAIL_SENDERS[kind];
  // A sender missing from the table would escape the test that walks it.
  if (!sender.senders.includes(from.operationId)) {
    throw new Error(`${from.operationId} sends ${kind} mail but is not in MAIL_SENDERS`);
  }
  for (const rule of sender.rules) {
    for (const counted of countedAs(sender, address, toAccount)) {
      if (await services.rateLimiter.hit(rule, counted, within)) continue;
      if (sender.pastLimit === 'refuse') throw tooManyAttempts(rule.windowSeconds);
      return null as PermitOf<K>;
    }
  }
  const seal: MailSeal = (mail) => {
    if (!sameEmail(countedAddress(kind, mail), address)) {
      throw new Error(`a ${kind} mail permitted for one address was addressed to another`);
    }
    return mail as PermittedMail;
  };
  return seal;
}

/** permitMail for mails already written: the permitted ones (all, or none past a refusing limit). */
export async function limitMails(
  services: { rateLimiter: RateLimiter },
  from: MailOrigin,
  kind: MailKind,
  mails: Mail[],
  within?: Db,
): Promise<PermittedMail[]> {
  const permittedMails: PermittedMail[] = [];
  for (const mail of mails) {
    const seal = await permitMail(services, from, kind, countedAddress(kind, mail), within);
    if (seal) permittedMails.push(seal(mail));
  }
  return permittedMails;
}
