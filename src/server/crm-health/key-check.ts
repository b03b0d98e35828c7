/**
 * The daily check of API-key connections (docs/product.md#connection-health): each connection whose keys
 * were last checked more than a day ago is checked with its CRM again; when the CRM refuses the keys the
 * connection needs attention (crm-health/attention.ts: marked once, its maker mailed once). A CRM that
 * fails or cannot be reached proves nothing: the keys are checked again the next day. Every process runs
 * the check; each connection is claimed first (its checked time moved), so one process checks it.
 */
import { DAY_MS } from '../../shared/duration.js';
import { DomainError } from '../domain/errors.js';
import type { StoredKeys } from '../domain/crm-access.js';
import { isOfferedSoftware } from '../domain/software.js';
import { scheduleTask } from '../scheduled.js';
import type { Services } from '../services.js';
import { connectionAttention } from './attention.js';

type CheckServices = Pick<
  Services,
  'repos' | 'crm' | 'secretBox' | 'mailer' | 'rateLimiter' | 'config' | 'clock'
>;

const BATCH = 100;
const KEY_CHECK = { operationId: 'crmKeyCheck' } as const;
/** How often a process looks for connections due: each is checked about a day after the last time. */
const TICK_MS = 60 * 60 * 1000;

/** Answers the ids of the connections the check found refused. */
export async function checkApiKeyConnections(
  services: CheckServices,
  now = services.clock(),
): Promise<number[]> {
  const { repos } = services;
  const needsAttention = connectionAttention(services, KEY_CHECK);
  const before = new Date(now.getTime() - DAY_MS);
  const refused: number[] = [];
  for (;;) {
    const due = await repos.connections.dueForKeyCheck(before, BATCH);
    for (const connection of due) {
      if (!(await repos.connections.claimKeyCheck(connection.id, before, now))) continue;
      const software = await repos.catalogue.findSoftware(connection.software);
      if (!software || !isOfferedSoftware(services.config, software.slug)) continue;
      const { api_keys: keys } = services.secretBox.open<StoredKeys>(connection.credentials);
      try {
        await services.crm.forSoftware(software.slug).verifyApiKeys(software, keys);
      } catch (error) {
        // Only a refusal says the keys are bad; an outage or a CRM without key checks here says nothing.
        if (!(error instanceof DomainError && error.kind === 'rejected')) continue;
        await needsAttention(connection.id);
        refused.push(connection.id);
      }
    }
    if (due.length < BATCH) return refused;
  }
}

/** Runs checkApiKeyConnections every hour from now on; the answer stops it (the app's onClose). */
export function scheduleKeyChecks(
  services: CheckServices,
  log: { error: (obj: unknown, msg: string) => void },
): () => void {
  return scheduleTask(
    () => checkApiKeyConnections(services),
    TICK_MS,
    (error) => log.error({ err: error }, 'daily check of CRM API keys failed'),
  );
}
