/**
 * Registers one route per operation of the contract and hands each request, validated, to the
 * handler of its operationId. Validation, sessions, CSRF and the error envelope live here so the
 * handlers only hold business rules.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId, QueryParams, RequestBody, SuccessBody } from '../../contract/types.js';
import type { Contract, OperationSpec } from '../contract.js';
import type { User } from '../db/schema.js';
import type { Services } from '../services.js';
import { allowedOrigins, assertApiRequestAllowed } from './csrf.js';
import { forbidden, unauthenticated } from '../domain/errors.js';
import { HttpError } from './errors.js';
import { sessionUserWithView } from './session-user.js';
import { readSessionCookie } from './session-cookie.js';
import { limitedAddress } from '../../shared/ip-allow-list.js';
import type { UserViewExtras } from '../repositories/users.js';
import { validationMessage } from './validation-messages.js';
import { message, type Message } from '../../contract/messages.js';

export interface HandlerContext<K extends OperationId> {
  /** The operation called (mail-limits.ts checks that it is a registered sender of its mails). */
  operationId: K;
  body: RequestBody<K>;
  query: QueryParams<K>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Caller's IP (the load balancer's X-Forwarded-For when TRUST_PROXY is set). */
  ip: string;
  /** The caller's address as per-address limits count it (limitedAddress: an IPv6 caller by its /64). */
  limitedIp: string;
  /** The signed-in user's row; throws 401 when anonymous. */
  user(): Promise<User>;
  /** The signed-in user, or undefined when anonymous (operations that allow anonymous callers). */
  optionalUser(): Promise<User | undefined>;
  /** What the app shows of the signed-in user (organization, connections); read with the session. */
  view(): Promise<UserViewExtras>;
}

type Handler<K extends OperationId> = (ctx: HandlerContext<K>) => Promise<SuccessBody<K>>;
export type Handlers = { [K in OperationId]: Handler<K> };

/**
 * Whether a call runs under its caller's account limit when a session signs it
 * (docs/invariants.md#a-burst-from-one-account-cannot-starve-the-pool-for-others): every call that writes
 * may wait for a row lock (the caller's, their organization's, a member's), holding a pool connection while
 * it waits, so each runs a few at a time per account, whichever path it takes; a call anonymous callers
 * may make too (accept-invite's join) takes turns when a signed-in user makes it. Reads take no lock.
 * sync-profile keeps its own turns around its charges only: it waits on the CRM, with its backoff, which
 * must not hold back the account's other calls.
 */
export function takesAccountTurns(op: Pick<OperationSpec, 'method' | 'operationId'>): boolean {
  return op.method !== 'GET' && op.operationId !== 'syncProfile';
}

export function registerApi(
  app: FastifyInstance,
  contract: Contract,
  services: Services,
  handlers: Partial<Handlers>,
) {
  const origins = allowedOrigins(services.config);
  // SCIM's operations have their own routes, token and bodies (http/scim.ts).
  const operations = contract.operations.filter((op) => !op.scim);
  const missing = operations.filter((op) => !handlers[op.operationId as OperationId]);
  if (missing.length > 0) {
    throw new Error(`No handler for operation(s): ${missing.map((op) => op.operationId).join(', ')}`);
  }

  for (const op of operations) {
    const handler = handlers[op.operationId as OperationId] as unknown as Handler<OperationId>;
    const url = op.outsideApiBase ? op.path : `${services.config.apiBase}${op.path}`;
    app.route({
      method: op.method,
      url,
      onRequest: async (request) => assertApiRequestAllowed(request, origins),
      handler: async (request, reply) => {
        const body = validateBody(op, request.body);
        const query = validateQuery(op, request.query);
        // The session is looked up once, with the user's view, and only when the call needs it: calls
        // that anonymous callers may make (pricing, catalogue, sign-in) mostly never ask.
        let signedIn: ReturnType<typeof lookUp> | undefined;
        // The two-factor requirement holds back every signed-in call but those that set it up (session-user.ts).
        const use = op.allowsAnonymous ? ('anonymous-allowed' as const) : { operationId: op.operationId };
        const lookUp = () => sessionUserWithView(services, request, use);
        const session = () => (signedIn ??= lookUp());
        /**
         * The session the organization's policies allow (docs/product.md#session-and-network-policies): past
         * its idle timeout or lifetime it answers 401, outside the allow-list 403, each saying why.
         */
        const allowedSession = async () => {
          const found = await session();
          if (found === undefined) throw unauthenticated();
          if (found.refusal?.kind === 'ended') throw unauthenticated(found.refusal.said);
          if (found.refusal) throw forbidden(found.refusal.said);
          return found;
        };
        let account: number | undefined;
        if (!op.allowsAnonymous) {
          const found = await allowedSession();
          if (takesAccountTurns(op)) account = found.user.id;
        } else if (takesAccountTurns(op) && readSessionCookie(request)) {
          const found = await session();
          if (found && !found.refusal) account = found.user.id;
        }
        const ctx: HandlerContext<OperationId> = {
          operationId: op.operationId as OperationId,
          body: body as never,
          query: query as never,
          request,
          reply,
          ip: request.ip,
          limitedIp: limitedAddress(request.ip),
          async user() {
            return (await allowedSession()).user;
          },
          // A call anyone may make treats a session its policies refuse as nobody signed in.
          async optionalUser() {
            const found = await session();
            return found?.refusal ? undefined : found?.user;
          },
          async view() {
            return (await allowedSession()).view;
          },
        };
        reply.header('cache-control', 'no-store');
        return account === undefined ? handler(ctx) : services.accountLimit.run(account, () => handler(ctx));
      },
    });
  }
}

/** Texts of docs/product.md#error-texts for a missing field, where it names one. */
const MISSING_FIELD_MESSAGES: Partial<Record<OperationId, Record<string, Message>>> = {
  resetPassword: { token: message('no_reset_token_provided') },
  acceptInvite: { token: message('no_invitation_token_provided') },
};

function missingFieldMessage(
  op: OperationSpec,
  errors: OperationSpec['validateBody'] extends infer V ? V : never,
) {
  const error = errors?.errors?.[0];
  if (!error) return undefined;
  const field =
    error.keyword === 'required'
      ? String(error.params.missingProperty)
      : error.keyword === 'minLength' && error.params.limit === 1
        ? error.instancePath.slice(1)
        : undefined;
  return field === undefined ? undefined : MISSING_FIELD_MESSAGES[op.operationId as OperationId]?.[field];
}

function validateBody(op: OperationSpec, raw: unknown): unknown {
  if (!op.validateBody) return undefined;
  if (raw === undefined || raw === null) {
    if (op.bodyRequired) throw new HttpError(400, message('body_required'));
    raw = {};
  }
  if (!op.validateBody(raw)) {
    throw new HttpError(
      400,
      missingFieldMessage(op, op.validateBody) ?? validationMessage(op.validateBody.errors, 'request body'),
    );
  }
  return raw;
}

function validateQuery(op: OperationSpec, raw: unknown): unknown {
  const query = { ...(raw as Record<string, unknown>) };
  if (!op.validateQuery) return query;
  if (!op.validateQuery(query)) {
    throw new HttpError(
      400,
      missingFieldMessage(op, op.validateQuery) ?? validationMessage(op.validateQuery.errors, 'query string'),
    );
  }
  return query;
}
