/**
 * A real OpenID Connect provider (oidc-provider) on a free local port, for single sign-on's tests
 * (docs/product.md#single-sign-on): discovery, the authorization code flow with PKCE, an ES256-signed ID
 * token, UserInfo. Whoever `signInAs` names signs in at its next authorization (no login page: the test
 * plays the person). `browse` follows the provider's redirects as a browser does, with its own cookies, up
 * to the app's callback. `tamper` rewrites the ID token the token endpoint answers, re-signed with the
 * provider's own key, to play a provider that gets a claim wrong (audience, expiry).
 */
import { sign, type KeyObject } from 'node:crypto';
import { newPrivateKey } from '../../../src/server/security/key-pairs.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { after, before } from './node-test.js';

export interface TestProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** The person the next authorization signs in (their address is their account id at the provider). */
  signInAs(email: string, name?: string): void;
  /** Follows redirects from `url` until one leads to `until` (the app's callback), which it answers. */
  browse(url: string, until: string): Promise<URL>;
  /** A fetch for the app's OpenID Connect client: passes everything on, altering ID tokens while tampering. */
  fetch: typeof fetch;
  /** Changes the claims of the ID tokens answered until it is called again with undefined. */
  tamper(change: ((claims: Record<string, unknown>) => void) | undefined): void;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function resign(idToken: string, key: KeyObject, change: (claims: Record<string, unknown>) => void): string {
  const [header, payload] = idToken.split('.') as [string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(claims);
  const body = `${header}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${base64url(sign('sha256', Buffer.from(body), { key, dsaEncoding: 'ieee-p1363' }))}`;
}

/**
 * The provider for the tests of the file that calls this, started once before them and stopped after.
 * `redirectUri` is the app's callback; `idTokenSeconds` the ID tokens' lifetime.
 */
export function useOidcProvider({
  redirectUri,
  idTokenSeconds = 60,
  transport = fetch,
}: {
  redirectUri: string;
  idTokenSeconds?: number;
  /** What `fetch` sends the app's calls with (the app's own transport, sso/public-fetch.ts). */
  transport?: typeof fetch;
}): TestProvider {
  const privateKey = newPrivateKey('ec');
  const people = new Map<string, string>();
  let next = '';
  let change: ((claims: Record<string, unknown>) => void) | undefined;
  let issuer = '';
  let server: Server | undefined;
  const clientId = 'crm-sync-test';
  const clientSecret = 'a-client-secret-of-the-test-provider';

  before(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          id_token_signed_response_alg: 'ES256',
        },
      ],
      jwks: {
        keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'ES256', use: 'sig' }],
      },
      findAccount: async (_ctx: unknown, id: string) => ({
        accountId: id,
        claims: async () => ({ sub: id, email: id, email_verified: true, name: people.get(id) ?? id }),
      }),
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      ttl: { IdToken: idTokenSeconds },
      features: { devInteractions: { enabled: false } },
      cookies: { keys: ['a-cookie-key-of-the-test-provider'] },
    });
    const handle = provider.callback();
    server.on('request', (request, response) => {
      if (!request.url?.startsWith('/interaction/')) return handle(request, response);
      // The person signs in and consents at once: the test plays them.
      void (async () => {
        const details = await provider.interactionDetails(request, response);
        const grant = new provider.Grant({ accountId: next, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          request,
          response,
          { login: { accountId: next }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      })().catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    });
  });

  after(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  return {
    get issuer() {
      return issuer;
    },
    clientId,
    clientSecret,
    signInAs(email, name) {
      next = email;
      if (name) people.set(email, name);
    },
    async browse(url, until) {
      const cookies = new Map<string, string>();
      let at = url;
      for (let hops = 0; hops < 10; hops += 1) {
        if (at.startsWith(until)) return new URL(at);
        const response = await fetch(at, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair = ''] = cookie.split(';');
          const equals = pair.indexOf('=');
          cookies.set(pair.slice(0, equals), pair.slice(equals + 1));
        }
        const location = response.headers.get('location');
        if (!location)
          throw new Error(`${at} answered ${response.status} without a redirect: ${await response.text()}`);
        at = new URL(location, at).href;
      }
      throw new Error(`no way to ${until} from ${url}`);
    },
    fetch: async (input, init) => {
      const response = await transport(input, init);
      const url = input instanceof Request ? input.url : String(input);
      if (!change || !url.startsWith(`${issuer}/token`) || !response.ok) return response;
      const body = (await response.json()) as { id_token?: string };
      if (body.id_token) body.id_token = resign(body.id_token, privateKey, change);
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    },
    tamper(alter) {
      change = alter;
    },
  };
}
