/**
 * The SCIM 2.0 protocol at /scim/v2 (docs/scim.md): one route per operation of openapi.yaml whose security
 * is `scimBearer`, authenticated by an organization's bearer token instead of a session, with
 * `application/scim+json` bodies (`application/json` accepted) and every failure answered as a SCIM error
 * (`schemas`, `status`, `scimType`, `detail`), never as the API's envelope and never as a 500 for a
 * malformed request. The handlers (handlers/scim.ts) hold the rules.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OperationId } from '../../contract/types.js';
import type { Contract } from '../contract.js';
import type { Organization } from '../db/schema.js';
import { ScimRefusal } from '../domain/scim-resources.js';
import { organizationOfScimToken } from '../domain/scim-tokens.js';
import { tooManyAttempts } from '../domain/errors.js';
import { RATE_RULES } from '../security/rate-limit.js';
import type { Services } from '../services.js';
import { answerRequestFailure } from './errors.js';
import { noteRequestUser } from './logging.js';
import { message } from '../../contract/messages.js';
import { limitedAddress } from '../../shared/ip-allow-list.js';

export const SCIM_BASE = '/scim/v2';
const SCIM_MEDIA = 'application/scim+json';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
/** Okta and Entra send whole groups in one PUT: a larger body than the API's calls. */
const SCIM_BODY_LIMIT = 1024 * 1024;

export interface ScimCall {
  organization: Organization;
  operationId: OperationId;
  /** The path's resource id ('' when the path has none). */
  id: string;
  query: Record<string, string | undefined>;
  body: unknown;
  ip: string;
  log: FastifyBaseLogger;
}

export interface ScimAnswer {
  status: 200 | 201 | 204;
  body?: unknown;
  /** The created resource's URL (201). */
  location?: string;
}

export type ScimHandlers = Partial<Record<OperationId, (call: ScimCall) => Promise<ScimAnswer>>>;

/** What a failure says as a SCIM error (RFC 7644 section 3.12). */
function scimTypeOf(error: unknown, status: number): string | undefined {
  if (error instanceof ScimRefusal) return error.scimType;
  // Two requests racing for one userName or displayName: the unique index refuses the second.
  if ((error as { code?: unknown } | null)?.code === '23505') return 'uniqueness';
  if (status === 400) return 'invalidSyntax';
  return undefined;
}

function sendScimError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const unique = (error as { code?: unknown } | null)?.code === '23505';
  const answer = unique
    ? { status: 409, said: message('scim_user_exists'), headers: {} }
    : answerRequestFailure(error, request);
  const scimType = scimTypeOf(error, answer.status);
  if (answer.status === 401) reply.header('www-authenticate', 'Bearer realm="SCIM"');
  return reply
    .status(answer.status)
    .headers(answer.headers)
    .type(SCIM_MEDIA)
    .send({
      schemas: [ERROR_SCHEMA],
      status: String(answer.status),
      ...(scimType ? { scimType } : {}),
      detail: answer.said.message,
    });
}

/** The token of `Authorization: Bearer <token>` (the scheme in any letter case). */
function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

const organizations = new WeakMap<FastifyRequest, Organization>();

export function registerScim(
  app: FastifyInstance,
  contract: Contract,
  services: Services,
  handlers: ScimHandlers,
): Promise<void> {
  const operations = contract.operations.filter((op) => op.scim);
  const missing = operations.filter((op) => !handlers[op.operationId as OperationId]);
  if (missing.length > 0) {
    throw new Error(`No SCIM handler for operation(s): ${missing.map((op) => op.operationId).join(', ')}`);
  }
  return app.register(
    async (scope) => {
      scope.setErrorHandler(sendScimError);
      const notFound = (request: FastifyRequest, reply: FastifyReply) =>
        sendScimError(new ScimRefusal('not-found', message('scim_not_found')), request, reply);
      scope.setNotFoundHandler(notFound);
      // Once the SPA is built, @fastify/static's wildcard at the root answers every GET it has no file
      // for with the app shell; this one keeps an unknown GET under /scim/v2 a SCIM 404.
      scope.get('/*', notFound);
      // SCIM bodies: application/scim+json, or application/json, nothing else (415); prototype-poisoning
      // keys refused.
      const parseJson = scope.getDefaultJsonParser('error', 'error');
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser(
        ['application/json', SCIM_MEDIA],
        { parseAs: 'string', bodyLimit: SCIM_BODY_LIMIT },
        (request, body, done) => {
          const text = typeof body === 'string' ? body : body.toString('utf8');
          if (text.trim() === '') return done(null, undefined);
          void parseJson(request, text, (error: Error | null, value?: unknown) => {
            if (error) {
              const said = message('scim_body_invalid', { reason: 'the body is not JSON' });
              return done(new ScimRefusal('invalid', said, 'invalidSyntax'), undefined);
            }
            done(null, value);
          });
        },
      );
      // The token before anything else: an unauthenticated request's body is never read.
      scope.addHook('onRequest', async (request) => {
        const organization = await organizationOfScimToken(services.repos, bearerOf(request));
        if (!organization) {
          // Failures only are counted, per source address (docs/scim.md#the-token): a source that keeps
          // trying tokens is told to wait, while a valid token, from any source, is never counted or refused.
          const rule = RATE_RULES.scimAuthFailedIp;
          if (!(await services.rateLimiter.hit(rule, limitedAddress(request.ip))))
            throw tooManyAttempts(rule.windowSeconds);
          throw new ScimRefusal('unauthenticated', message('scim_token_invalid'));
        }
        organizations.set(request, organization);
        noteRequestUser(request, `scim:${organization.id}`);
      });

      for (const op of operations) {
        const handler = handlers[op.operationId as OperationId]!;
        scope.route({
          method: op.method,
          url: op.path.slice(SCIM_BASE.length).replace(/\{(\w+)\}/g, ':$1'),
          bodyLimit: SCIM_BODY_LIMIT,
          handler: async (request, reply) => {
            const organization = organizations.get(request)!;
            const call = () =>
              handler({
                organization,
                operationId: op.operationId as OperationId,
                id: (request.params as { id?: string }).id ?? '',
                query: queryStrings(request.query),
                body: request.body,
                ip: request.ip,
                log: request.log,
              });
            // A write locks the organization's row: one identity provider's burst takes its turns, as an
            // account's calls do (docs/invariants.md#a-burst-from-one-account-cannot-starve-the-pool-for-others).
            const answer =
              op.method === 'GET' ? await call() : await services.scimLimit.run(organization.id, call);
            reply.header('cache-control', 'no-store');
            if (answer.location) reply.header('location', answer.location);
            if (answer.status === 204) return reply.status(204).send();
            return reply.status(answer.status).type(SCIM_MEDIA).send(answer.body);
          },
        });
      }
    },
    { prefix: SCIM_BASE },
  ) as unknown as Promise<void>;
}

/** The query's values as strings (a repeated parameter: its first value). */
function queryStrings(raw: unknown): Record<string, string | undefined> {
  const query: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    query[key] = typeof first === 'string' ? first : undefined;
  }
  return query;
}
