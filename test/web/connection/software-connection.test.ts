/**
 * @jest-environment node
 */
import {
  apiKeyFields,
  needsPreconnect,
  offersApiKey,
  offersOAuth,
  showsOrganizationChoice,
  softwareInitial,
  type Software,
} from '../../../src/web/features/connection/lib/software-connection';
import { aSoftware } from '../msw/fixtures';

/** The fixture's Demo CRM with no way to connect set yet: each test adds what it is about. */
function software(overrides: Partial<Software> = {}): Software {
  return aSoftware({
    app: 'Prospect Sync for Demo CRM',
    logo_url: null,
    chrome_extension_url: null,
    oauth_client_id: null,
    oauth_redirect_uri: null,
    oauth_auth_url: null,
    api_key_1: null,
    api_key_1_label: null,
    api_key_1_placeholder: null,
    ...overrides,
  });
}

test.each([
  { auth_options: 'oauth' as const, oauth: true, apiKey: false },
  { auth_options: 'api key' as const, oauth: false, apiKey: true },
  { auth_options: 'either' as const, oauth: true, apiKey: true },
])('auth_options $auth_options: OAuth $oauth, API key $apiKey', ({ auth_options, oauth, apiKey }) => {
  expect(offersOAuth({ auth_options })).toBe(oauth);
  expect(offersApiKey({ auth_options })).toBe(apiKey);
});

describe('apiKeyFields', () => {
  test('no fields when the CRM names none', () => {
    expect(apiKeyFields(software())).toEqual([]);
  });

  test('one field per named slot, with its label and placeholder', () => {
    expect(
      apiKeyFields(
        software({
          api_key_1: 'api_key',
          api_key_1_label: 'API key',
          api_key_1_placeholder: 'demo_...',
          api_key_3: 'email',
          api_key_3_label: null,
          api_key_3_placeholder: null,
        }),
      ),
    ).toEqual([
      { storageKey: 'api_key_1', label: 'API key', placeholder: 'demo_...' },
      { storageKey: 'api_key_3', label: 'email', placeholder: '' },
    ]);
  });

  test('all four slots at most', () => {
    const all = software({
      api_key_1: 'a',
      api_key_2: 'b',
      api_key_3: 'c',
      api_key_4: 'd',
      api_key_4_label: 'Fourth',
    });
    expect(apiKeyFields(all).map((field) => field.label)).toEqual(['a', 'b', 'c', 'Fourth']);
  });

  test('a label alone makes a slot', () => {
    expect(apiKeyFields(software({ api_key_2_label: 'Token' }))).toEqual([
      { storageKey: 'api_key_2', label: 'Token', placeholder: '' },
    ]);
  });
});

describe('showsOrganizationChoice and needsPreconnect', () => {
  const field = { id: 'data_centre', name: 'Data centre', type: 'text', placeholder: 'eu' };
  test.each([
    { allow: true, role: 'admin', members: 2, fields: [], choice: true, form: true },
    { allow: true, role: 'admin', members: 1, fields: [], choice: false, form: false },
    { allow: true, role: 'member', members: 5, fields: [], choice: false, form: false },
    { allow: true, role: 'admin', members: null, fields: [], choice: false, form: false },
    { allow: false, role: 'admin', members: 5, fields: [], choice: false, form: false },
    { allow: false, role: 'member', members: 1, fields: [field], choice: false, form: true },
    { allow: true, role: 'admin', members: 3, fields: [field], choice: true, form: true },
  ])(
    'dashboard $allow, role $role, $members members, $fields.length fields → choice $choice, form $form',
    ({ allow, role, members, fields, choice, form }) => {
      const context = { allowOrganizationChoice: allow, role, memberCount: members };
      expect(showsOrganizationChoice(context)).toBe(choice);
      expect(needsPreconnect({ preconnect_fields: fields }, context)).toBe(form);
    },
  );
});

test.each([
  { name: 'Demo CRM', expected: 'D' },
  { name: '  zoho', expected: 'Z' },
  { name: '', expected: '?' },
  { name: null, expected: '?' },
])('initial of $name is $expected', ({ name, expected }) => {
  expect(softwareInitial(name)).toBe(expected);
});
