/**
 * The Overview is a home: credits against the cap, extension and CRM with the next onboarding
 * step while one is missing, the organization's seats and the next invoice.
 */
import { screen, within } from '@testing-library/react';
import { aPaidSubscription, anOrganization, aUser } from '../msw/fixtures';
import { nothingToJoin, overviewCalls } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';

const region = async (name: string) => within(await screen.findByRole('region', { name }));

test('a new user reads the next onboarding step first: install the extension', async () => {
  server.use(nothingToJoin(), ...overviewCalls());
  renderApp('/dashboard', { preloadedState: signedIn(aUser({ has_installed: false, connection_id: null })) });

  expect(
    await screen.findByText('Next step: install the extension to sync prospects into your CRM.'),
  ).toBeInTheDocument();
  const setup = await region('Extension and CRM');
  expect(setup.getByText('Not installed')).toBeInTheDocument();
  expect(setup.getByText('Not connected')).toBeInTheDocument();
  expect(setup.getByRole('link', { name: 'Install Extension' })).toHaveAttribute(
    'href',
    '/dashboard/install-extension',
  );
});

test('with the extension installed, the next step is connecting the CRM; once connected, no step', async () => {
  server.use(nothingToJoin(), ...overviewCalls());
  const { unmount } = renderApp('/dashboard', {
    preloadedState: signedIn(aUser({ has_installed: true, connection_id: null })),
  });
  expect(
    await screen.findByText('Next step: connect your CRM so the extension can sync prospects into it.'),
  ).toBeInTheDocument();
  expect((await region('Extension and CRM')).getByRole('link', { name: 'Connect your CRM' })).toHaveAttribute(
    'href',
    '/dashboard/connection',
  );
  unmount();

  server.use(nothingToJoin(), ...overviewCalls());
  renderApp('/dashboard', {
    preloadedState: signedIn(aUser({ has_installed: true, connection_id: 'conn-1' })),
  });
  const setup = await region('Extension and CRM');
  expect(setup.getByText('Installed')).toBeInTheDocument();
  expect(setup.getByText('Connected')).toBeInTheDocument();
  expect(screen.queryByText(/^Next step:/)).not.toBeInTheDocument();
});

test('a connection the CRM no longer accepts needs attention, with Reconnect to the CRM page', async () => {
  server.use(nothingToJoin(), ...overviewCalls());
  const { unmount } = renderApp('/dashboard', {
    preloadedState: signedIn(aUser({ connection_id: 'conn-1', connection_status: 'needs_attention' })),
  });
  const setup = await region('Extension and CRM');
  expect(setup.getByText('Needs attention')).toBeInTheDocument();
  expect(setup.queryByText('Connected')).not.toBeInTheDocument();
  expect(
    setup.getByText('Your CRM no longer accepts this connection: reconnect it to keep syncing profiles.'),
  ).toBeInTheDocument();
  expect(setup.getByRole('link', { name: 'Reconnect' })).toHaveAttribute('href', '/dashboard/connection');
  unmount();

  await activateLocale('zh-CN');
  try {
    server.use(nothingToJoin(), ...overviewCalls());
    renderApp('/dashboard', {
      preloadedState: signedIn(aUser({ connection_id: 'conn-1', connection_status: 'needs_attention' })),
    });
    const zh = await region('扩展与 CRM');
    expect(zh.getByText('需要处理')).toBeInTheDocument();
    expect(zh.getByText('您的 CRM 不再接受此连接：请重新连接以继续同步资料。')).toBeInTheDocument();
    expect(zh.getByRole('link', { name: '重新连接' })).toHaveAttribute('href', '/dashboard/connection');
  } finally {
    activateLocaleWith('en', {});
  }
});

test("a member whose organization's shared connection needs attention is told an admin reconnects it", async () => {
  server.use(...overviewCalls());
  renderApp('/dashboard', {
    preloadedState: signedIn(
      aUser({
        role: 'member',
        connection_id: 'org-conn',
        personal_connection_id: null,
        connection_status: 'needs_attention',
        organization: anOrganization({ billing_admin_id: 'someone-else' }),
      }),
    ),
  });
  const setup = await region('Extension and CRM');
  expect(setup.getByText('Needs attention')).toBeInTheDocument();
  expect(
    setup.getByText("Your CRM no longer accepts your organization's connection: an admin reconnects it."),
  ).toBeInTheDocument();
  expect(setup.queryByRole('link', { name: 'Reconnect' })).not.toBeInTheDocument();
});

test('the billing admin sees credits against the cap, the seats and the next invoice', async () => {
  server.use(
    ...overviewCalls(
      {
        next_invoice: { date: 1_770_000_000, amount: 15_700, interval: 'monthly' },
        payment_method: 'Visa .... 4242',
        invoices: [],
      },
      { monthly_cap: 200, period_spent: 160 },
    ),
  );
  renderApp('/dashboard', {
    preloadedState: signedIn(
      aUser({
        subscription: aPaidSubscription(),
        organization: anOrganization({ seats: { standard: 2, pro: 1 }, member_count: 3 }),
      }),
    ),
  });

  const credits = await region('Credits this period');
  expect(await credits.findByText(/160 of 200 credits used this period \(80%\)/)).toBeInTheDocument();
  expect(credits.getByRole('link', { name: 'View usage' })).toHaveAttribute('href', '/dashboard/usage');

  const seats = await region('Seats');
  expect(seats.getByText('2 Standard and 1 Pro seats purchased')).toBeInTheDocument();
  expect(seats.getByText('3 members in Analytical Engines')).toBeInTheDocument();

  const invoice = await region('Next invoice');
  expect(await invoice.findByText('$157')).toBeInTheDocument();
  expect(invoice.getByText(/^due February 2, 2026$/)).toBeInTheDocument();
  expect(invoice.getByRole('link', { name: 'View billing' })).toHaveAttribute('href', '/dashboard/billing');
});

test('a member sees no invoice card and asks nothing about invoices', async () => {
  server.use(nothingToJoin(), overviewCalls()[0]!);
  renderApp('/dashboard', {
    preloadedState: signedIn(aUser({ id: 'user-2', role: 'member', organization: anOrganization() })),
  });
  await region('Credits this period');
  expect(screen.queryByRole('region', { name: 'Next invoice' })).not.toBeInTheDocument();
});
