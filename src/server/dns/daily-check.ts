/**
 * The daily check of DNS-proven company domains (docs/product.md#verifying-a-domain): each domain whose
 * TXT record was last found more than a day ago is looked up again; when the record is gone (no TXT record,
 * or none with our value) the domain stops being verified and goes back to pending, its invitation link
 * stops working and automatic joining turns off, and the audit log says so. A DNS error proves nothing: the
 * domain stays verified and is looked at again the next day. Every process runs the check; each domain is
 * claimed first (its checked time moved), so one process looks at it.
 */
import { DAY_MS } from '../../shared/duration.js';
import type { Repositories } from '../repositories/index.js';
import { txtValueOf, type DomainProver } from './txt-proof.js';

const BATCH = 100;
/** How often a process looks for domains due: a domain is checked about a day after the last time. */
const TICK_MS = 60 * 60 * 1000;

/** Answers the domains that stopped being verified. */
export async function checkDnsDomains(
  repos: Repositories,
  dns: DomainProver,
  now = new Date(),
): Promise<string[]> {
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
      const gone = await repos.transaction(async (tx) => {
        if (!(await tx.companyDomain.loseDnsDomain(org.id, domain, now))) return false;
        await tx.inviteLinks.revokeAll(org.id);
        await tx.audit.record({
          type: 'domain.verification_lost',
          organizationId: org.id,
          actor: null,
          target: null,
          ip: null,
          details: { domain },
        });
        return true;
      });
      if (gone) lost.push(domain);
    }
    if (due.length < BATCH) return lost;
  }
}

/** Runs checkDnsDomains every hour from now on; the answer stops it (the app's onClose). */
export function scheduleDnsChecks(
  repos: Repositories,
  dns: DomainProver,
  log: { error: (obj: unknown, msg: string) => void },
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    checkDnsDomains(repos, dns)
      .catch((error: unknown) => log.error({ err: error }, 'daily DNS check of company domains failed'))
      .finally(() => {
        running = false;
      });
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
