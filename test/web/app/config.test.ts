import { apiUrl, getAppConfig, originUrl } from '../../../src/web/app/config';

afterEach(() => {
  delete window.__APP_CONFIG__;
});

test('defaults when the server sent no configuration', () => {
  expect(getAppConfig()).toEqual({ apiBase: '/api', supportFormUrl: expect.any(String) });
  expect(getAppConfig().googleClientId).toBeUndefined();
});

test('the served configuration wins, blank values fall back to defaults', () => {
  window.__APP_CONFIG__ = { apiBase: '/backend', googleClientId: 'client-1', supportFormUrl: '' };
  expect(getAppConfig()).toMatchObject({ apiBase: '/backend', googleClientId: 'client-1' });
  expect(getAppConfig().supportFormUrl).not.toBe('');
});

test('apiUrl resolves against the page origin and the current base', () => {
  expect(apiUrl('/get-user')).toBe('http://localhost/api/get-user');
  window.__APP_CONFIG__ = { apiBase: 'https://api.example.test/v1/' };
  expect(apiUrl('get-user')).toBe('https://api.example.test/v1/get-user');
  expect(originUrl('/org-subscription')).toBe('http://localhost/org-subscription');
});
