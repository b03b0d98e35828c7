/**
 * The Demo CRM sandbox as the tests drive it: its authorize page approved as a browser would, a connection
 * made by OAuth or API key through the API, and its control page (/sandbox/crm/tokens) pressed.
 */
import assert from 'node:assert/strict';
import { PUBLIC_URL, postForm, type TestApp } from './app.js';

/** Plays the browser: opens the authorize page and presses Approve; returns the code of the redirect. */
export async function approveDemoOAuth(
  t: Pick<TestApp, 'app' | 'api'>,
  cookie: string,
  redirectUri = `${PUBLIC_URL}/callback`,
): Promise<string> {
  const software = (await t.api('getSoftware', { query: { software: 'demo-crm' } })).body.data;
  const authorizeUrl = new URL(
    software.oauth_auth_url
      .replace('{client_id}', encodeURIComponent(software.oauth_client_id))
      .replace('{redirect_uri}', encodeURIComponent(redirectUri)),
  );
  const pageRes = await t.app.inject({
    method: 'GET',
    url: authorizeUrl.pathname + authorizeUrl.search,
    headers: { cookie },
  });
  assert.equal(pageRes.statusCode, 200, pageRes.body);
  assert.match(pageRes.body, /Approve/);
  const res = await postForm(
    t,
    '/sandbox/crm/authorize',
    { client_id: software.oauth_client_id, redirect_uri: redirectUri, state: 's1', decision: 'approve' },
    { cookie },
  );
  assert.equal(res.statusCode, 303);
  const location = new URL(String(res.headers.location));
  assert.equal(location.origin + location.pathname, `${PUBLIC_URL}/callback`);
  assert.equal(location.searchParams.get('state'), 's1');
  return location.searchParams.get('code')!;
}

/** Connects the Demo CRM by OAuth (approve, then access-token); answers the access-token answer's data. */
export async function connectDemoOAuth(t: Pick<TestApp, 'app' | 'api'>, cookie: string) {
  const code = await approveDemoOAuth(t, cookie);
  const res = await t.api('accessToken', { cookie, body: { oauth_code: code, software: 'demo-crm' } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data as { access_token: string; refresh_token: string; expires_at: number };
}

/** Connects the Demo CRM with an API key. */
export async function connectDemoKey(t: Pick<TestApp, 'api'>, cookie: string, key: string): Promise<void> {
  const res = await t.api('verifySettings', {
    cookie,
    body: { software: 'demo-crm', auth_type: 'api key', api_key_1: key },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

/** Presses a button of the Demo CRM's control page as the signed-in user. */
export async function pressDemoControl(
  t: Pick<TestApp, 'app'>,
  cookie: string,
  fields: { decision: 'expire' | 'expire_refuse' | 'refuse_key'; key?: string },
): Promise<void> {
  const res = await postForm(t, '/sandbox/crm/tokens', fields, { cookie });
  assert.equal(res.statusCode, 303, res.body);
}
