/**
 * Reference data of DESIGN.md: plans, the LAUNCH30 coupon and the CRM catalogue. Idempotent: rows
 * that exist are left alone, so edits made in the database survive restarts.
 */
import type { Kysely } from 'kysely';
import { SEEDED_PLANS } from '../../shared/plan-catalogue.js';
import { json } from './json.js';
import { metaValue } from './meta.js';
import type { Database, SoftwareTable } from './schema.js';
import type { Insertable } from 'kysely';

const DEMO_AUTH_URL =
  '/sandbox/crm/authorize?client_id={client_id}&redirect_uri={redirect_uri}&response_type=code&scope=contacts';

function crm(
  slug: string,
  software: string,
  rest: Partial<Insertable<SoftwareTable>> & { auth_options: string },
  sort: number,
): Insertable<SoftwareTable> {
  return {
    slug,
    software,
    app: `Prospect Sync for ${software}`,
    logo_url: `/sandbox/crm/logos/${slug}.svg`,
    chrome_extension_url: `https://chromewebstore.google.com/detail/prospect-sync-for-${slug}`,
    oauth_auth_url: null,
    oauth_token_url: null,
    preconnect_fields: json([]),
    api_keys: json([]),
    create_api_key_url: null,
    create_api_key_gif_url: null,
    sort_order: sort,
    ...rest,
  };
}

const CRM_CATALOGUE: Insertable<SoftwareTable>[] = [
  crm(
    'hubspot',
    'HubSpot',
    {
      auth_options: 'oauth',
      oauth_auth_url:
        'https://app.hubspot.com/oauth/authorize?client_id={client_id}&redirect_uri={redirect_uri}&scope=crm.objects.contacts.read%20crm.objects.contacts.write',
      oauth_token_url: 'https://api.hubapi.com/oauth/v1/token',
    },
    1,
  ),
  crm(
    'pipedrive',
    'Pipedrive',
    {
      auth_options: 'either',
      oauth_auth_url:
        'https://oauth.pipedrive.com/oauth/authorize?client_id={client_id}&redirect_uri={redirect_uri}',
      oauth_token_url: 'https://oauth.pipedrive.com/oauth/token',
      api_keys: json([{ label: 'Personal API token', placeholder: 'e.g. 3f2a9c...' }]),
      create_api_key_url: 'https://app.pipedrive.com/settings/api',
    },
    2,
  ),
  crm(
    'salesforce',
    'Salesforce',
    {
      auth_options: 'oauth',
      oauth_auth_url:
        'https://login.salesforce.com/services/oauth2/authorize?response_type=code&client_id={client_id}&redirect_uri={redirect_uri}',
      oauth_token_url: 'https://login.salesforce.com/services/oauth2/token',
    },
    3,
  ),
  crm(
    'zoho',
    'Zoho CRM',
    {
      auth_options: 'oauth',
      oauth_auth_url:
        'https://accounts.zoho.com/oauth/v2/auth?scope=ZohoCRM.modules.ALL&response_type=code&access_type=offline&client_id={client_id}&redirect_uri={redirect_uri}',
      // {data_centre} comes from the pre-connect field below.
      oauth_token_url: 'https://accounts.zoho.{data_centre}/oauth/v2/token',
      preconnect_fields: json([
        {
          id: 'data_centre',
          name: 'Data centre',
          type: 'text',
          placeholder: 'com, eu, in, com.au, jp, ca, com.cn or sa',
        },
      ]),
    },
    4,
  ),
  crm(
    'close',
    'Close',
    {
      auth_options: 'api key',
      api_keys: json([{ label: 'API key', placeholder: 'api_...' }]),
      create_api_key_url: 'https://app.close.com/settings/developer/api-keys/',
    },
    5,
  ),
  crm(
    'copper',
    'Copper',
    {
      auth_options: 'api key',
      api_keys: json([
        { label: 'API key', placeholder: 'Your Copper API key' },
        { label: 'User email', placeholder: 'you@company.com' },
      ]),
      create_api_key_url: 'https://app.copper.com/companies/settings/integrations/api_keys',
    },
    6,
  ),
  crm(
    'demo-crm',
    'Demo CRM',
    {
      auth_options: 'either',
      oauth_auth_url: DEMO_AUTH_URL,
      api_keys: json([{ label: 'Demo CRM API key', placeholder: 'demo_...' }]),
      create_api_key_url: '/sandbox/crm/api-keys',
    },
    0,
  ),
];

/** DESIGN.md: one-off credit packs; their credits never expire. */
const CREDIT_PACKS = [
  { slug: 'credits-100', name: '100 credits', credits: 100, price: 900, sort_order: 0 },
  { slug: 'credits-500', name: '500 credits', credits: 500, price: 3900, sort_order: 1 },
  { slug: 'credits-2000', name: '2,000 credits', credits: 2000, price: 12900, sort_order: 2 },
];

const COUPON_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const createdAt = await metaValue(trx, 'created_at', () => new Date().toISOString());

    await trx
      .insertInto('plans')
      .values(SEEDED_PLANS.map((p, i) => ({ ...p, metadata: json(p.metadata), sort_order: i })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();

    await trx
      .insertInto('coupons')
      .values({
        code: 'LAUNCH30',
        name: 'Launch offer: 30% off',
        percent_off: 30,
        duration: 'once',
        redeem_by: new Date(new Date(createdAt).getTime() + COUPON_LIFETIME_MS),
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();

    await trx
      .insertInto('credit_packs')
      .values(CREDIT_PACKS)
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();

    await trx
      .insertInto('software')
      .values(CRM_CATALOGUE)
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  });
}
