import { screen, waitFor } from '@testing-library/react';
import { PoolCreditsDialog } from '../../../src/web/features/organization/components/PoolCreditsDialog';
import { activateLocaleWith } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';
import { aCreditUsage, aMember, anOrganization, aUsageReport, aUser } from '../msw/fixtures';
import { mockApi, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, renderWithProviders, signedIn } from '../utils/render';

// docs/product.md#the-team-pool: grants from the pool, a member asking for credits, the buyer's choice.

const member = aUser({
  id: 'user-2',
  role: 'member',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});

afterEach(() => activateLocaleWith('en', {}));

test('a member who ran out is told to ask an admin, never to buy, and asks with "Request credits"', async () => {
  const ask = spyOnApi('requestCredits', { error: false, message: 'Your admins were asked for credits.' });
  server.use(
    mockApi('getCreditUsage', {
      error: false,
      data: aCreditUsage({ user_id: 'user-2', credits: 0, plan_credits: 0, pool_credits: 0 }),
    }),
    mockApi('getUsageReport', { error: false, data: aUsageReport({ scope: 'self' }) }),
    ask.handler,
  );
  const { user } = renderApp('/dashboard/usage', { preloadedState: signedIn(member) });

  expect(
    await screen.findByText('You are out of credits: ask your organization admin for more.'),
  ).toBeInTheDocument();
  expect(screen.getByText('Team pool: 0 credits')).toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Buy credits' })).not.toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Note for your admins (optional)' }), 'Berlin leads');
  await user.click(screen.getByRole('button', { name: 'Request credits' }));
  expect(await screen.findByText('Your admins were asked for credits.')).toBeInTheDocument();
  expect(ask.requests[0]!.body).toEqual({ note: 'Berlin leads' });
});

test('an admin grants credits of the pool to a chosen member, then takes unused ones back', async () => {
  const members = [
    aMember({ id: 'user-2', name: 'Grace Hopper', email: 'grace@example.com' }),
    aMember({ id: 'user-3', name: 'Sam Stone', email: 'sam@example.com' }),
  ];
  const grant = spyOnApi('grantCredits', {
    error: false,
    message: 'Granted 30 credits to Grace Hopper.',
    data: { granted: 30, members: 1, pool_credits: 70, replayed: false },
  });
  const takeBack = spyOnApi('takeBackCredits', {
    error: false,
    message: 'Took back 30 credits from Grace Hopper.',
    data: { taken_back: 30, members: 1, pool_credits: 100, replayed: false },
  });
  server.use(
    mockApi('getCreditUsage', { error: false, data: aCreditUsage({ pool_credits: 100 }) }),
    grant.handler,
    takeBack.handler,
  );
  const done = jest.fn();
  const { user } = renderWithProviders(
    <PoolCreditsDialog open members={members} onClose={() => {}} onDone={done} />,
    { preloadedState: signedIn(aUser({ role: 'admin' })) },
  );

  expect(await screen.findByText('The team pool holds 100 credits.')).toBeInTheDocument();
  const submit = screen.getByRole('button', { name: 'Grant credits' });
  expect(submit).toBeDisabled();
  await user.click(screen.getByRole('combobox', { name: 'Members' }));
  await user.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
  await user.type(screen.getByRole('textbox', { name: 'Credits per member' }), '-5');
  expect(submit).toBeDisabled();
  await user.clear(screen.getByRole('textbox', { name: 'Credits per member' }));
  await user.type(screen.getByRole('textbox', { name: 'Credits per member' }), '30');
  await user.type(screen.getByRole('textbox', { name: 'Reason (optional)' }), 'Campaign');
  await user.click(submit);
  await waitFor(() => expect(done).toHaveBeenCalledWith('Granted 30 credits to Grace Hopper.'));
  expect(grant.requests[0]!.body).toMatchObject({ user_ids: ['user-2'], amount: 30, reason: 'Campaign' });
  expect(grant.requests[0]!.body).toHaveProperty('idempotency_key', expect.any(String));

  await user.click(screen.getByRole('radio', { name: 'Take back unused' }));
  await user.click(screen.getByRole('combobox', { name: 'Members' }));
  await user.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
  // Empty: every unused granted credit.
  await user.click(screen.getByRole('button', { name: 'Take back credits' }));
  await waitFor(() => expect(done).toHaveBeenCalledWith('Took back 30 credits from Grace Hopper.'));
  expect(takeBack.requests[0]!.body).toMatchObject({ user_ids: ['user-2'], amount: null });
});

test('the dialog speaks Chinese', async () => {
  activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
  server.use(mockApi('getCreditUsage', { error: false, data: aCreditUsage({ pool_credits: 100 }) }));
  renderWithProviders(<PoolCreditsDialog open members={[]} onClose={() => {}} onDone={() => {}} />, {
    preloadedState: signedIn(aUser({ role: 'admin' })),
  });
  expect(await screen.findByText('团队点数池有 100 点。')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '分配点数' })).toBeDisabled();
});
