/**
 * Sends each organization's audit entries to its SIEM endpoint (docs/product.md#audit-log-streaming),
 * from the outbox the entries were written with (repositories/audit.ts):
 *
 * - In order, per organization: one process at a time holds an organization's lease and sends its queue's
 *   head; the next entry goes only once the head was delivered or given up.
 * - A failed try (not 2xx, no answer within DELIVERY_TIMEOUT_MS, no connection) is tried again after
 *   retryDelayMs, doubling from 10 s to an hour, until 24 hours after the entry was written; the try at
 *   that time is the last, then the entry is marked failed and the queue moves on.
 * - Fair and bounded: a process serves at most MAX_TURNS_AT_ONCE organizations at a time, the least
 *   recently served first, each for at most TURN_DELIVERIES entries or TURN_MS before it lets others go
 *   first; a slow endpoint costs its own turn, never another organization's. A process that dies leaves
 *   a lease that runs out after LEASE_MS, and another process goes on (the entry it was sending may
 *   arrive twice: receivers keep one per `webhook-id`).
 */
import { randomUUID } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import type { components } from '../../contract/api.js';
import { isLocalUrl } from '../config.js';
import { presentAuditEvent } from '../domain/audit.js';
import { signingSecrets } from '../domain/audit-stream.js';
import type { AuditRow } from '../repositories/audit.js';
import type { AuditStreamRow } from '../repositories/audit-stream.js';
import { webhookSignature } from '../security/webhook-signature.js';
import type { Services } from '../services.js';
import { postSigned, type SendOutcome } from './sender.js';

export const DELIVERY_TIMEOUT_MS = 10_000;
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 10_000;
const LONGEST_RETRY_MS = 60 * 60 * 1000;
const LEASE_MS = 60_000;
const TURN_DELIVERIES = 20;
const TURN_MS = 30_000;
const MAX_TURNS_AT_ONCE = 4;

type DeliveryServices = Pick<Services, 'repos' | 'secretBox' | 'clock' | 'config'>;

export interface DeliveryOptions {
  timeoutMs?: number;
  /** How host names are resolved (tests). */
  lookup?: LookupFunction;
}

/** The wait after the `failures`-th failed try of an entry: 10 s, 20 s, 40 s... at most an hour. */
export function retryDelayMs(failures: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1), LONGEST_RETRY_MS);
}

/**
 * When an entry written at `writtenAt` is tried again after its `failures`-th failed try at `now`: after
 * retryDelayMs, but no later than 24 hours after it was written; null once that time has passed (given up).
 */
export function nextTry(writtenAt: Date, failures: number, now: Date): Date | null {
  const deadline = writtenAt.getTime() + GIVE_UP_AFTER_MS;
  if (now.getTime() >= deadline) return null;
  return new Date(Math.min(now.getTime() + retryDelayMs(failures), deadline));
}

/** One signed POST of a payload to the endpoint (the contract's AuditStreamPayload, webhook auditEntry). */
function send(
  services: DeliveryServices,
  stream: Pick<AuditStreamRow, 'url' | 'secret' | 'previous_secret' | 'previous_secret_until'>,
  id: string,
  payload: Payload,
  options: DeliveryOptions,
): Promise<SendOutcome> {
  const now = services.clock();
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify(payload);
  const secrets = signingSecrets(services.secretBox, stream, now);
  return postSigned(
    stream.url,
    body,
    {
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSignature(secrets, id, timestamp, body),
    },
    {
      timeoutMs: options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      publicOnly: !isLocalUrl(services.config.publicUrl),
      lookup: options.lookup,
    },
  );
}

/** What the endpoint receives (the contract's AuditStreamPayload). */
type Payload = components['schemas']['AuditStreamPayload'];

function entryPayload(entry: AuditRow, organizationId: number): Payload {
  return {
    type: 'audit.entry',
    timestamp: new Date(entry.created_at).toISOString(),
    data: { organization_id: String(organizationId), ...presentAuditEvent(entry) },
  };
}

