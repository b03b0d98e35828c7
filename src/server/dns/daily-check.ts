/**
 * The daily check of DNS-proven company domains (docs/product.md#verifying-a-domain): each domain whose
 * TXT record was last found more than a day ago is looked up again; when the record is gone (no TXT record,
 * or none with our value) the domain stops being verified and goes back to pending, its invitation link
 * stops working and automatic joining turns off, and the audit log says so. A DNS error proves nothing: the
 * domain stays verified and is looked at again the next day. Every process runs the check; each domain is
 * claimed first (its checked time moved), so one process looks at it. The admins are mailed when a domain
 * is lost, once: the loss is written once, with the mails.
 */
import { DAY_MS } from '../../shared/duration.js';
import { limitMails } from '../mail/mail-limits.js';
import { domainLostMail } from '../mail/templates.js';
import { mailingTransactions } from '../mail/with-mails.js';
import type { Services } from '../services.js';
import { txtValueOf } from './txt-proof.js';
import { scheduleTask } from '../scheduled.js';

type CheckServices = Pick<Services, 'repos' | 'dns' | 'mailer' | 'rateLimiter' | 'config'>;

const BATCH = 100;
const DAILY_CHECK = { operationId: 'dailyDnsCheck' } as const;
/** How often a process looks for domains due: a domain is checked about a day after the last time. */
const TICK_MS = 60 * 60 * 1000;

/** Answers the domains that stopped being verified. */
export async function checkDnsDomains(services: CheckServices, now = new Date()): Promise<string[]> {
  const { repos, dns } = services;
  const withMails = mailingTransactions(services.mailer, repos.transaction);
  const link = new URL('/dashboard/organization', services.config.publicUrl).toString();
  const before = new Date(now.getTime() - DAY_MS);
  const lost: string[] = [];
  for (;;) {
    const due = await repos.companyDomain.dueForDnsCheck(before, BATCH);
    if (due.length === 0) return lost;
    for (const org of due) {
      if (!org.domain || !org.domain_txt_token) continue;
      if (!(await repos.companyDomain.claimDnsCheck(org.id, before, now))) continue;
      const proof = await dns.checkTxt(org.domain, txtValueOf(org.domain_txt_token));
      if (proof.found || proof.reason === 'dns_error') continue;
      const domain = org.domain;
      const gone = await withMails(async (tx) => {
        if (!(await tx.companyDomain.loseDnsDomain(org.id, domain, now))) return { result: false, mails: [] };
        await tx.inviteLinks.revokeAll(org.id);
        await tx.audit.record({
          type: 'domain.verification_lost',
          organizationId: org.id,
          actor: null,
          target: null,
          ip: null,
          details: { domain },
        });
        const mails = (await tx.companyDomain.adminEmailsOf(org.id)).map((to) =>
          domainLostMail(to, domain, org.name, link),
        );
        // Each admin's inbox is limited: a record that comes and goes cannot flood it.
        return {
          result: true,
          mails: await limitMails(services, DAILY_CHECK, 'domainLost', mails, tx.trx),
        };
      }, null); // Over SMTP a failed mail is not sent again: the page and the audit log say it too.
      if (gone) lost.push(domain);
    }
    if (due.length < BATCH) return lost;
  }
}

/** Runs checkDnsDomains every hour from now on; the answer stops it (the app's onClose). */
export function scheduleDnsChecks(
  services: CheckServices,
  log: { error: (obj: unknown, msg: string) => void },
): () => void {
  return scheduleTask(
    () => checkDnsDomains(services),
    TICK_MS,
    (error) => log.error({ err: error }, 'daily DNS check of company domains failed'),
  );
}
