/**
 * A CRM connection that needs attention (docs/product.md#connection-health): the one way it is marked, with
 * the mail to its maker and the audit entry written in the same transaction. The mark is made once (until the maker connects
 * again, which makes a new connection), so the maker is mailed once however many syncs fail meanwhile; the
 * mail is also limited per address like every mail (mail/mail-limits.ts).
 */
import { limitMails, type MailOrigin } from '../mail/mail-limits.js';
import { crmAttentionMail } from '../mail/templates.js';
import { mailingTransactions } from '../mail/with-mails.js';
import type { Services } from '../services.js';

type AttentionServices = Pick<Services, 'repos' | 'mailer' | 'rateLimiter' | 'config'>;

/** Marks a connection as needing attention for calls of `from`, mailing its maker the first time. */
export function connectionAttention(
  services: AttentionServices,
  from: MailOrigin,
): (connectionId: number) => Promise<void> {
  const withMails = mailingTransactions(services.mailer, services.repos.transaction);
  const link = new URL('/dashboard/connection', services.config.publicUrl).toString();
  return (connectionId) =>
    withMails(async (tx) => {
      const maker = await tx.connections.markNeedsAttention(connectionId);
      if (!maker) return { result: undefined, mails: [] };
      const crm = (await tx.catalogue.findSoftware(maker.software))?.software ?? maker.software;
      // Syncs through it stop until someone connects again: the admins see when and whose (no actor: the
      // CRM refused), docs/product.md#audit-log.
      await tx.audit.record({
        type: 'crm.needs_attention',
        organizationId: maker.organizationId,
        actor: null,
        target: { id: maker.userId, email: maker.email },
        ip: null,
        details: { crm, organization_wide: maker.shared },
      });
      const mail = crmAttentionMail(maker.email, maker.locale, crm, link);
      return { result: undefined, mails: await limitMails(services, from, 'crmAttention', [mail], tx.trx) };
      // Over SMTP a failed mail is not sent again: the CRM Connection page and the overview say it too.
    }, null);
}
