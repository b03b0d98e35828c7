import { apiUrl, getAppConfig, originUrl } from '../../../src/web/app/config';

afterEach(() => {
  delete window.__APP_CONFIG__;
});

test('defaults when the server sent no configuration: no support form to link to', () => {
  expect(getAppConfig()).toEqual({ apiBase: '/api' });
});

test('the served configuration wins, blank and null values fall back to defaults', () => {
  window.__APP_CONFIG__ = {
    apiBase: '/backend',
    googleClientId: 'client-1',
    supportFormUrl: 'https://help.example.com/billing',
  };
  expect(getAppConfig()).toEqual({
    apiBase: '/backend',
    googleClientId: 'client-1',
    supportFormUrl: 'https://help.example.com/billing',
  });
  window.__APP_CONFIG__ = { apiBase: '', googleClientId: null, supportFormUrl: null };
  expect(getAppConfig()).toEqual({ apiBase: '/api' });
});

test.each([
  'javascript:alert(1)',
  'mailto:support@example.com',
  'data:text/html,hi',
  '/support',
  'not a url',
])('a support form URL that is not absolute http(s) is ignored: %s', (supportFormUrl) => {
  window.__APP_CONFIG__ = { supportFormUrl };
  expect(getAppConfig().supportFormUrl).toBeUndefined();
});

test('apiUrl resolves against the page origin and the current base', () => {
  expect(apiUrl('/get-user')).toBe('http://localhost/api/get-user');
  window.__APP_CONFIG__ = { apiBase: 'https://api.example.test/v1/' };
  expect(apiUrl('get-user')).toBe('https://api.example.test/v1/get-user');
  expect(originUrl('/org-subscription')).toBe('http://localhost/org-subscription');
});
