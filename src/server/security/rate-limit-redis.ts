/**
 * Rate-limit counters in Redis (REDIS_URL): one small Lua script counts a hit and sets the window's
 * expiry atomically, so processes sharing the Redis can never race past a limit, and a counter
 * never outlives its window.
 */
import { createClient } from 'redis';
import type { RateLimitStore } from './rate-limit.js';

/** KEYS[1] = counter, ARGV[1] = window in seconds. TTL < 0 repairs a key left without an expiry. */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('TTL', KEYS[1]) < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
end
return count`;

/**
 * KEYS[1] = the key's last reserved turn (ms since the epoch, Redis's clock), ARGV[1] = delay in ms,
 * ARGV[2] = longest wait in ms. Answers the wait until the new turn, or -1 when it is too far away.
 */
const RESERVE_TURN_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local turn = math.max(now, tonumber(redis.call('GET', KEYS[1]) or '0')) + tonumber(ARGV[1])
if turn - now > tonumber(ARGV[2]) then return -1 end
redis.call('SET', KEYS[1], tostring(turn), 'PX', turn - now + 1000)
return turn - now`;

export interface RedisStoreOptions {
  url: string;
  /** Put before every key, so several deployments (or test runs) can share one Redis. */
  keyPrefix: string;
  /** Receives connection errors after start (the client reconnects by itself). */
  onError?: (error: Error) => void;
}

/** The URL without its password, for messages. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

/**
 * Connects before answering, and fails with a clear message when Redis does not answer: the
 * configuration says the counters are shared, so silently falling back to per-process counters
 * would multiply the limits.
 */
export async function createRedisRateLimitStore(options: RedisStoreOptions): Promise<RateLimitStore> {
  let connected = false;
  const client = createClient({
    url: options.url,
    // Once connected, a lost connection is retried; hits fail fast meanwhile instead of queueing.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5000,
      reconnectStrategy: (retries, cause) => (connected ? Math.min(100 * 2 ** retries, 3000) : cause),
    },
  });
  client.on('error', (error: Error) => {
    if (connected) options.onError?.(error);
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.destroy();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Cannot connect to Redis at ${redactRedisUrl(options.url)} (${reason}). ` +
        'REDIS_URL is set, so rate-limit counters must live in Redis: start Redis or unset REDIS_URL.',
    );
  }
  connected = true;

  return {
    async increment(key, windowSeconds) {
      const count = await client.eval(INCREMENT_SCRIPT, {
        keys: [`${options.keyPrefix}${key}`],
        arguments: [String(Math.max(1, Math.ceil(windowSeconds)))],
      });
      return Number(count);
    },
    async reserveTurn(key, delayMs, maxWaitMs) {
      const wait = Number(
        await client.eval(RESERVE_TURN_SCRIPT, {
          keys: [`${options.keyPrefix}${key}`],
          arguments: [String(Math.round(delayMs)), String(Math.round(maxWaitMs))],
        }),
      );
      return wait < 0 ? null : wait;
    },
    async close() {
      connected = false;
      if (client.isOpen) await client.close();
    },
  };
}
