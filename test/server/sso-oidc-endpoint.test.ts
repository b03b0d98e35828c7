// @database-agnostic: the save is refused before anything is written; `npm test` runs it once, on PGlite.
/**
 * docs/product.md#the-connection: where start-sso sends the browser, with the sign-in's state, nonce and
 * PKCE challenge, is never in the clear to another machine. Saving an OpenID Connect connection checks the
 * authorization endpoint its configuration names, as saving SAML metadata checks its sign-on URL; the
 * issuer here is on this machine (plain http allowed for it on a local install), its endpoint is not.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from './helpers/node-test.js';
import { useTestApp } from './helpers/app.js';
import { organizationWithDomain } from './helpers/sso.js';
import type { TestUser } from './helpers/users.js';
import { createOidcClient } from '../../src/server/sso/oidc.js';
import { nodeFetch } from '../../src/server/sso/public-fetch.js';

const DOMAIN = 'oidc-endpoint.com';
let server: Server;
let issuer = '';

before(async () => {
  server = createServer((request, response) => {
    if (request.url === '/.well-known/openid-configuration') {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          issuer,
          // Another machine, in the clear.
          authorization_endpoint: 'http://idp.example.net/authorize',
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['ES256'],
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));

const t = useTestApp({}, { services: { oidc: createOidcClient({ fetch: nodeFetch() }) } });
let admin: TestUser;

describe('the OpenID Connect authorization endpoint', () => {
  it('is refused on save when it would send the browser in the clear to another machine, as SAML’s sign-on URL is', async () => {
    ({ owner: admin } = await organizationWithDomain(t, `ada@${DOMAIN}`));
    const saved = await t.api('saveSsoConnection', {
      cookie: admin.cookie,
      body: { protocol: 'oidc', issuer, client_id: 'client', client_secret: 'secret' },
    });
    assert.equal(saved.status, 400, JSON.stringify(saved.body));
    assert.equal(saved.body.code, 'sso_discovery_failed');
    assert.match(saved.body.message, /authorization_endpoint must start with https:\/\//);
    assert.equal((await t.api('startSso', { body: { email: `x@${DOMAIN}` }, ip: '10.78.0.1' })).status, 404);
  });
});
