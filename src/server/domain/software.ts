/** The CRM record as the contract shows it: OAuth settings resolved from this server's configuration. */
import type { components } from '../../contract/api.js';
import type { Config } from '../config.js';
import { preconnectOptions } from './preconnect-choices.js';
import type { Software } from '../db/schema.js';

export type SoftwareView = components['schemas']['Software'];

export const DEMO_CRM_SLUG = 'demo-crm';
export const DEMO_CRM_CLIENT_ID = 'demo-crm-sandbox';

/** The OAuth client id of a CRM on this server; undefined when its OAuth app is not configured. */
function oauthClientId(config: Config, slug: string): string | undefined {
  if (slug === DEMO_CRM_SLUG) return DEMO_CRM_CLIENT_ID;
  return config.crm[slug]?.clientId;
}

/** The Demo CRM is a sandbox: offered only while the sandboxes are on (config.sandboxes). */
export function isOfferedSoftware(config: Pick<Config, 'sandboxes'>, slug: string): boolean {
  return slug !== DEMO_CRM_SLUG || config.sandboxes;
}

export function oauthRedirectUri(config: Config): string {
  return `${config.publicUrl}/callback`;
}

export function presentSoftware(row: Software, config: Config): SoftwareView {
  const usesOauth = row.auth_options !== 'api key';
  const authUrl =
    row.oauth_auth_url && row.oauth_auth_url.startsWith('/')
      ? `${config.publicUrl}${row.oauth_auth_url}`
      : row.oauth_auth_url;
  const keys = row.api_keys.slice(0, 4);
  const view = {
    slug: row.slug,
    software: row.software,
    app: row.app,
    logo_url:
      row.logo_url && row.logo_url.startsWith('/') ? `${config.publicUrl}${row.logo_url}` : row.logo_url,
    chrome_extension_url: row.chrome_extension_url,
    auth_options: row.auth_options as SoftwareView['auth_options'],
    oauth_client_id: usesOauth ? (oauthClientId(config, row.slug) ?? null) : null,
    oauth_redirect_uri: usesOauth ? oauthRedirectUri(config) : null,
    oauth_auth_url: usesOauth ? authUrl : null,
    // A field restricted to a fixed list (Zoho's data centre) is a select of those values.
    preconnect_fields: row.preconnect_fields.map((field) => {
      const options = preconnectOptions(row.slug, field.id);
      return options ? { ...field, type: 'select', options } : field;
    }),
    create_api_key_url:
      row.create_api_key_url && row.create_api_key_url.startsWith('/')
        ? `${config.publicUrl}${row.create_api_key_url}`
        : row.create_api_key_url,
    create_api_key_gif_url: row.create_api_key_gif_url,
  } as SoftwareView;
  for (const n of [1, 2, 3, 4] as const) {
    const key = keys[n - 1];
    view[`api_key_${n}`] = key ? `api_key_${n}` : null;
    view[`api_key_${n}_label`] = key?.label ?? null;
    view[`api_key_${n}_placeholder`] = key?.placeholder ?? null;
  }
  return view;
}
