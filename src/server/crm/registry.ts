import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { DEMO_CRM_SLUG } from '../domain/software.js';
import { createDemoCrm } from './demo.js';
import { createOAuthCrm } from './oauth-crm.js';
import { createDemoRecordApi } from './demo-records.js';
import { DEFAULT_BACKOFF, type CrmRecordsRegistry, type CrmRegistry } from './provider.js';

export function createCrmRegistry(db: Db, config: Config): CrmRegistry {
  const demo = createDemoCrm(db, config.publicUrl);
  const real = createOAuthCrm(config);
  return { forSoftware: (slug) => (slug === DEMO_CRM_SLUG && config.sandboxes ? demo : real) };
}

/** The record APIs of sync-profile (docs/product.md#crm-sync-rules): the Demo CRM's on a sandbox deployment. */
export function createCrmRecordsRegistry(db: Db, config: Config): CrmRecordsRegistry {
  return {
    open: (access) =>
      access.software === DEMO_CRM_SLUG && config.sandboxes
        ? createDemoRecordApi(db, config.publicUrl, access)
        : undefined,
    backoff: DEFAULT_BACKOFF,
  };
}
