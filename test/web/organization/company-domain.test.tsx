import { screen, waitFor, within } from '@testing-library/react';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { anOrganization, aUser } from '../msw/fixtures';
import type { HttpHandler } from 'msw';
import type { components } from '../../../src/contract/api';
import { mockApi, mockApiError, mockOrganizationMembers, ok, overviewCalls, spyOnApi } from '../msw/handlers';
import type { SuccessBody } from '../../../src/contract/types';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#company-domain-and-join-requests: an admin verifies the domain and answers requests to join on the Organization
// page; a signed-in user without organization at a verified domain is offered to request to join.
// The prompt is on the Overview, whose cards ask for usage and invoices too.
beforeEach(() => server.use(...overviewCalls()));

const organization = anOrganization({ billing_admin_id: 'user-1' });
const admin = aUser({ id: 'user-1', role: 'admin', email: 'ada@acme.com', organization });

const noDomain = {
  error: false as const,
  data: {
    domain: null,
    pending_domain: null,
    pending_email: null,
    auto_join: false,
    join_requests: [],
    invite_link: null,
  },
};

type JoinRequest = components['schemas']['JoinRequest'];

/** get-company-domain's answer for a verified acme.com with these pending requests. */
const verifiedWith = (joinRequests: JoinRequest[]) => ({
  error: false as const,
  data: {
    domain: 'acme.com',
    pending_domain: null,
    pending_email: null,
    auto_join: false,
    join_requests: joinRequests,
    invite_link: null,
  },
});

test('an admin sends a verification code, then enters it, and the verified domain shows', async () => {
  let state: typeof noDomain | { error: false; data: Record<string, unknown> } = noDomain;
  const start = spyOnApi('startDomainVerification', ok('We sent a verification code to it@acme.com.'));
  const verify = spyOnApi('verifyDomain', ok('acme.com is verified.'));
  server.use(
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('getCompanyDomain', () => state as typeof noDomain),
    start.handler,
    verify.handler,
  );
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  const section = within(await screen.findByRole('region', { name: 'Company domain' }));
  const form = within(await section.findByRole('form', { name: 'Verify a company domain' }));
  await user.type(form.getByRole('textbox', { name: 'Company domain' }), 'acme.com');
  // The mailed code is the second method: the admin chooses it.
  await user.click(form.getByRole('radio', { name: 'Email a code to an address at the domain' }));
  await user.type(form.getByRole('textbox', { name: /Send the code to/ }), 'it@acme.com');
  state = {
    error: false,
    data: {
      domain: null,
      pending_domain: 'acme.com',
      pending_email: 'it@acme.com',
      auto_join: false,
      join_requests: [],
      invite_link: null,
    },
  };
  await user.click(form.getByRole('button', { name: 'Send verification code' }));
  await waitFor(() => expect(start.requests).toHaveLength(1));
  expect(start.requests[0]!.body).toEqual({ domain: 'acme.com', email: 'it@acme.com' });
  expect(await screen.findByText('We sent a verification code to it@acme.com.')).toBeInTheDocument();

  const codeForm = within(await section.findByRole('form', { name: 'Enter the verification code' }));
  expect(codeForm.getByText('A code for acme.com was sent to it@acme.com.')).toBeInTheDocument();
  await user.type(codeForm.getByRole('textbox', { name: 'Verification code' }), 'K7P2QX9M');
  state = {
    error: false,
    data: {
      domain: 'acme.com',
      pending_domain: null,
      pending_email: null,
      auto_join: false,
      join_requests: [],
      invite_link: null,
    },
  };
  await user.click(codeForm.getByRole('button', { name: 'Verify domain' }));
  await waitFor(() => expect(verify.requests).toHaveLength(1));
  expect(verify.requests[0]!.body).toEqual({ code: 'K7P2QX9M' });
  expect(await section.findByText('Verified domain: acme.com')).toBeInTheDocument();
});

test('a verified domain shows as a fact with Change domain; the form comes back only when asked for', async () => {
  server.use(
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('getCompanyDomain', {
      error: false,
      data: {
        domain: 'acme.com',
        pending_domain: null,
        pending_email: null,
        auto_join: false,
        join_requests: [],
        invite_link: null,
      },
    }),
  );
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  const section = within(await screen.findByRole('region', { name: 'Company domain' }));
  expect(await section.findByText('Verified domain: acme.com')).toBeInTheDocument();
  expect(section.queryByRole('form', { name: 'Verify a company domain' })).not.toBeInTheDocument();

  await user.click(section.getByRole('button', { name: 'Change domain' }));
  const form = within(section.getByRole('form', { name: 'Verify a company domain' }));
  expect(form.getByRole('textbox', { name: 'Company domain' })).toHaveFocus();
  await user.click(form.getByRole('button', { name: 'Cancel' }));
  expect(section.queryByRole('form', { name: 'Verify a company domain' })).not.toBeInTheDocument();
  await waitFor(() => expect(section.getByRole('button', { name: 'Change domain' })).toHaveFocus());
});

