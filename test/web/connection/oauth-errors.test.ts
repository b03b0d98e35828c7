/**
 * @jest-environment node
 */
import { UNKNOWN_OAUTH_ERROR, oauthErrorText } from '../../../src/web/features/connection/lib/oauth-errors';

const RFC_CODES = [
  'access_denied',
  'invalid_request',
  'unauthorized_client',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
];

test('every OAuth error code of RFC 6749 gets a sentence of its own, never the code', () => {
  for (const code of RFC_CODES) {
    const text = oauthErrorText(code);
    expect(text).not.toBe(UNKNOWN_OAUTH_ERROR);
    expect(text).toMatch(/^[A-Z].*\.$/);
    expect(text).not.toMatch(/_/);
  }
  expect(oauthErrorText('access_denied')).toMatch(/cancelled/);
  expect(oauthErrorText(' ACCESS_DENIED ')).toBe(oauthErrorText('access_denied'));
});

test('an unknown, empty or crafted code gets the generic sentence', () => {
  for (const code of [null, undefined, '', 'weird_code', '<b>hi</b>', 'constructor', '__proto__']) {
    expect(oauthErrorText(code)).toBe(UNKNOWN_OAUTH_ERROR);
  }
});
