import { screen, waitFor, within } from '@testing-library/react';
import { aMember, anInvitation, anOrganization, aSubscription, aUser } from '../msw/fixtures';
import { mockOrganizationMembers, noCompanyDomain } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#accessibility: below 600 px the members and invitations tables become cards, with every
// column as a labelled line and every action reachable by a name that says whom it acts on.

const originalMatchMedia = window.matchMedia;

/** A 390 px wide screen: max-width queries up to 599.95 px match, min-width ones do not. */
function phoneWidth(query: string): boolean {
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  if (max && Number(max[1]) < 390) return false;
  if (min && Number(min[1]) > 390) return false;
  return Boolean(max || min);
}

beforeEach(() => {
  window.matchMedia = ((query: string) => ({
    matches: phoneWidth(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
});

afterEach(() => {
  window.matchMedia = originalMatchMedia;
});

const admin = aUser({
  id: 'user-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});
const longEmail = 'bartholomew.longname-wolfeschlegel@subdomain.example.com';

test('members and invitations are cards with name, email, role, product, status and named actions', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  server.use(
    mockOrganizationMembers({
      users: [
        aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' }),
        aMember({
          id: 'user-2',
          name: 'Bartholomew Longname',
          email: longEmail,
          subscription: aSubscription({ stripe_product: 'Pro' }),
        }),
      ],
      invitations: [anInvitation({ id: 'inv-1', email: 'charles@example.com', role: 'member' })],
    }),
  );
  const { user, router } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });

  const members = await screen.findByRole('list', { name: 'Team members' });
  expect(screen.queryByRole('table', { name: 'Team members' })).not.toBeInTheDocument();
  const cards = within(members).getAllByRole('listitem');
  expect(cards).toHaveLength(2);

  const bart = within(cards[1]);
  expect(bart.getByText('Bartholomew Longname')).toBeInTheDocument();
  // The address may break after '@' and before each '.', never inside a word.
  const email = cards[1].querySelector('wbr')?.parentElement;
  expect(email).toHaveTextContent(longEmail);
  expect(email?.querySelectorAll('wbr')).toHaveLength(4);
  expect(bart.getByText('Role')).toBeInTheDocument();
  expect(bart.getByText('Member')).toBeInTheDocument();
  expect(bart.getByText('Product')).toBeInTheDocument();
  expect(bart.getByText('Pro')).toBeInTheDocument();
  expect(bart.getByRole('button', { name: 'Actions for Bartholomew Longname' })).toBeInTheDocument();

  const invitationList = screen.getByRole('list', { name: 'Pending invitations' });
  const invitation = within(within(invitationList).getByRole('listitem'));
  expect(invitation.getByText('Pending')).toBeInTheDocument();
  expect(
    invitation.getByRole('button', { name: 'Actions for the invitation to charles@example.com' }),
  ).toBeEnabled();

  // The admin's menu has no Remove; Remove asks first, like the table's; Edit opens the member's page.
  await user.click(within(cards[0]).getByRole('button', { name: /^Actions for / }));
  expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
  expect(screen.queryByRole('menuitem', { name: 'Remove' })).not.toBeInTheDocument();
  expect(screen.getByRole('menuitem', { name: 'Cannot remove admin' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await user.keyboard('{Escape}');
  await user.click(bart.getByRole('button', { name: 'Actions for Bartholomew Longname' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
  expect(await screen.findByRole('dialog')).toBeInTheDocument();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(bart.getByRole('button', { name: 'Actions for Bartholomew Longname' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  expect(router.state.location.pathname).toBe('/dashboard/member/edit/user-2');
});

test('when two-factor sign-in is required, each card says whether its member has it', async () => {
  server.use(noCompanyDomain());
  server.use(
    mockOrganizationMembers({
      users: [
        aMember({
          id: 'user-1',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          role: 'admin',
          two_factor: true,
        }),
        aMember({ id: 'user-2', name: 'Grace Hopper', email: 'grace@example.com', two_factor: false }),
      ],
      invitations: [],
    }),
  );
  const requiring = aUser({
    id: 'user-1',
    role: 'admin',
    organization: anOrganization({ billing_admin_id: 'user-1', require_two_factor: true }),
  });
  renderApp('/dashboard/organization', { preloadedState: signedIn(requiring) });
  const cards = within(await screen.findByRole('list', { name: 'Team members' }));
  const card = (name: string) => within(cards.getByText(name).closest('li')!);
  expect(card('Grace Hopper').getByText('Two-factor')).toBeInTheDocument();
  expect(card('Grace Hopper').getByText('Not set up')).toBeInTheDocument();
  expect(card('Ada Lovelace').getByText('On')).toBeInTheDocument();
});
