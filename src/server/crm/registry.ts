import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { DEMO_CRM_SLUG } from '../domain/software.js';
import { createDemoCrm } from './demo.js';
import { createOAuthCrm } from './oauth-crm.js';
import { createDemoRecordApi } from './demo-records.js';
import { createHubspotRecordApi } from './hubspot-records.js';
import { createPipedriveRecordApi } from './pipedrive-records.js';
import { createSalesforceRecordApi } from './salesforce-records.js';
import {
  DEFAULT_BACKOFF,
  type CrmAccess,
  type CrmRecordApi,
  type CrmRecordsRegistry,
  type CrmRegistry,
} from './provider.js';

export function createCrmRegistry(db: Db, config: Config): CrmRegistry {
  const demo = createDemoCrm(db, config.publicUrl);
  const real = createOAuthCrm(config);
  return { forSoftware: (slug) => (slug === DEMO_CRM_SLUG && config.sandboxes ? demo : real) };
}

/** The real CRMs' record adapters by software slug, each given its configured API base URL (if any). */
const RECORD_APIS: Partial<Record<string, (access: CrmAccess, apiUrl: string | undefined) => CrmRecordApi>> =
  {
    hubspot: createHubspotRecordApi,
    pipedrive: createPipedriveRecordApi,
    salesforce: createSalesforceRecordApi,
  };

/**
 * The record APIs of sync-profile (docs/product.md#crm-sync-rules): HubSpot's, Pipedrive's and
 * Salesforce's, and the Demo CRM's on a sandbox deployment.
 */
export function createCrmRecordsRegistry(db: Db, config: Config): CrmRecordsRegistry {
  return {
    open: (access) =>
      access.software === DEMO_CRM_SLUG
        ? config.sandboxes
          ? createDemoRecordApi(db, config.publicUrl, access)
          : undefined
        : RECORD_APIS[access.software]?.(access, config.crmApiUrls[access.software]),
    backoff: DEFAULT_BACKOFF,
  };
}
