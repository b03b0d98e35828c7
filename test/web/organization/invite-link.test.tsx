import { screen, waitFor, within } from '@testing-library/react';
import { anOrganization, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, mockOrganizationMembers, ok, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#invitation-links: on the Organization page an admin of an organization with a verified domain
// creates a link, copies it, sees until when it works, and revokes it after confirming.

const organization = anOrganization({ billing_admin_id: 'user-1' });
const admin = aUser({ id: 'user-1', role: 'admin', email: 'ada@acme.com', organization });
const URL_OF_LINK = 'http://localhost/join/tok-123';
const CREATED = 1764000000;
const EXPIRES = CREATED + 7 * 24 * 3600;

type DomainState = {
  error: false;
  data: {
    domain: string | null;
    pending_domain: null;
    pending_email: null;
    auto_join: boolean;
    join_requests: [];
    invite_link: { domain: string; created_at: number; expires_at: number } | null;
  };
};

function domainState(domain: string | null, withLink: boolean): DomainState {
  return {
    error: false,
    data: {
      domain,
      pending_domain: null,
      pending_email: null,
      auto_join: false,
      join_requests: [],
      invite_link: withLink && domain ? { domain, created_at: CREATED, expires_at: EXPIRES } : null,
    },
  };
}

async function linkSection() {
  return within(await screen.findByRole('region', { name: 'Invitation link' }));
}

test('no block before the domain is verified', async () => {
  server.use(
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('getCompanyDomain', domainState(null, false)),
  );
  renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  expect(await screen.findByRole('region', { name: 'Company domain' })).toBeInTheDocument();
  expect(await screen.findByText(/Verify your company domain/)).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Invitation link' })).not.toBeInTheDocument();
});

test('an admin creates the link, copies it with a confirmation, and sees until when it works', async () => {
  let state = domainState('acme.com', false);
  const create = spyOnApi('createInviteLink', () => {
    state = domainState('acme.com', true);
    return {
      error: false,
      message: 'Invitation link created. Copy it now: it is shown only once.',
      data: { url: URL_OF_LINK, domain: 'acme.com', created_at: CREATED, expires_at: EXPIRES },
    };
  });
  server.use(
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('getCompanyDomain', () => state),
    create.handler,
  );
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  const section = await linkSection();
  expect(
    section.getByText(
      'Anyone signed in with an address at acme.com can join as a Free member through this link.',
    ),
  ).toBeInTheDocument();
  expect(section.getByText('No invitation link is active.')).toBeInTheDocument();

  await user.click(section.getByRole('button', { name: 'Create invitation link' }));
  await waitFor(() => expect(create.requests).toHaveLength(1));
  expect(await section.findByRole('textbox', { name: 'Invitation link' })).toHaveValue(URL_OF_LINK);
  expect(
    await screen.findByText('Invitation link created. Copy it now: it is shown only once.'),
  ).toBeInTheDocument();
  expect(section.getByText(/^The link works until .*2025/)).toBeInTheDocument();

  await user.click(section.getByRole('button', { name: 'Copy link' }));
  expect(writeText).toHaveBeenCalledWith(URL_OF_LINK);
  expect(await section.findByRole('status')).toHaveTextContent('Link copied to the clipboard.');
  expect(section.getByRole('button', { name: 'Create a new link' })).toBeInTheDocument();
});

test('a copy the browser refuses says to copy it by hand', async () => {
  let state = domainState('acme.com', false);
  server.use(
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('getCompanyDomain', () => state),
    mockApi('createInviteLink', () => {
      state = domainState('acme.com', true);
      return {
        error: false,
        message: 'Invitation link created. Copy it now: it is shown only once.',
        data: { url: URL_OF_LINK, domain: 'acme.com', created_at: CREATED, expires_at: EXPIRES },
      };
    }),
  );
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
  const section = await linkSection();
  await user.click(section.getByRole('button', { name: 'Create invitation link' }));
  await user.click(await section.findByRole('button', { name: 'Copy link' }));
  expect(await section.findByRole('status')).toHaveTextContent(
    'Could not copy: select the link and copy it yourself.',
  );
});

test('a working link made earlier is not shown again; revoking asks first, Cancel keeps it', async () => {
  let state = domainState('acme.com', true);
  const revoke = spyOnApi('revokeInviteLink', () => {
    state = domainState('acme.com', false);
    return ok('The invitation link was revoked: it no longer works.');
  });
  server.use(
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('getCompanyDomain', () => state),
    revoke.handler,
  );
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  const section = await linkSection();
  expect(section.queryByRole('textbox', { name: 'Invitation link' })).not.toBeInTheDocument();
  expect(section.getByText(/The link is shown only when it is created/)).toBeInTheDocument();

  await user.click(section.getByRole('button', { name: 'Revoke link' }));
  let dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation link?' });
  expect(dialog).toHaveTextContent('People who have the link will no longer be able to join with it.');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(revoke.requests).toHaveLength(0);

  await user.click(section.getByRole('button', { name: 'Revoke link' }));
  dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation link?' });
  await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(revoke.requests).toHaveLength(1));
  expect(await screen.findByText('The invitation link was revoked: it no longer works.')).toBeInTheDocument();
  expect(await section.findByText('No invitation link is active.')).toBeInTheDocument();
});

test('a refused creation shows the server words', async () => {
  server.use(
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('getCompanyDomain', domainState('acme.com', false)),
    mockApiError('createInviteLink', 'Too many attempts, please try again later.', { status: 429 }),
  );
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  const section = await linkSection();
  await user.click(section.getByRole('button', { name: 'Create invitation link' }));
  const alert = await section.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to create the invitation link');
  expect(alert).toHaveTextContent('Too many attempts, please try again later.');
});
