import { screen, waitFor, within } from '@testing-library/react';
import { aMember, anInvitation, anOrganization, aSoftware, aUser } from '../msw/fixtures';
import {
  heldAnswer,
  mockGetUser,
  mockOrganizationMembers,
  mockSoftware,
  noCompanyDomain,
  nothingToJoin,
  overviewCalls,
} from '../msw/handlers';
import { server } from '../msw/server';
import LoadingState from '../../../src/web/components/LoadingState';
import { renderApp, renderWithProviders, signedIn } from '../utils/render';

// docs/product.md#accessibility: one loading pattern. While the session loads the dashboard frame (brand,
// sidebar or top bar) is drawn at once with skeletons; while a page's data loads its own skeleton is
// shaped like its content. 'Loading...' (docs/product.md#dashboard-shell) stays there for assistive tech, as a status.

/** The loading region: busy, with the status words and nothing else readable inside. */
function busyRegion() {
  const status = screen.getByRole('status');
  const region = status.closest('[aria-busy="true"]');
  if (!region) throw new Error('the loading status is not inside a busy region');
  return { status, region: region as HTMLElement };
}

test('while the user loads, the dashboard frame and a skeleton show, then the sidebar and the page', async () => {
  // Asked on the side: may this user without organization join their company's?
  server.use(nothingToJoin(), ...overviewCalls());
  const answer = heldAnswer();
  server.use(mockGetUser(aUser(), { until: answer.until }), mockSoftware(aSoftware()));
  renderApp('/dashboard');

  // The frame's brand is drawn twice (sidebar, phone top bar); CSS shows the one that fits.
  expect((await screen.findAllByText('CRM Sync')).length).toBeGreaterThan(0);
  const { status, region } = busyRegion();
  expect(status).toHaveTextContent('Loading...');
  // The shapes are for the eyes only: nothing in them is read out.
  expect(within(region).getByText('Loading...')).toBe(status);
  expect(region.querySelector('[aria-hidden="true"]')).not.toBeNull();
  expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();

  answer.release();
  expect(await screen.findByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeInTheDocument();
  // Then the Overview's own cards load theirs (usage, invoices) and every skeleton is gone.
  await waitFor(() => expect(document.querySelector('[aria-busy="true"]')).toBeNull());
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
});

test('while the members load, the organization page keeps its frame and shows a table-shaped skeleton', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  const admin = aUser({
    id: 'user-1',
    role: 'admin',
    organization: anOrganization({ billing_admin_id: 'user-1' }),
  });
  const answer = heldAnswer();
  server.use(
    mockOrganizationMembers(
      {
        users: [aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' })],
        invitations: [anInvitation({ email: 'charles@example.com' })],
      },
      { until: answer.until },
    ),
  );
  renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });

  expect(await screen.findByRole('heading', { name: 'Organization', level: 1 })).toBeInTheDocument();
  expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
  const { status } = busyRegion();
  expect(status).toHaveTextContent('Loading...');
  expect(screen.queryByRole('table', { name: 'Team members' })).not.toBeInTheDocument();

  answer.release();
  expect(await screen.findByRole('table', { name: 'Team members' })).toBeInTheDocument();
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
});

test('a wait with words of its own shows them; plain Loading... is for assistive tech only', () => {
  const { unmount } = renderWithProviders(<LoadingState text="Logging out..." />);
  expect(screen.getByRole('status')).toHaveTextContent('Logging out...');
  expect(screen.getByRole('status')).not.toHaveStyle({ position: 'absolute' });
  unmount();
  renderWithProviders(<LoadingState shape="table" />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  expect(screen.getByRole('status')).toHaveStyle({ position: 'absolute', width: '1px' });
});
