/**
 * The server's messages by code (docs/architecture.md#messages-by-code): every code the server can send
 * has its Chinese text with the same placeholders, and a Chinese user reads a server message in Chinese
 * rendered from its code and values, whatever its English words say; a code this app does not know (a
 * newer server's) shows the English message as sent.
 */
import { screen, within } from '@testing-library/react';
import { MESSAGES, type MessageCode } from '../../../src/contract/messages';
import { activateLocaleWith, serverText } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';
import { serverCodes as chinese } from '../../../src/web/i18n/zh-CN/server-codes';
import { aSession, aUser } from '../msw/fixtures';
import { mockApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';
import { http, HttpResponse } from 'msw';
import { apiUrl } from '../../../src/web/app/config';

const HAN = /[\p{Script=Han}]/u;
const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g))].sort();

const codes = Object.keys(MESSAGES) as MessageCode[];

describe('the Chinese of every server message', () => {
  test('every code of src/contract/messages.ts has one, and no other code', () => {
    expect(Object.keys(chinese).sort()).toEqual([...codes].sort());
  });

  test.each(codes)('%s: non-empty Chinese with the placeholders of the English', (code) => {
    expect(chinese[code]).toEqual(expect.stringMatching(HAN));
    expect(placeholders(chinese[code])).toEqual(placeholders(MESSAGES[code]));
  });
});

describe('serverText()', () => {
  beforeAll(() => activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode));
  afterAll(() => activateLocaleWith('en', {}));

  test('renders the code with its values; a plan and a field name read in Chinese', () => {
    expect(serverText({ message: 'x', code: 'domain_verified', params: { domain: 'acme.com' } })).toBe(
      'acme.com 已验证。',
    );
    expect(
      serverText({ message: 'x', code: 'seat_already_held', params: { member: 'Grace', plan: 'Pro' } }),
    ).toBe('Grace 已拥有专业版席位。');
    expect(
      serverText({ message: 'x', code: 'field_too_short', params: { label: 'New password', count: 8 } }),
    ).toBe('新密码 长度至少为 8 个字符。');
  });

  test('a value keeps any characters: braces, dollars, regex syntax', () => {
    for (const domain of ['{email}', '$& $1', 'a.b*c+?(x)|[y]^$']) {
      expect(serverText({ message: 'x', code: 'domain_verified', params: { domain } })).toBe(
        `${domain} 已验证。`,
      );
    }
  });

  test('an unknown code, or none, shows the message as sent', () => {
    expect(serverText({ message: 'A newer refusal.', code: 'from_a_newer_server', params: {} })).toBe(
      'A newer refusal.',
    );
    expect(serverText({ message: 'No code at all.' })).toBe('No code at all.');
  });

  test('in English the message is shown as sent', () => {
    activateLocaleWith('en', {});
    try {
      expect(serverText({ message: 'acme.com is verified.', code: 'domain_verified', params: {} })).toBe(
        'acme.com is verified.',
      );
    } finally {
      activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
    }
  });
});

test('a Chinese user sees a server refusal in Chinese, from its code, even when its English is reworded', async () => {
  activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
  try {
    server.use(
      mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
      mockApi('listSessions', { error: false, data: { sessions: [aSession({ current: true })] } }),
      http.post(apiUrl('/change-password'), () =>
        HttpResponse.json(
          {
            error: true,
            message: 'Reworded: that is not your password.',
            code: 'current_password_wrong',
            params: {},
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
    const form = await screen.findByRole('form', { name: '修改密码' });
    await user.type(within(form).getByLabelText('当前密码'), 'wrong');
    await user.type(within(form).getByLabelText('新密码'), 'N3w-Passw0rd!');
    await user.click(within(form).getByRole('button', { name: '修改密码' }));
    expect(await within(form).findByText('您当前的密码不正确。')).toBeInTheDocument();
    expect(within(form).queryByText(/Reworded/)).not.toBeInTheDocument();
  } finally {
    activateLocaleWith('en', {});
  }
});
