/**
 * What a spend's news mails, whichever call spent (spend-credits, or a CRM sync charging its data): the
 * member's "cap reached" once a credit period, and the credit alerts to the organization's admins
 * (docs/product.md#credit-alerts). The spend marks them sent in its transaction (users.cap_mailed_at, the
 * alert's row), so a call that spent without mailing them would use them up unsent.
 */
import type { User } from '../db/schema.js';
import type { SpendNews } from '../domain/credits.js';
import { alertRecipients, type CreditAlert } from '../domain/credit-alerts.js';
import { limitMails, type MailOrigin } from '../mail/mail-limits.js';
import type { PermittedMail } from '../mail/mailer.js';
import { capReachedMail, creditAlertMail, personInMail, type CreditAlertFacts } from '../mail/templates.js';
import { mailAfterCommit, mailWithin, type MailFailure } from '../mail/with-mails.js';
import type { InTransaction } from '../repositories/index.js';
import type { Services } from '../services.js';

type NewsServices = Pick<Services, 'config' | 'mailer' | 'rateLimiter'>;

/** The mails of one spend's news, permitted by their limits. */
async function newsMails(
  services: NewsServices,
  origin: MailOrigin,
  tx: InTransaction,
  member: User,
  news: SpendNews,
): Promise<PermittedMail[]> {
  const usageLink = `${services.config.publicUrl}/dashboard/usage`;
  const own = news.capReached
    ? await limitMails(
        services,
        origin,
        'capReached',
        [capReachedMail(member.email, member.monthly_cap ?? 0, usageLink)],
        tx.trx,
      )
    : [];
  if (news.alerts.length === 0 || member.organization_id === null) return own;
  const admins = await alertRecipients(tx, member.organization_id);
  /** What the alert says, where its link goes, and who hears of it: a member's cap is news to the others. */
  const mailOf = (alert: CreditAlert): { facts: CreditAlertFacts; link: string; except: number | null } =>
    alert.event === 'pool_low'
      ? { facts: alert, link: usageLink, except: null }
      : {
          facts: { ...alert, member: personInMail(alert.member) },
          link: `${services.config.publicUrl}/dashboard/member/edit/${alert.member.id}`,
          except: alert.member.id,
        };
  const alerts = news.alerts.flatMap((alert) => {
    const { facts, link, except } = mailOf(alert);
    return admins
      .filter((admin) => admin.id !== except)
      .map((admin) => creditAlertMail(admin.email, admin.locale, facts, link));
  });
  return [...own, ...(await limitMails(services, origin, 'creditAlert', alerts, tx.trx))];
}

/**
 * The news of the spends of one call: `within` is the spend's onNews (the mails written in its
 * transaction, with the outbox), `afterCommit` sends what is left once the call's spends are done (SMTP).
 * A mail that cannot go out is logged, never a failed spend.
 */
export function spendNewsMails(services: NewsServices, origin: MailOrigin) {
  const later: PermittedMail[] = [];
  return {
    async within(tx: InTransaction, member: User, news: SpendNews): Promise<void> {
      later.push(
        ...(await mailWithin(services.mailer, tx, await newsMails(services, origin, tx, member, news))),
      );
    },
    afterCommit(onFailure: MailFailure): Promise<void> {
      return mailAfterCommit(services.mailer, later.splice(0), onFailure);
    },
  };
}
