/** Issue 14: a Chinese UI, from the same components; the Settings switch remembers the choice. */
import { screen, within } from '@testing-library/react';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { chooseLocale } from '../../../src/web/i18n/browser-locale';
import { aSession, aUser } from '../msw/fixtures';
import { mockApi, nothingToJoin } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

jest.mock('../../../src/web/i18n/browser-locale', () => ({
  ...jest.requireActual('../../../src/web/i18n/browser-locale'),
  chooseLocale: jest.fn(),
}));

beforeEach(() =>
  server.use(
    mockApi('listSessions', { error: false, data: { sessions: [aSession()] } }),
    mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
  ),
);
afterEach(() => {
  activateLocaleWith('en', {});
  jest.restoreAllMocks();
});

test('in zh-CN the shell, the overview and Settings speak Chinese and <html lang> follows', async () => {
  // Asked on the side: may this user without organization join their company's? (issue 15)
  server.use(nothingToJoin());
  await activateLocale('zh-CN');
  renderApp('/dashboard', { preloadedState: signedIn(aUser({ role: 'admin' })) });
  expect(await screen.findByRole('heading', { level: 1, name: '概览' })).toBeInTheDocument();
  const nav = within(screen.getByRole('navigation', { name: '控制台' }));
  expect(nav.getByRole('link', { name: '组织' })).toBeInTheDocument();
  expect(nav.getByRole('link', { name: '设置' })).toBeInTheDocument();
  expect(screen.getByText('剩余点数')).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('zh-CN');
  expect(document.title).toBe('概览');
});

test('the Settings switch remembers the choice and reloads in it', async () => {
  const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await user.click(screen.getByRole('combobox', { name: 'Language' }));
  await user.click(await screen.findByRole('option', { name: '简体中文' }));
  expect(chooseLocale).toHaveBeenCalledWith('zh-CN');
});
