import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { DEMO_CRM_SLUG } from '../domain/software.js';
import { createDemoCrm } from './demo.js';
import { createOAuthCrm } from './oauth-crm.js';
import type { CrmRegistry } from './provider.js';

export function createCrmRegistry(db: Db, config: Config): CrmRegistry {
  const demo = createDemoCrm(db, config.publicUrl);
  const real = createOAuthCrm(config);
  return { forSoftware: (slug) => (slug === DEMO_CRM_SLUG && config.sandboxes ? demo : real) };
}
