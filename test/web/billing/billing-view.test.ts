/**
 * @jest-environment node
 */
import { managesBilling } from '../../../src/shared/permissions';
import { billingLayout, fixedSchedule } from '../../../src/web/features/billing/lib/billing-view';
import { aPaidSubscription, anOrganization, aSubscription, aUser } from '../msw/fixtures';

const team = anOrganization({ member_count: 3 });
const soloOrg = anOrganization({ member_count: 1 });

test.each([
  ['a member', aUser({ role: 'member', organization: team }), 'member'],
  [
    'an admin who is not the billing admin',
    aUser({ organization: anOrganization({ billing_admin_id: 'someone-else' }) }),
    'member',
  ],
  [
    'the billing admin of a team, paying',
    aUser({ organization: team, subscription: aPaidSubscription() }),
    'team',
  ],
  ['the billing admin of a team, on Free', aUser({ organization: team }), 'team'],
  [
    'an admin of a team without a billing admin',
    aUser({ organization: anOrganization({ billing_admin_id: null }) }),
    'team',
  ],
  ['a Free admin without an organization', aUser(), 'purchase'],
  ['a Free admin alone in an organization', aUser({ organization: soloOrg }), 'purchase'],
  [
    'an admin on "free" in another case',
    aUser({ subscription: aSubscription({ stripe_product: 'FREE' as 'Free' }) }),
    'purchase',
  ],
  ['a paying admin without an organization', aUser({ subscription: aPaidSubscription() }), 'details'],
  [
    'a paying admin alone in an organization',
    aUser({ organization: soloOrg, subscription: aPaidSubscription({ stripe_product: 'Pro' }) }),
    'details',
  ],
] as const)('%s gets the %s view', (_case, user, layout) => {
  expect(billingLayout(user)).toBe(layout);
});

test('only admins manage billing', () => {
  expect(managesBilling(aUser({ role: 'member' }))).toBe(false);
  expect(managesBilling(aUser())).toBe(true);
});

test.each([
  [aSubscription(), null],
  [aSubscription({ stripe_interval: 'monthly' }), null],
  [aPaidSubscription({ stripe_interval: 'monthly' }), 'monthly'],
  [aPaidSubscription({ stripe_interval: 'yearly' }), 'yearly'],
  [aPaidSubscription({ stripe_interval: null }), null],
] as const)('the period of %j is fixed to %p', (subscription, schedule) => {
  expect(fixedSchedule(subscription)).toBe(schedule);
});
