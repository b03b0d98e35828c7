/**
 * Real CRMs. OAuth uses the app credentials of the environment (<SLUG>_CLIENT_ID/_SECRET); without
 * them connect answers a clear error, never a fake success. API keys are checked against each
 * CRM's "who am I" endpoint.
 */
import type { Config } from '../config.js';
import type { Software } from '../db/schema.js';
import { checkPreconnectValue } from '../domain/preconnect-choices.js';
import { invalid, rejected, unavailable, upstreamFailed } from '../domain/errors.js';
import { CrmAccessRefused, type CrmProvider, type OAuthTokenSet } from './provider.js';
import { checkApiHost } from './api-hosts.js';
import { crmFetch } from './crm-http.js';
import { PIPEDRIVE_API } from './pipedrive-records.js';
import { message } from '../../contract/messages.js';

/**
 * How each API-key CRM checks a key: the request that only succeeds with valid credentials. `apiUrl` is the
 * CRM's configured API base (config.crmApiUrls), where one is set.
 */
const KEY_CHECKS: Record<
  string,
  (keys: string[], apiUrl: string | undefined) => { url: string; headers: Record<string, string> }
> = {
  close: ([key]) => ({
    url: 'https://api.close.com/api/v1/me/',
    headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` },
  }),
  copper: ([key, email]) => ({
    url: 'https://api.copper.com/developer_api/v1/account',
    headers: { 'x-pw-accesstoken': key!, 'x-pw-useremail': email!, 'x-pw-application': 'developer_api' },
  }),
  pipedrive: ([key], apiUrl) => ({
    url: `${apiUrl ?? PIPEDRIVE_API}/v1/users/me`,
    headers: { 'x-api-token': key! },
  }),
};

/** The CRM's OAuth app on this server, and its token URL with the pre-connect values put in. */
function tokenEndpoint(config: Config, software: Software, fields: Record<string, string>) {
  const credentials = config.crm[software.slug];
  if (!credentials) {
    const prefix = software.slug.toUpperCase().replace(/-/g, '_');
    throw unavailable(message('crm_not_configured', { crm: software.software, prefix }));
  }
  if (!software.oauth_token_url) throw unavailable(message('crm_no_token_url', { crm: software.software }));
  let tokenUrl = software.oauth_token_url;
  for (const [id, value] of Object.entries(fields)) {
    // Checked again here: a stored value must never choose the host the secret is sent to.
    const field = software.preconnect_fields.find((f) => f.id === id) ?? { id };
    const checked = checkPreconnectValue(software.slug, field, value);
    if ('error' in checked) throw invalid(message('choice_not_allowed_connect_again', checked.choice));
    tokenUrl = tokenUrl.replace(`{${id}}`, encodeURIComponent(checked.value));
  }
  if (/\{[a-z_]+\}/.test(tokenUrl)) throw invalid(message('connection_details_missing'));
  return { tokenUrl, ...credentials };
}

/** Posts a grant to the token URL: the answer's status and JSON body (empty when it is not JSON). */
async function postGrant(
  endpoint: ReturnType<typeof tokenEndpoint>,
  grant: Record<string, string>,
  crmName: string,
): Promise<{ status: number; ok: boolean; body: Record<string, unknown> }> {
  const response = await crmFetch(
    endpoint.tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        ...grant,
        client_id: endpoint.clientId,
        client_secret: endpoint.clientSecret,
      }),
    },
    crmName,
  );
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, ok: response.ok, body };
}

/**
 * The token set of a granted answer. The API host it names must be the CRM's own (crm/api-hosts.ts): else
 * the answer is refused before anything is stored or sent there.
 */
function tokenSetOf(
  body: Record<string, unknown> & { access_token: string },
  software: Software,
  config: Config,
): OAuthTokenSet {
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const apiDomain = str(body.api_domain) ?? str(body.instance_url);
  const domain = str(body.domain) ?? str(body.instance_url);
  for (const url of new Set([apiDomain, domain]))
    checkApiHost(software.slug, software.software, url, config.crmApiUrls[software.slug]);
  return {
    access_token: body.access_token,
    refresh_token: str(body.refresh_token),
    domain,
    api_domain: apiDomain,
    scope: str(body.scope),
    token_type: str(body.token_type) ?? 'Bearer',
    expires_in: typeof body.expires_in === 'number' ? body.expires_in : null,
  };
}

const hasAccessToken = (
  body: Record<string, unknown>,
): body is Record<string, unknown> & { access_token: string } => typeof body.access_token === 'string';

export function createOAuthCrm(config: Config): CrmProvider {
  return {
    async exchangeCode(software: Software, code, context): Promise<OAuthTokenSet> {
      const endpoint = tokenEndpoint(config, software, context.fields);
      const answer = await postGrant(
        endpoint,
        { grant_type: 'authorization_code', code, redirect_uri: context.redirectUri },
        software.software,
      );
      if (!answer.ok || !hasAccessToken(answer.body)) {
        const refusal = message('crm_refused_authorization_code', { crm: software.software });
        throw answer.status >= 500 ? upstreamFailed(refusal) : invalid(refusal);
      }
      return tokenSetOf(answer.body, software, config);
    },

    async refreshTokens(software, refreshToken, context): Promise<OAuthTokenSet> {
      const endpoint = tokenEndpoint(config, software, context.fields);
      const answer = await postGrant(
        endpoint,
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        software.software,
      );
      if (answer.ok && hasAccessToken(answer.body)) return tokenSetOf(answer.body, software, config);
      // OAuth answers a refused grant with 400 invalid_grant (RFC 6749 5.2); some CRMs with 401.
      if (answer.status === 401 || answer.body.error === 'invalid_grant')
        throw new CrmAccessRefused(`refresh refused (${answer.status})`);
      throw upstreamFailed(message('crm_error_status', { crm: software.software, status: answer.status }));
    },

    async verifyApiKeys(software, keys) {
      const check = KEY_CHECKS[software.slug];
      if (!check) throw invalid(message('crm_no_api_keys', { crm: software.software }));
      const { url, headers } = check(keys, config.crmApiUrls[software.slug]);
      const response = await crmFetch(
        url,
        { headers: { accept: 'application/json', ...headers } },
        software.software,
      );
      if (response.status === 401 || response.status === 403) {
        throw rejected(message('crm_refused_credentials', { crm: software.software }));
      }
      if (!response.ok)
        throw upstreamFailed(
          message('crm_error_status', { crm: software.software, status: response.status }),
        );
    },
  };
}
