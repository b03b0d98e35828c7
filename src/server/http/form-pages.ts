/**
 * What every server-rendered page with HTML forms needs in its plugin scope: urlencoded bodies (parsed
 * only there), the Origin check for form posts (CSRF), and a policy that forbids scripts and framing.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { allowedOrigins, assertFormPostAllowed } from './csrf.js';

const FORM_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' http: https:; frame-ancestors 'none'";

export async function useFormPages(scope: FastifyInstance, config: Config): Promise<void> {
  const origins = allowedOrigins(config);
  await scope.register(formbody, { bodyLimit: 16 * 1024 });
  scope.addHook('onRequest', async (request, reply) => {
    // The pages use no scripts at all: forbid them, and framing (clickjacking of Pay/Approve/Send). Set
    // before the handler, so a page that needs its own policy (the Google sandbox's hand-back page uses a
    // nonce) replaces it, and the app's policy (http/headers.ts) does not.
    reply.header('content-security-policy', FORM_PAGE_POLICY);
    assertFormPostAllowed(request, origins);
  });
}
