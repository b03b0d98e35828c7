/** A mutation refetches the queries showing what it changed (api/tags.ts). */
import { waitFor } from '@testing-library/react';
import { api } from '../utils/api';
import { makeStore, type AppStore } from '../../../src/web/app/store';
import { aMember, anInvitation, anOrgSubscriptionItem, aUser } from '../msw/fixtures';
import { membersPage, mockApi, mockApiError, ok, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';

function watchQueries(store: AppStore) {
  const user = spyOnApi('getUser', { error: false, data: aUser() });
  const members = spyOnApi(
    'getOrganizationMembers',
    membersPage({ users: [aMember()], invitations: [anInvitation()] }, new URLSearchParams()),
  );
  const subscription = spyOnApi('getOrgSubscription', { items: [anOrgSubscriptionItem()] });
  server.use(user.handler, members.handler, subscription.handler);
  // Subscribed like a mounted page would be.
  void store.dispatch(api.endpoints.getUser.initiate());
  void store.dispatch(api.endpoints.getOrganizationMembers.initiate({}));
  void store.dispatch(api.endpoints.getOrgSubscription.initiate({ id: 'sub_123' }));
  return { user: user.requests, members: members.requests, subscription: subscription.requests };
}

async function settled(store: AppStore) {
  await Promise.all(store.dispatch(api.util.getRunningQueriesThunk()));
}

type Refetched = Array<'user' | 'members' | 'subscription'>;

const cases: Array<[string, Refetched, (store: AppStore) => Promise<unknown>]> = [
  [
    'setSettings',
    ['user'],
    (store) => {
      server.use(mockApi('setSettings', { ...ok(), data: aUser() }));
      return store.dispatch(api.endpoints.setSettings.initiate({ name: 'Ada' }));
    },
  ],
  [
    'setUserBoolean',
    ['user'],
    (store) => {
      server.use(mockApi('setUserBoolean', ok()));
      return store.dispatch(api.endpoints.setUserBoolean.initiate({ key: 'has_onboarded', value: true }));
    },
  ],
  [
    'login',
    ['user', 'members', 'subscription'],
    (store) => {
      server.use(mockApi('login', { ...ok(), user: aUser(), software: null }));
      return store.dispatch(api.endpoints.login.initiate({ email: 'a@example.com', password: 'x' }));
    },
  ],
  [
    'logout',
    ['user', 'members', 'subscription'],
    (store) => {
      server.use(mockApi('logout', ok()));
      return store.dispatch(api.endpoints.logout.initiate());
    },
  ],
  [
    'disconnect',
    ['user'],
    (store) => {
      server.use(mockApi('disconnect', ok()));
      return store.dispatch(api.endpoints.disconnect.initiate());
    },
  ],
  [
    'inviteUser',
    ['user', 'members'],
    (store) => {
      server.use(mockApi('inviteUser', { ...ok(), data: anInvitation() }));
      return store.dispatch(api.endpoints.inviteUser.initiate({ email: 'g@example.com' }));
    },
  ],
  [
    'resendInvitation',
    ['members'],
    (store) => {
      server.use(mockApi('resendInvitation', ok()));
      return store.dispatch(api.endpoints.resendInvitation.initiate({ invitation_id: 'inv-1' }));
    },
  ],
  [
    'removeOrganizationUser',
    ['user', 'members'],
    (store) => {
      server.use(mockApi('removeOrganizationUser', ok()));
      return store.dispatch(api.endpoints.removeOrganizationUser.initiate({ user_id: 'user-2' }));
    },
  ],
  [
    'setUserProduct',
    ['user', 'members'],
    (store) => {
      server.use(mockApi('setUserProduct', ok()));
      return store.dispatch(
        api.endpoints.setUserProduct.initiate({
          user_id: 'user-2',
          product: 'Pro',
          role: 'member',
        }),
      );
    },
  ],
  [
    'buyMoreSeats',
    ['user', 'members', 'subscription'],
    (store) => {
      server.use(mockApi('buyMoreSeats', { error: false, url: null }));
      return store.dispatch(api.endpoints.buyMoreSeats.initiate({ standard_seats: 1, pro_seats: 0 }));
    },
  ],
  [
    'checkout',
    ['user', 'members', 'subscription'],
    (store) => {
      server.use(mockApi('checkout', { error: false, url: 'http://localhost/sandbox/checkout/1' }));
      return store.dispatch(
        api.endpoints.checkout.initiate({ items: [{ price_id: 'price_pro_yearly', quantity: 1 }] }),
      );
    },
  ],
];

test.each(cases)('%s refetches %j and nothing else', async (_name, refetched, mutate) => {
  const store = makeStore();
  const requests = watchQueries(store);
  await settled(store);
  expect([requests.user.length, requests.members.length, requests.subscription.length]).toEqual([1, 1, 1]);

  await mutate(store);

  await waitFor(() => {
    for (const query of refetched) expect(requests[query]).toHaveLength(2);
  });
  await settled(store);
  for (const query of ['user', 'members', 'subscription'] as const) {
    expect(requests[query]).toHaveLength(refetched.includes(query) ? 2 : 1);
  }
});

test('a failed mutation refetches nothing', async () => {
  const store = makeStore();
  const requests = watchQueries(store);
  await settled(store);
  // A 2xx answer carrying `error: true` is a failure too.
  server.use(mockApiError('setSettings', 'Name too long', { status: 200 }));

  const result = await store.dispatch(api.endpoints.setSettings.initiate({ name: 'x'.repeat(300) }));

  expect(result.error).toMatchObject({ data: { message: 'Name too long' } });
  await settled(store);
  expect(requests.user).toHaveLength(1);
});
