/**
 * The route handlers still running, so that closing the server lets them end before the database closes.
 * Node's server.close waits for open connections only: a handler whose client went away (a timeout, a
 * closed tab, the load balancer giving up) runs on, and met a destroyed database half way, for
 * sync-profile after its write to the CRM and before its sync log entry
 * (docs/operations.md#stopping-the-server).
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Tracks every route registered on `app` from now on; answers a function that waits until the handlers
 * running then have ended, or `capMs` has passed (a handler stuck on a dependency must not keep the
 * process from stopping).
 */
export function trackRunningHandlers(app: FastifyInstance): (capMs: number) => Promise<void> {
  const running = new Set<Promise<unknown>>();
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request, reply) {
      const result: unknown = handler.call(this, request, reply);
      if (result instanceof Promise) {
        const ended: Promise<unknown> = result.then(
          () => running.delete(ended),
          () => running.delete(ended),
        );
        running.add(ended);
      }
      return result;
    } as RouteHandlerMethod;
  });
  return async (capMs) => {
    if (running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const cap = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, capMs);
    });
    await Promise.race([Promise.allSettled([...running]), cap]);
    clearTimeout(timer);
  };
}