/** Sends a test event now (test-audit-stream), outside the queue, and notes how it went. */
export async function sendTestEvent(
  services: DeliveryServices,
  stream: AuditStreamRow,
  options: DeliveryOptions = {},
): Promise<{ outcome: SendOutcome; event: Payload }> {
  const event: Payload = {
    type: 'audit.test',
    timestamp: services.clock().toISOString(),
    data: { organization_id: String(stream.organization_id), test: true },
  };
  const outcome = await send(services, stream, `test_${randomUUID()}`, event, options);
  await services.repos.auditStream.noteOutcome(stream.organization_id, services.clock(), outcome);
  return { outcome, event };
}

export interface AuditDeliverer {
  /**
   * Starts a turn for due organizations while this process has room, and resolves once those turns
   * ended (the scheduler does not wait; tests do).
   */
  tick(): Promise<void>;
  /** Starts nothing more, ends the turns after their current delivery, and resolves once they ended. */
  stop(): Promise<void>;
}

export function createAuditDeliverer(
  services: DeliveryServices,
  log: { error: (obj: unknown, msg: string) => void },
  options: DeliveryOptions = {},
): AuditDeliverer {
  const { repos, clock } = services;
  const owner = randomUUID();
  let turns = 0;
  let stopped = false;
  const looks = new Set<Promise<void>>();
  const later = (ms: number) => new Date(clock().getTime() + ms);

  /** The organization's queue, from its head, for one turn under its lease. */
  async function turn(organizationId: number): Promise<void> {
    const claimed = await repos.auditStream.claim(organizationId, owner, clock(), later(LEASE_MS));
    if (!claimed) return;
    try {
      await repos.auditStream.sequence(organizationId);
      const started = Date.now();
      for (let sent = 0; sent < TURN_DELIVERIES && Date.now() - started < TURN_MS && !stopped; sent++) {
        const head = await repos.auditStream.head(organizationId);
        if (!head || (head.next_attempt_at !== null && head.next_attempt_at > clock())) return;
        // Each entry goes where the stream points now: a changed address gets the next entry, not the old one.
        const stream = await repos.auditStream.extendLease(organizationId, owner, later(LEASE_MS));
        if (!stream) return;
        const outcome = await send(
          services,
          stream,
          `audit_${head.id}`,
          entryPayload(head, organizationId),
          options,
        );
        const at = clock();
        await repos.auditStream.noteOutcome(organizationId, at, outcome);
        if (outcome.delivered) {
          await repos.auditStream.delivered(head.delivery_id);
          continue;
        }
        const retryAt = nextTry(head.created_at, head.attempts + 1, at);
        await repos.auditStream.attemptFailed(head.delivery_id, retryAt);
        // The head waits for its retry, and the queue behind it too; a given-up head lets the next go.
        if (retryAt !== null) return;
      }
    } finally {
      await repos.auditStream.release(organizationId, owner);
    }
  }

  async function look(): Promise<void> {
    const room = MAX_TURNS_AT_ONCE - turns;
    if (room <= 0 || stopped) return;
    let due: number[];
    try {
      due = await repos.auditStream.dueOrganizations(clock(), room);
    } catch (error) {
      log.error({ err: error }, 'audit log streaming: looking for entries to send failed');
      return;
    }
    turns += due.length;
    await Promise.all(
      due.map((organizationId) =>
        turn(organizationId)
          .catch((error: unknown) =>
            log.error({ err: error, organizationId }, 'audit log streaming: a turn failed'),
          )
          .finally(() => {
            turns -= 1;
          }),
      ),
    );
  }

  return {
    tick() {
      const running = look().finally(() => looks.delete(running));
      looks.add(running);
      return running;
    },
    async stop() {
      stopped = true;
      await Promise.all(looks);
    },
  };
}

/**
 * Looks for entries to send every `config.auditStreamPollMs` (0: never); the answer stops it, and resolves
 * once the deliveries under way ended (the app's onClose, before the database closes).
 */
export function scheduleAuditDeliveries(
  services: DeliveryServices,
  log: { error: (obj: unknown, msg: string) => void },
): () => Promise<void> {
  const every = services.config.auditStreamPollMs;
  if (every === 0) return () => Promise.resolve();
  const deliverer = createAuditDeliverer(services, log);
  const timer = setInterval(() => void deliverer.tick(), every);
  timer.unref();
  return () => {
    clearInterval(timer);
    return deliverer.stop();
  };
}