test('the code of the mailed link is filled in', async () => {
  server.use(
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('getCompanyDomain', {
      error: false,
      data: {
        domain: null,
        pending_domain: 'acme.com',
        pending_email: 'ada@acme.com',
        auto_join: false,
        join_requests: [],
        invite_link: null,
      },
    }),
  );
  renderApp('/dashboard/organization?domain_code=K7P2QX9M', { preloadedState: signedIn(admin) });
  expect(await screen.findByRole('textbox', { name: 'Verification code' })).toHaveValue('K7P2QX9M');
});

test('a free-mail domain is refused with the server message', async () => {
  server.use(
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('getCompanyDomain', noDomain),
    mockApiError(
      'startDomainVerification',
      'Free email providers such as gmail.com or outlook.com cannot be verified: use your company domain.',
    ),
  );
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  await user.type(await screen.findByRole('textbox', { name: 'Company domain' }), 'gmail.com');
  await user.click(screen.getByRole('radio', { name: 'Email a code to an address at the domain' }));
  await user.click(screen.getByRole('button', { name: 'Send verification code' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to send the verification code');
  expect(alert).toHaveTextContent('use your company domain');
});

test('pending requests are listed; Approve and Decline answer them by keyboard', async () => {
  const requests = [
    {
      id: '4',
      email: 'grace@acme.com',
      name: 'Grace Hopper',
      address_confirmed: true,
      created_at: 1764000000,
      expires_at: 1764604800,
    },
    {
      id: '5',
      email: 'alan@acme.com',
      name: 'Alan Turing',
      address_confirmed: true,
      created_at: 1764000000,
      expires_at: 1764604800,
    },
  ];
  const decide = spyOnApi('decideJoinRequest', (request) =>
    ok(
      (request.body as { decision: string }).decision === 'approve'
        ? 'grace@acme.com joined your organization as a Free member.'
        : 'The request of alan@acme.com was declined.',
    ),
  );
  server.use(
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('getCompanyDomain', verifiedWith(requests)),
    decide.handler,
  );
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  const list = within(await screen.findByRole('list', { name: 'Requests to join' }));
  expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    expect.stringContaining('Grace Hopper'),
    expect.stringContaining('Alan Turing'),
  ]);
  list.getByRole('button', { name: 'Approve Grace Hopper' }).focus();
  await user.keyboard('{Enter}');
  expect(
    await screen.findByText('grace@acme.com joined your organization as a Free member.'),
  ).toBeInTheDocument();
  await user.click(list.getByRole('button', { name: 'Decline Alan Turing' }));
  await waitFor(() => expect(decide.requests).toHaveLength(2));
  expect(decide.requests.map((request) => request.body)).toEqual([
    { request_id: '4', decision: 'approve' },
    { request_id: '5', decision: 'decline' },
  ]);
});

describe('in Chinese', () => {
  afterEach(() => activateLocaleWith('en', {}));

  test("the server's messages with a domain or an email read in Chinese, values kept", async () => {
    await activateLocale('zh-CN');
    let state: { error: false; data: Record<string, unknown> } = {
      error: false,
      data: {
        domain: null,
        pending_domain: 'acme.com',
        pending_email: 'it@acme.com',
        auto_join: false,
        join_requests: [],
        invite_link: null,
      },
    };
    const verify = spyOnApi('verifyDomain', ok('acme.com is verified.'));
    server.use(
      mockOrganizationMembers({ users: [], invitations: [] }),
      mockApi('getCompanyDomain', () => state as typeof noDomain),
      verify.handler,
    );
    const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
    const section = within(await screen.findByRole('region', { name: '公司域名' }));
    const codeForm = within(await section.findByRole('form', { name: '输入验证码' }));
    await user.type(codeForm.getByRole('textbox', { name: '验证码' }), 'K7P2QX9M');
    state = {
      error: false,
      data: {
        domain: 'acme.com',
        pending_domain: null,
        pending_email: null,
        auto_join: false,
        invite_link: null,
        join_requests: [
          {
            id: '4',
            email: 'grace@acme.com',
            name: 'Grace Hopper',
            address_confirmed: true,
            created_at: 1764000000,
            expires_at: 1764604800,
          },
        ],
      },
    };
    const decide = spyOnApi(
      'decideJoinRequest',
      ok('grace@acme.com joined your organization as a Free member.'),
    );
    server.use(decide.handler);
    await user.click(codeForm.getByRole('button', { name: '验证域名' }));
    expect(await screen.findByText('acme.com 已验证。')).toBeInTheDocument();
    expect(screen.queryByText('acme.com is verified.')).not.toBeInTheDocument();

    const list = within(await screen.findByRole('list', { name: '加入申请' }));
    await user.click(list.getByRole('button', { name: '批准 Grace Hopper' }));
    expect(await screen.findByText('grace@acme.com 已作为免费版成员加入您的组织。')).toBeInTheDocument();
  });

  test('a refusal naming the domain reads in Chinese', async () => {
    await activateLocale('zh-CN');
    server.use(
      mockOrganizationMembers({ users: [], invitations: [] }),
      mockApi('getCompanyDomain', noDomain),
      mockApiError('startDomainVerification', 'acme.com is already verified by another organization.', {
        status: 409,
      }),
    );
    const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
    const section = within(await screen.findByRole('region', { name: '公司域名' }));
    const form = within(await section.findByRole('form', { name: '验证公司域名' }));
    await user.type(form.getByRole('textbox', { name: '公司域名' }), 'acme.com');
    await user.click(form.getByRole('radio', { name: '向该域名下的地址发送验证码' }));
    await user.click(form.getByRole('button', { name: '发送验证码' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('acme.com 已被另一个组织验证。');
    expect(alert).not.toHaveTextContent('already verified');
  });
});

type DomainData = SuccessBody<'getCompanyDomain'>['data'];

/** The Organization page of the admin, the company domain answered by `state()` (read at each call). */
function renderWithDomain(state: () => Partial<DomainData>, ...handlers: HttpHandler[]) {
  server.use(
    mockOrganizationMembers({ users: [], invitations: [] }),
    mockApi('getCompanyDomain', () => ({ ...noDomain, data: { ...noDomain.data, ...state() } })),
    ...handlers,
  );
  return renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
}

test('with a verified domain, an admin turns automatic joining on and sees it on', async () => {
  let autoJoin = false;
  const setAutoJoin = spyOnApi('setDomainAutoJoin', (request) => {
    autoJoin = (request.body as { enabled: boolean }).enabled;
    return ok('People who sign up at your company domain now join automatically as Free members.');
  });
  const { user } = renderWithDomain(() => ({ domain: 'acme.com', auto_join: autoJoin }), setAutoJoin.handler);
  const toggle = await screen.findByRole('switch', {
    name: 'People who sign up at acme.com join automatically as Free members',
  });
  expect(toggle).not.toBeChecked();
  await user.click(toggle);
  expect(
    await screen.findByText(
      'People who sign up at your company domain now join automatically as Free members.',
    ),
  ).toBeInTheDocument();
  expect(setAutoJoin.requests.map((request) => request.body)).toEqual([{ enabled: true }]);
  await waitFor(() => expect(toggle).toBeChecked());
});

test('automatic joining is not offered before the domain is verified', async () => {
  renderWithDomain(() => ({ pending_domain: 'acme.com', pending_email: 'ada@acme.com' }));
  expect(await screen.findByRole('form', { name: 'Enter the verification code' })).toBeInTheDocument();
  expect(screen.queryByRole('switch', { name: /join automatically/ })).not.toBeInTheDocument();
});

test('a refused change of automatic joining says why and stays off', async () => {
  const { user } = renderWithDomain(
    () => ({ domain: 'acme.com' }),
    mockApiError('setDomainAutoJoin', 'Verify your company domain first.'),
  );
  const toggle = await screen.findByRole('switch', { name: /join automatically as Free members/ });
  await user.click(toggle);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to change automatic joining');
  expect(alert).toHaveTextContent('Verify your company domain first.');
  await waitFor(() => expect(toggle).not.toBeChecked());
});

test('members do not see the company domain section', async () => {
  const member = aUser({ id: 'user-2', role: 'member', organization });
  server.use(mockOrganizationMembers({ users: [], invitations: [] }));
  renderApp('/dashboard/organization', { preloadedState: signedIn(member) });
  expect(await screen.findByRole('heading', { name: 'Team members' })).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Company domain' })).not.toBeInTheDocument();
});

test('a new user at a verified domain sees the join prompt and requests to join', async () => {
  const grace = aUser({ id: 'user-7', email: 'grace@acme.com', organization: null });
  const request = spyOnApi('requestToJoin', ok('Your request was sent to the admins of Acme.'));
  server.use(
    mockApi('getJoinOption', {
      error: false,
      data: {
        organization_name: 'Acme',
        domain: 'acme.com',
        requested: false,
        address_confirmed: true,
        invited: false,
      },
    }),
    request.handler,
  );
  const { user } = renderApp('/dashboard', { preloadedState: signedIn(grace) });
  expect(await screen.findByText('Your company already uses CRM Sync: request to join')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Request to join' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Your request was sent to the admins of Acme.');
  expect(request.requests).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Request to join' })).not.toBeInTheDocument();
});

test('a request already sent shows as waiting', async () => {
  const grace = aUser({ id: 'user-7', email: 'grace@acme.com', organization: null });
  server.use(
    mockApi('getJoinOption', {
      error: false,
      data: {
        organization_name: 'Acme',
        domain: 'acme.com',
        requested: true,
        address_confirmed: true,
        invited: false,
      },
    }),
  );
  renderApp('/dashboard', { preloadedState: signedIn(grace) });
  expect(await screen.findByText('Your request to join Acme is waiting for an admin.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Request to join' })).not.toBeInTheDocument();
});

describe('an address its owner has not confirmed', () => {
  afterEach(() => activateLocaleWith('en', {}));

  const withUnconfirmedRequest = () => {
    const decide = spyOnApi(
      'decideJoinRequest',
      ok(
        'mallory@acme.com has not confirmed this address yet: we mailed them an invitation, and they join your organization as a Free member once they open it.',
      ),
    );
    server.use(
      mockOrganizationMembers({ users: [], invitations: [] }),
      mockApi(
        'getCompanyDomain',
        verifiedWith([
          {
            id: '9',
            email: 'mallory@acme.com',
            name: 'Mallory',
            address_confirmed: false,
            created_at: 1764000000,
            expires_at: 1764604800,
          },
        ]),
      ),
      decide.handler,
    );
    return decide;
  };

  test('the admin sees "Address not confirmed", and approving says the invitation was mailed', async () => {
    const decide = withUnconfirmedRequest();
    const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
    const list = within(await screen.findByRole('list', { name: 'Requests to join' }));
    expect(list.getByText('Address not confirmed')).toBeInTheDocument();
    expect(
      list.getByText(/Approving mails mallory@acme\.com an invitation: they join once they open it\./),
    ).toBeInTheDocument();
    await user.click(list.getByRole('button', { name: 'Approve Mallory' }));
    expect(
      await screen.findByText(
        /mallory@acme\.com has not confirmed this address yet: we mailed them an invitation/,
      ),
    ).toBeInTheDocument();
    expect(decide.requests[0]?.body).toEqual({ request_id: '9', decision: 'approve' });
  });

  test('in Chinese too', async () => {
    await activateLocale('zh-CN');
    withUnconfirmedRequest();
    const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
    const list = within(await screen.findByRole('list', { name: '加入申请' }));
    expect(list.getByText('地址未确认')).toBeInTheDocument();
    expect(
      list.getByText(/批准后将向 mallory@acme\.com 发送邀请：对方打开邀请后才会加入。/),
    ).toBeInTheDocument();
    await user.click(list.getByRole('button', { name: '批准 Mallory' }));
    expect(
      await screen.findByText(
        'mallory@acme.com 尚未确认此地址：我们已向其发送邀请，对方打开邀请后将作为免费版成员加入您的组织。',
      ),
    ).toBeInTheDocument();
  });

  const unconfirmed = aUser({ id: 'user-9', email: 'mallory@acme.com', organization: null });
  const option = (extra: { requested: boolean; invited: boolean }) =>
    mockApi('getJoinOption', {
      error: false,
      data: { organization_name: 'Acme', domain: 'acme.com', address_confirmed: false, ...extra },
    });

  test('the requester reads that an approval mails an invitation to open', async () => {
    server.use(option({ requested: true, invited: false }));
    renderApp('/dashboard', { preloadedState: signedIn(unconfirmed) });
    expect(
      await screen.findByText(
        'Your request to join Acme is waiting for an admin. Once one approves it, we will mail an invitation to mallory@acme.com: open it to join.',
      ),
    ).toBeInTheDocument();
  });

  test('once approved, the requester is pointed to the mailed invitation, in English and Chinese', async () => {
    server.use(option({ requested: false, invited: true }));
    const first = renderApp('/dashboard', { preloadedState: signedIn(unconfirmed) });
    expect(
      await screen.findByText('We sent an invitation to mallory@acme.com: open it to join Acme.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request to join' })).not.toBeInTheDocument();
    first.unmount();

    await activateLocale('zh-CN');
    renderApp('/dashboard', { preloadedState: signedIn(unconfirmed) });
    expect(
      await screen.findByText('我们已向 mallory@acme.com 发送邀请：打开邀请即可加入 Acme。'),
    ).toBeInTheDocument();
  });

  test('a request just sent from an unconfirmed address reads in Chinese', async () => {
    await activateLocale('zh-CN');
    server.use(
      option({ requested: false, invited: false }),
      mockApi(
        'requestToJoin',
        ok(
          'Your request was sent to the admins of Acme. Once one approves it, we will mail an invitation to mallory@acme.com: open it to join.',
        ),
      ),
    );
    const { user } = renderApp('/dashboard', { preloadedState: signedIn(unconfirmed) });
    await user.click(await screen.findByRole('button', { name: '申请加入' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '您的申请已发送给 Acme 的管理员。管理员批准后，我们会向 mallory@acme.com 发送邀请：打开邀请即可加入。',
    );
  });
});

describe('DNS verification', () => {
  const record = { type: 'TXT' as const, name: 'acme.com', value: 'crm-sync-verification=3f9c1d0b' };

  test('the TXT record is the default proof: the admin gets it, publishes it and selects Verify', async () => {
    let state: Partial<DomainData> = {};
    const start = spyOnApi('startDnsVerification', {
      error: false,
      message: 'Add this TXT record at acme.com, then select Verify.',
      data: record,
    });
    const check = spyOnApi('checkDnsVerification', { error: false, message: 'acme.com is verified.' });
    const { user } = renderWithDomain(() => state, start.handler, check.handler);
    const form = within(await screen.findByRole('form', { name: 'Verify a company domain' }));
    expect(form.getByRole('radio', { name: 'Add a DNS TXT record (recommended)' })).toBeChecked();
    expect(form.queryByRole('textbox', { name: /Send the code to/ })).not.toBeInTheDocument();
    await user.type(form.getByRole('textbox', { name: 'Company domain' }), 'acme.com');
    state = { pending_domain: 'acme.com', dns_record: record };
    await user.click(form.getByRole('button', { name: 'Get the TXT record' }));
    await waitFor(() => expect(start.requests).toHaveLength(1));
    expect(start.requests[0]!.body).toEqual({ domain: 'acme.com' });

    const panel = within(await screen.findByRole('region', { name: 'TXT record for acme.com' }));
    expect(panel.getByText('crm-sync-verification=3f9c1d0b')).toBeInTheDocument();
    state = { domain: 'acme.com', method: 'dns', dns_record: record };
    await user.click(panel.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('acme.com is verified.')).toBeInTheDocument();
    expect(await screen.findByText('Verified domain: acme.com')).toBeInTheDocument();
    expect(screen.getByText('Proven by a DNS record, checked every day.')).toBeInTheDocument();
  });

  test('a record not found reads as the server says, in Chinese too', async () => {
    await activateLocale('zh-CN');
    try {
      const { user } = renderWithDomain(
        () => ({ pending_domain: 'acme.com', dns_record: record }),
        mockApiError(
          'checkDnsVerification',
          'No TXT record was found at acme.com. Add the record, wait a few minutes for DNS to update, then try again.',
        ),
      );
      const panel = within(await screen.findByRole('region', { name: 'acme.com 的 TXT 记录' }));
      await user.click(panel.getByRole('button', { name: '验证' }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('在 acme.com 未找到 TXT 记录。');
    } finally {
      activateLocaleWith('en', {});
    }
  });

  test('a domain whose record went missing says so and shows the record to publish again', async () => {
    renderWithDomain(() => ({
      pending_domain: 'acme.com',
      dns_record: record,
      record_missing_at: 1764000000,
    }));
    expect(
      await screen.findByText(/The TXT record of acme.com was gone at the daily check/),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'TXT record for acme.com' })).toBeInTheDocument();
  });
});
