/**
 * @jest-environment node
 */
/** The sanitizer as a pure function; devtools-store.test.ts checks it on a real store. */
import { isSecretKey, REDACTED, redactSecrets } from '../../../src/web/app/devtools-sanitizer';

describe('isSecretKey', () => {
  test.each([
    'password',
    'new_password',
    'oauth_access_token',
    'oauth_refresh_token',
    'oauth_code',
    'oauth_expires_at',
    'access_token',
    'refresh_token',
    'token',
    'invitation_token',
    'api_key_1',
    'api_key_4',
    'api_keys',
  ])('%s is redacted', (key) => expect(isSecretKey(key)).toBe(true));

  test.each([
    'email',
    'name',
    'api_key_1_label',
    'api_key_2_placeholder',
    'token_type',
    'software',
    'key',
    'id',
  ])('%s is kept', (key) => expect(isSecretKey(key)).toBe(false));
});

describe('redactSecrets', () => {
  test('redacts nested objects and arrays without touching the input', () => {
    const input = Object.freeze({
      type: 'x',
      payload: {
        form: { email: 'ada@example.com', password: 'S3cret!pass' },
        list: [{ api_key_1: 'demo_key_1', api_key_1_label: 'API key' }, 'plain'],
        deep: { a: { b: { c: { new_password: 'N3w!pass' } } } },
      },
    });

    const output = redactSecrets(input);

    expect(output).toEqual({
      type: 'x',
      payload: {
        form: { email: 'ada@example.com', password: REDACTED },
        list: [{ api_key_1: REDACTED, api_key_1_label: 'API key' }, 'plain'],
        deep: { a: { b: { c: { new_password: REDACTED } } } },
      },
    });
    expect(input.payload.form.password).toBe('S3cret!pass');
  });

  test('keeps null and absent secrets visible as such (useful to debug, nothing to hide)', () => {
    expect(redactSecrets({ api_key_2: null, token: undefined })).toEqual({
      api_key_2: null,
      token: undefined,
    });
  });

  test('survives cycles and replaces fetch Request objects with a label', () => {
    const cyclic: Record<string, unknown> = { password: 'S3cret!pass' };
    cyclic.self = cyclic;
    const request = new Request('http://localhost/api/login', {
      method: 'POST',
      body: '{"password":"S3cret!pass"}',
    });

    const output = redactSecrets({ cyclic, meta: { request } }) as {
      cyclic: { password: string; self: unknown };
      meta: { request: unknown };
    };

    expect(output.cyclic.password).toBe(REDACTED);
    expect(output.cyclic.self).toBe(output.cyclic);
    expect(output.meta.request).toBe('[Request http://localhost/api/login]');
  });

  test('redacts secret query values in the URL of a recorded Request (accept-invite carries the token)', () => {
    const request = new Request('http://localhost/api/accept-invite?token=INVITE-SECRET&software=demo-crm', {
      method: 'POST',
    });
    const output = redactSecrets({ meta: { baseQueryMeta: { request } } });
    const label = output.meta.baseQueryMeta.request as unknown as string;
    expect(label).not.toContain('INVITE-SECRET');
    expect(label).toBe(
      `[Request http://localhost/api/accept-invite?token=${encodeURIComponent(REDACTED)}&software=demo-crm]`,
    );
  });
});
