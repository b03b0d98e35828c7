/**
 * Data access, one repository per aggregate (as fastify/demo's users-repository): every query of the
 * handlers, the domain rules and the server-rendered pages is a named function here. Adapters that own
 * a table of their own keep its queries beside them (mail/outbox.ts, crm/demo.ts's codes, the rate-limit
 * store, db/meta.ts).
 *
 * `transaction(work)` runs work with every repository bound to one transaction; rules that must hold
 * together (an account and its first session, the last seat, a payment) take `InTransaction`, so they
 * cannot be called outside one.
 */
import type { Transaction } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { createAuditRepository } from './audit.js';
import { createAuditStreamRepository } from './audit-stream.js';
import { createBillingRepository } from './billing.js';
import { createCatalogueCache, createCatalogueRepository, type CatalogueCache } from './catalogue.js';
import { createConnectionsRepository } from './connections.js';
import { createCreditPoolRepository } from './credit-pool.js';
import { createCreditsRepository } from './credits.js';
import { createCreditSettingsRepository } from './credit-settings.js';
import { createCrmSyncRepository } from './crm-sync.js';
import { createInvitationsRepository } from './invitations.js';
import { createInviteLinksRepository } from './invite-links.js';
import { createOrganizationsRepository } from './organizations.js';
import { createPasswordResetsRepository } from './password-resets.js';
import { createScimRepository } from './scim.js';
import { createSessionsRepository } from './sessions.js';
import { createSsoRepository } from './sso.js';
import { createSessionPoliciesRepository } from './session-policies.js';
import { createSupportRequestsRepository } from './support-requests.js';
import { createCompanyDomainRepository } from './company-domain.js';
import { createTwoFactorRepository } from './two-factor.js';
import { createUsersRepository } from './users.js';

function bind(db: Db, cache: CatalogueCache) {
  return {
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    passwordResets: createPasswordResetsRepository(db),
    organizations: createOrganizationsRepository(db),
    invitations: createInvitationsRepository(db),
    catalogue: createCatalogueRepository(db, cache),
    billing: createBillingRepository(db),
    connections: createConnectionsRepository(db),
    credits: createCreditsRepository(db),
    creditPool: createCreditPoolRepository(db),
    creditSettings: createCreditSettingsRepository(db),
    sessionPolicies: createSessionPoliciesRepository(db),
    crmSync: createCrmSyncRepository(db),
    supportRequests: createSupportRequestsRepository(db),
    audit: createAuditRepository(db),
    auditStream: createAuditStreamRepository(db),
    twoFactor: createTwoFactorRepository(db),
    companyDomain: createCompanyDomainRepository(db),
    inviteLinks: createInviteLinksRepository(db),
    scim: createScimRepository(db),
    sso: createSsoRepository(db),
  };
}

type Bound = ReturnType<typeof bind>;

export interface Repositories extends Bound {
  transaction<T>(work: (tx: InTransaction) => Promise<T>): Promise<T>;
}

export interface InTransaction extends Bound {
  /** For adapters that write in the same transaction (the outbox mailer's sendWithin). */
  readonly trx: Transaction<Database>;
}

export function createRepositories(db: Db): Repositories {
  // One cache of the reference data for the process, shared by the transactions' repositories.
  const cache = createCatalogueCache();
  return {
    ...bind(db, cache),
    transaction: (work) => db.transaction().execute((trx) => work({ ...bind(trx, cache), trx })),
  };
}
