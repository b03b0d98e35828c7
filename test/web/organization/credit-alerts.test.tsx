import { screen, waitFor, within } from '@testing-library/react';
import { aMember, anOrganization, aUser } from '../msw/fixtures';
import {
  heldAnswer,
  mockApi,
  mockApiError,
  mockOrganizationMembers,
  noCompanyDomain,
  spyOnApi,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';
import { activateLocaleWith } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';

// docs/product.md#credit-alerts: admins choose the credit alerts and the cap new members start with.

const admin = aUser({
  id: 'user-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});
const team = [aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' })];

const SAVED = {
  cap_warning_alert: false,
  cap_reached_alert: true,
  pool_below_alert: null,
  credit_request_alert: true,
  default_monthly_cap: null,
};

function renderOrganization(viewer = admin) {
  server.use(noCompanyDomain(), mockOrganizationMembers({ users: team, invitations: [] }));
  return renderApp('/dashboard/organization', { preloadedState: signedIn(viewer) });
}

const settings = (data = SAVED) => mockApi('getCreditSettings', { error: false, data });

afterEach(() => activateLocaleWith('en', {}));

test('an admin opens the alerts, sees what is saved, and saves a new choice', async () => {
  const held = heldAnswer();
  const save = spyOnApi('setCreditSettings', {
    error: false,
    message: 'Credit alerts and the default cap were saved.',
  });
  server.use(
    mockApi('getCreditSettings', { error: false, data: SAVED }, { until: held.until }),
    save.handler,
  );
  const { user } = renderOrganization();
  const open = await screen.findByRole('button', { name: 'Set credit alerts' });
  expect(open).toHaveAttribute('aria-expanded', 'false');
  await user.click(open);
  expect(screen.getByRole('button', { name: 'Hide credit alerts' })).toHaveAttribute('aria-expanded', 'true');
  const section = within(screen.getByRole('region', { name: 'Credit alerts' }));
  expect(await section.findByText('Loading...')).toBeInTheDocument();
  held.release();
  const form = within(await screen.findByRole('form', { name: 'Credit alerts' }));
  expect(form.getByRole('checkbox', { name: 'a member reaches 75% of their monthly cap' })).not.toBeChecked();
  expect(form.getByRole('checkbox', { name: 'a member reaches their monthly cap' })).toBeChecked();
  expect(form.getByRole('checkbox', { name: 'a member asks for credits' })).toBeChecked();
  expect(form.queryByRole('textbox', { name: 'Credits in the pool' })).not.toBeInTheDocument();

  await user.click(form.getByRole('checkbox', { name: 'a member reaches 75% of their monthly cap' }));
  await user.click(form.getByRole('checkbox', { name: 'the team pool falls below a number of credits' }));
  const threshold = form.getByRole('textbox', { name: 'Credits in the pool' });
  await user.clear(threshold);
  await user.type(threshold, '0');
  expect(form.getByText('Enter a whole number of credits from 1.')).toBeInTheDocument();
  expect(form.getByRole('button', { name: 'Save alerts' })).toBeDisabled();
  await user.clear(threshold);
  await user.type(threshold, '250');
  await user.type(form.getByRole('textbox', { name: 'Default monthly cap for new members' }), '40');
  await user.click(form.getByRole('button', { name: 'Save alerts' }));
  expect(await screen.findByText('Credit alerts and the default cap were saved.')).toBeInTheDocument();
  expect(save.requests[0]!.body).toEqual({
    cap_warning_alert: true,
    cap_reached_alert: true,
    pool_below_alert: 250,
    credit_request_alert: true,
    default_monthly_cap: 40,
  });
});

test('is reached and changed with the keyboard alone', async () => {
  const save = spyOnApi('setCreditSettings', { error: false, message: 'Saved' });
  server.use(settings(), save.handler);
  const { user } = renderOrganization();
  const open = await screen.findByRole('button', { name: 'Set credit alerts' });
  open.focus();
  await user.keyboard('{Enter}');
  const form = within(await screen.findByRole('form', { name: 'Credit alerts' }));
  const requests = form.getByRole('checkbox', { name: 'a member asks for credits' });
  requests.focus();
  await user.keyboard(' ');
  expect(requests).not.toBeChecked();
  form.getByRole('button', { name: 'Save alerts' }).focus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(save.requests).toHaveLength(1));
  expect(save.requests[0]!.body).toMatchObject({ credit_request_alert: false });
});

test('says so when no alert is on', async () => {
  server.use(settings({ ...SAVED, cap_reached_alert: false, credit_request_alert: false }));
  const { user } = renderOrganization();
  await user.click(await screen.findByRole('button', { name: 'Set credit alerts' }));
  expect(
    await screen.findByText(
      'No alert is on: admins get no mail about credits, and members cannot ask for credits here.',
    ),
  ).toBeInTheDocument();
});

test("a failed load says why and tries again; a refused save shows the server's words", async () => {
  server.use(
    mockApiError('getCreditSettings', 'Something went wrong', { status: 500, once: true }),
    settings(),
    mockApiError('setCreditSettings', 'Team pool threshold must be at most 10000000.'),
  );
  const { user } = renderOrganization();
  await user.click(await screen.findByRole('button', { name: 'Set credit alerts' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load the credit alerts');
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  const form = within(await screen.findByRole('form', { name: 'Credit alerts' }));
  await user.click(form.getByRole('button', { name: 'Save alerts' }));
  const refused = await form.findByRole('alert');
  expect(refused).toHaveTextContent('Failed to save the credit alerts');
  expect(refused).toHaveTextContent('Team pool threshold must be at most 10000000.');
});

test('a member sees no credit alerts', async () => {
  renderOrganization(aUser({ id: 'user-2', role: 'member', organization: anOrganization() }));
  await screen.findByText('Ada Lovelace');
  expect(screen.queryByRole('button', { name: 'Set credit alerts' })).not.toBeInTheDocument();
});

test('in Chinese', async () => {
  activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
  server.use(settings());
  const { user } = renderOrganization();
  await user.click(await screen.findByRole('button', { name: '设置点数提醒' }));
  const form = within(await screen.findByRole('form', { name: '点数提醒' }));
  expect(form.getByRole('checkbox', { name: '成员达到每月上限' })).toBeChecked();
  expect(form.getByRole('textbox', { name: '新成员的默认每月上限' })).toHaveValue('');
  expect(form.getByRole('button', { name: '保存提醒' })).toBeEnabled();
});
