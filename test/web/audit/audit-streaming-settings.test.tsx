import { screen, waitFor, within } from '@testing-library/react';
import { activateLocaleWith } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';
import { anAuditEvent, aUser } from '../msw/fixtures';
import { mockApi, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#audit-log-streaming: on /dashboard/audit an admin opens "Streaming and retention", adds a
// SIEM endpoint (its signing secret shown once), reads how deliveries go, sends a test event, rotates the
// secret, stops streaming, and chooses how long the log is kept (docs/product.md#audit-log).

const admin = aUser({ role: 'admin' });
const URL_SAVED = 'https://siem.example.com/ingest';

const stream = {
  url: URL_SAVED,
  created_at: 1767225600,
  previous_secret_until: null,
  last_success_at: 1767312000,
  last_failure: { at: 1767311000, status_code: 503, reason: 'http_status' as const },
  pending: 2,
  failed: 1,
};

function withLog() {
  server.use(
    mockApi('listAuditEvents', {
      error: false,
      data: { events: [anAuditEvent()], total: 1, page: 1, page_size: 25 },
    }),
  );
}

async function openSettings() {
  const { user } = renderApp('/dashboard/audit', { preloadedState: signedIn(admin) });
  await screen.findByRole('table', { name: 'Audit log' });
  const open = screen.getByRole('button', { name: 'Set up streaming and retention' });
  expect(open).toHaveAttribute('aria-expanded', 'false');
  await user.click(open);
  return { user, section: within(screen.getByRole('region', { name: 'Streaming and retention' })) };
}

afterEach(() => activateLocaleWith('en', {}));

test('an admin starts streaming to an https endpoint and sees the signing secret once', async () => {
  withLog();
  const create = spyOnApi('setAuditStream', {
    error: false,
    message: 'Streaming is on. Copy the signing secret now: it is shown only once.',
    code: 'audit_stream_created',
    params: {},
    data: {
      secret: 'whsec_the-new-secret',
      stream: { ...stream, last_failure: null, pending: 1, failed: 0 },
    },
  });
  server.use(
    mockApi(
      'getAuditSettings',
      { error: false, data: { retention_days: 365, stream: null } },
      { once: true },
    ),
    mockApi('getAuditSettings', {
      error: false,
      data: { retention_days: 365, stream: { ...stream, last_failure: null, pending: 1, failed: 0 } },
    }),
    create.handler,
  );
  const { user, section } = await openSettings();
  const siem = within(await section.findByRole('region', { name: 'SIEM streaming' }));
  const start = siem.getByRole('button', { name: 'Start streaming' });
  expect(start).toBeDisabled();
  await user.type(siem.getByRole('textbox', { name: 'Endpoint URL' }), URL_SAVED);
  await user.click(start);
  await waitFor(() => expect(create.requests).toHaveLength(1));
  expect(create.requests[0]!.body).toEqual({ url: URL_SAVED });
  expect(await siem.findByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_the-new-secret');
  expect(siem.getByText('Copy it now and give it to your SIEM: it is shown only once.')).toBeInTheDocument();
  expect(
    await screen.findByText('Streaming is on. Copy the signing secret now: it is shown only once.'),
  ).toBeInTheDocument();
  expect(await siem.findByText('1 entry waiting to be sent.')).toBeInTheDocument();
  expect(siem.getByRole('button', { name: 'Send a test event' })).toBeInTheDocument();
});

test('shows how deliveries go, sends a test event, rotates the secret and stops streaming after asking', async () => {
  withLog();
  const test = spyOnApi('testAuditStream', {
    error: false,
    message: 'The test event was not accepted: the endpoint answered HTTP 401.',
    code: 'audit_stream_test_refused',
    params: { status: 401 },
    data: {
      delivered: false,
      status_code: 401,
      event: {
        type: 'audit.test',
        timestamp: '2026-01-01T00:00:00.000Z',
        data: { organization_id: '7', test: true },
      },
    },
  });
  const rotate = spyOnApi('rotateAuditStreamSecret', {
    error: false,
    message:
      'New signing secret created. Copy it now: the previous one keeps signing beside it for 24 hours.',
    code: 'audit_stream_secret_rotated',
    params: {},
    data: { secret: 'whsec_rotated', stream },
  });
  const remove = spyOnApi('removeAuditStream', {
    error: false,
    message: 'Streaming is off: the SIEM endpoint was removed.',
  });
  server.use(
    mockApi('getAuditSettings', { error: false, data: { retention_days: 365, stream } }),
    test.handler,
    rotate.handler,
    remove.handler,
  );
  const { user, section } = await openSettings();
  const status = within(await section.findByRole('region', { name: 'Delivery status' }));
  expect(status.getByText(/^Last delivered .+\.$/)).toBeInTheDocument();
  expect(status.getByText(/^Last failure .+: HTTP 503\.$/)).toBeInTheDocument();
  expect(status.getByText('2 entries waiting to be sent.')).toBeInTheDocument();
  expect(status.getByText('1 entry was given up after 24 hours of retries.')).toBeInTheDocument();
  expect(section.getByRole('textbox', { name: 'Endpoint URL' })).toHaveValue(URL_SAVED);
  expect(section.getByRole('button', { name: 'Save address' })).toBeDisabled();

  await user.click(section.getByRole('button', { name: 'Send a test event' }));
  expect(
    await screen.findByText('The test event was not accepted: the endpoint answered HTTP 401.'),
  ).toBeInTheDocument();
  expect(test.requests).toHaveLength(1);

  await user.click(section.getByRole('button', { name: 'Rotate secret' }));
  expect(await section.findByRole('textbox', { name: 'Signing secret' })).toHaveValue('whsec_rotated');

  await user.click(section.getByRole('button', { name: 'Stop streaming' }));
  const asking = within(section.getByRole('group', { name: 'Stop streaming' }));
  expect(
    asking.getByText('Stop streaming? Entries not sent yet are dropped; the log itself is kept.'),
  ).toBeInTheDocument();
  expect(remove.requests).toHaveLength(0);
  await user.click(asking.getByRole('button', { name: 'Stop streaming' }));
  await waitFor(() => expect(remove.requests).toHaveLength(1));
  // Asked once more only when it is opened again.
  expect(await section.findByRole('button', { name: 'Send a test event' })).toBeInTheDocument();
  expect(section.queryByRole('group', { name: 'Stop streaming' })).not.toBeInTheDocument();
});

test('chooses how long the log is kept, a year at least', async () => {
  withLog();
  const save = spyOnApi('setAuditRetention', {
    error: false,
    message: 'Audit log entries are now kept for 730 days.',
    code: 'audit_retention_saved',
    params: { days: 730 },
  });
  server.use(
    mockApi('getAuditSettings', { error: false, data: { retention_days: 365, stream: null } }),
    save.handler,
  );
  const { user, section } = await openSettings();
  const retention = within(await section.findByRole('form', { name: 'Retention' }));
  expect(retention.getByRole('combobox', { name: 'Keep entries for' })).toHaveTextContent(
    '1 year (365 days)',
  );
  expect(retention.getByRole('button', { name: 'Save retention' })).toBeDisabled();
  await user.click(retention.getByRole('combobox', { name: 'Keep entries for' }));
  const options = await screen.findAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([
    '1 year (365 days)',
    '2 years (730 days)',
    '3 years (1,095 days)',
    '5 years (1,825 days)',
    '7 years (2,555 days)',
    '10 years (3,650 days)',
  ]);
  await user.click(screen.getByRole('option', { name: '2 years (730 days)' }));
  await user.click(retention.getByRole('button', { name: 'Save retention' }));
  await waitFor(() => expect(save.requests).toHaveLength(1));
  expect(save.requests[0]!.body).toEqual({ retention_days: 730 });
  expect(await screen.findByText('Audit log entries are now kept for 730 days.')).toBeInTheDocument();
});

test('a member sees neither the log nor its settings', async () => {
  renderApp('/dashboard/audit', { preloadedState: signedIn(aUser({ role: 'member' })) });
  expect(await screen.findByText('Only an organization admin can see the audit log.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Set up streaming and retention' })).not.toBeInTheDocument();
});

test('in Chinese', async () => {
  activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
  withLog();
  server.use(mockApi('getAuditSettings', { error: false, data: { retention_days: 730, stream } }));
  const { user } = renderApp('/dashboard/audit', { preloadedState: signedIn(admin) });
  await user.click(await screen.findByRole('button', { name: '设置流式传输与保留期限' }));
  const section = within(screen.getByRole('region', { name: '流式传输与保留期限' }));
  const status = within(await section.findByRole('region', { name: '发送状态' }));
  expect(status.getByText(/^上次失败：.+，HTTP 503。$/)).toBeInTheDocument();
  expect(status.getByText('2 条记录等待发送。')).toBeInTheDocument();
  expect(status.getByText('1 条记录在重试 24 小时后已放弃发送。')).toBeInTheDocument();
  expect(section.getByRole('button', { name: '发送测试事件' })).toBeInTheDocument();
  expect(section.getByRole('button', { name: '轮换密钥' })).toBeInTheDocument();
  expect(section.getByRole('textbox', { name: '端点 URL' })).toHaveValue(URL_SAVED);
  expect(section.getByRole('combobox', { name: '记录保留时长' })).toHaveTextContent('2 年（730 天）');
});
