/**
 * @jest-environment node
 */
/**
 * docs/product.md#audit-log: the Audit page says what an entry's details mean, in sentences in both languages, instead of
 * the stored keys ('method: password', 'to: null; from: null', 'checkout: cs_...'). Every event kind,
 * with the details the server records for it (src/server: the calls of audit.record).
 */
import { auditSentence } from '../../../src/web/features/audit/lib/audit-sentence';
import { activateLocaleWith } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';
import { AUDIT_DETAIL_KEYS, AUDIT_EVENT_TYPES, type AuditEventType } from '../../../src/shared/audit-events';

type Case = [type: AuditEventType, details: Record<string, unknown>, english: string, chinese: string];

const CASES: Case[] = [
  ['auth.signed_up', { method: 'password' }, 'Signed up with a password.', '使用密码注册。'],
  ['auth.signed_up', { method: 'google' }, 'Signed up with Google.', '使用 Google 账号注册。'],
  ['auth.signed_in', { method: 'password' }, 'Signed in with a password.', '使用密码登录。'],
  ['auth.signed_in', { method: 'google' }, 'Signed in with Google.', '使用 Google 账号登录。'],
  [
    'auth.signed_in',
    { method: 'password+code' },
    'Signed in with a password and a two-factor code.',
    '使用密码和双重验证码登录。',
  ],
  [
    'auth.signed_in',
    { method: 'password+recovery code' },
    'Signed in with a password and a recovery code.',
    '使用密码和恢复码登录。',
  ],
  ['auth.sign_in_failed', {}, '', ''],
  ['auth.signed_up', { method: 'sso' }, 'Signed up through single sign-on.', '通过单点登录注册。'],
  ['auth.signed_in', { method: 'sso' }, 'Signed in through single sign-on.', '通过单点登录登录。'],
  [
    'auth.sign_in_failed',
    { method: 'sso', reason: 'sso_account_unproven' },
    'Single sign-on refused: sso_account_unproven.',
    '单点登录被拒绝：sso_account_unproven。',
  ],
  [
    'sso.connection_saved',
    { method: 'oidc', domain: 'acme.com' },
    'OpenID Connect for addresses at acme.com.',
    '适用于 acme.com 地址的 OpenID Connect。',
  ],
  [
    'sso.connection_saved',
    { method: 'saml', domain: 'acme.com' },
    'SAML for addresses at acme.com.',
    '适用于 acme.com 地址的 SAML。',
  ],
  [
    'sso.connection_deleted',
    { method: 'oidc' },
    'It was an OpenID Connect connection.',
    '这是一个 OpenID Connect 连接。',
  ],
  ['sso.connection_tested', { domain: 'acme.com' }, 'For addresses at acme.com.', '适用于 acme.com 的地址。'],
  ['sso.user_joined', { role: 'member' }, 'Joined as Member.', '以成员身份加入。'],
  [
    'sso.required_changed',
    { required: true, domain: 'acme.com', sessions: 3 },
    'Addresses at acme.com must now sign in with single sign-on.',
    'acme.com 的地址现在必须使用单点登录。',
  ],
  [
    'sso.required_changed',
    { required: false, domain: 'acme.com', sessions: 0 },
    'Addresses at acme.com may sign in without single sign-on again.',
    'acme.com 的地址可以再次不使用单点登录登录。',
  ],
  [
    'auth.break_glass_signed_in',
    { method: 'password+code' },
    'The billing admin signed in with a password and a second factor while single sign-on is required.',
    '在要求单点登录期间，账单管理员使用密码和第二重验证登录。',
  ],
  ['auth.signed_out', {}, '', ''],
  ['auth.password_reset', {}, '', ''],
  ['auth.password_changed', {}, '', ''],
  ['two_factor.enabled', {}, '', ''],
  ['two_factor.disabled', {}, '', ''],
  ['two_factor.code_failed', {}, '', ''],
  ['two_factor.recovery_code_used', {}, '', ''],
  [
    'two_factor.required_changed',
    { required: true },
    'Every member must now use two-factor sign-in.',
    '现在所有成员都必须使用双重验证登录。',
  ],
  [
    'two_factor.required_changed',
    { required: false },
    'Members no longer need two-factor sign-in.',
    '成员不再必须使用双重验证登录。',
  ],
  ['sessions.ended', { session: 42 }, 'Signed out one device.', '退出了一台设备的登录。'],
  ['sessions.others_ended', { sessions: 1 }, 'Signed out 1 other device.', '退出了其他 1 台设备的登录。'],
  ['sessions.others_ended', { sessions: 3 }, 'Signed out 3 other devices.', '退出了其他 3 台设备的登录。'],
  ['sessions.member_ended', {}, '', ''],
  [
    'invitation.sent',
    { role: 'member', product: 'Standard' },
    'Invited as Member, on Standard.',
    '邀请为成员，使用标准版。',
  ],
  ['invitation.resent', {}, '', ''],
  ['invitation.revoked', {}, '', ''],
  ['invitation.accepted', { role: 'member' }, 'Joined as Member.', '以成员身份加入。'],
  [
    'member.role_changed',
    { from: 'member', to: 'admin' },
    'Role changed from Member to Admin.',
    '角色从成员改为管理员。',
  ],
  [
    'member.role_changed',
    { from: 'viewer', to: 'billing_manager' },
    'Role changed from Viewer to Billing manager.',
    '角色从查看者改为账单管理员。',
  ],
  [
    'member.product_changed',
    { from: 'Free', to: 'Pro' },
    'Product changed from Free to Pro.',
    '产品从免费版改为专业版。',
  ],
  [
    'member.product_changed',
    { from: 'Pro', to: 'Free', seat_moved: true },
    'Product changed from Pro to Free: the seat moved to another member.',
    '产品从专业版改为免费版：席位已转给另一位成员。',
  ],
  ['member.removed', { product: 'Pro' }, 'Was on Pro.', '移除前使用专业版。'],
  [
    'billing.plan_changed',
    { from: 'Free', to: 'Standard', interval: 'yearly' },
    'Plan changed from Free to Standard, paid yearly.',
    '方案从免费版改为标准版，按年付费。',
  ],
  [
    'billing.plan_changed',
    { from: 'Standard', to: 'Pro', interval: 'monthly' },
    'Plan changed from Standard to Pro, paid monthly.',
    '方案从标准版改为专业版，按月付费。',
  ],
  ['billing.plan_canceled', { from: 'Pro' }, 'Canceled Pro: back to Free.', '已取消专业版，恢复为免费版。'],
  [
    'billing.seats_purchased',
    { standard: 3, pro: 1 },
    'Bought 3 Standard seats and 1 Pro seat.',
    '购买了 3 个标准版席位和 1 个专业版席位。',
  ],
  ['billing.seats_purchased', { standard: 1, pro: 0 }, 'Bought 1 Standard seat.', '购买了 1 个标准版席位。'],
  ['billing.seats_purchased', { standard: 0, pro: 2 }, 'Bought 2 Pro seats.', '购买了 2 个专业版席位。'],
  [
    'billing.seats_changed',
    { standard: '5 → 3', pro: '2 → 2', by: 'billing admin' },
    'Standard seats 5 → 3, by the billing admin.',
    '标准版席位 5 → 3，由账单管理员更改。',
  ],
  [
    'billing.seats_changed',
    { standard: '5 → 4', pro: '2 → 1', by: 'payment provider' },
    'Standard seats 5 → 4, Pro seats 2 → 1, by the payment provider.',
    '标准版席位 5 → 4，专业版席位 2 → 1，由支付服务商更改。',
  ],
  [
    'crm.connected',
    { crm: 'Demo CRM', method: 'oauth', organization_wide: false },
    'Connected Demo CRM by signing in to it.',
    '通过登录 Demo CRM 完成连接。',
  ],
  [
    'crm.connected',
    { crm: 'Demo CRM', method: 'api key', organization_wide: true },
    'Connected Demo CRM with an API key, for the whole organization.',
    '使用 API 密钥连接了 Demo CRM，供整个组织使用。',
  ],
  ['crm.disconnected', {}, '', ''],
  [
    'crm.needs_attention',
    { crm: 'HubSpot' },
    'HubSpot no longer accepts the connection: it needs attention.',
    'HubSpot 不再接受此连接：需要处理。',
  ],
  [
    'crm.sync_settings_changed',
    { crm: 'HubSpot' },
    'Changed how profiles sync to HubSpot.',
    '更改了资料同步到 HubSpot 的方式。',
  ],
  ['credits.cap_changed', { from: null, to: null }, 'Still no monthly cap.', '仍未设置每月上限。'],
  [
    'credits.cap_changed',
    { from: null, to: 20, lookup: 'phone' },
    'Cap on phone lookups set to 20 credits (there was none).',
    '电话查询上限设为 20 点（之前未设置）。',
  ],
  [
    'credits.cap_changed',
    { from: 300, to: 1200, lookup: 'email' },
    'Cap on email lookups changed from 300 to 1,200 credits.',
    '邮箱查询上限从 300 点改为 1,200 点。',
  ],
  [
    'credits.alerts_changed',
    { cap_warning: true, cap_reached: true, pool_below: 500, credit_requests: false, default_cap: 200 },
    'Alerts: 75% of a cap, 100% of a cap, team pool below 500 credits; new members get a monthly cap of 200 credits.',
    '提醒：达到上限的 75%，达到上限，团队点数池低于 500 点；新成员的每月上限为 200 点。',
  ],
  [
    'credits.alerts_changed',
    { cap_warning: false, cap_reached: false, pool_below: null, credit_requests: false, default_cap: null },
    'Every credit alert off; no default cap for new members.',
    '所有点数提醒均已关闭；新成员没有默认上限。',
  ],
  [
    'credits.cap_changed',
    { from: null, to: 2000 },
    'Monthly cap set to 2,000 credits (there was none).',
    '每月上限设为 2,000 点（之前未设置）。',
  ],
  [
    'credits.cap_changed',
    { from: 1500, to: null },
    'Monthly cap of 1,500 credits removed.',
    '已取消 1,500 点的每月上限。',
  ],
  [
    'credits.cap_changed',
    { from: 200, to: 1440 },
    'Monthly cap changed from 200 to 1,440 credits.',
    '每月上限从 200 点改为 1,440 点。',
  ],
  [
    'credits.top_up',
    { pack: 'credits-1000', credits: 1000, checkout: 'cs_test_a1B2c3' },
    'Bought 1,000 credits.',
    '购买了 1,000 点。',
  ],
  [
    'credits.granted',
    { credits: 30, reason: 'Outbound campaign' },
    'Granted 30 credits from the team pool. Reason: Outbound campaign',
    '从团队点数池分配了 30 点。原因：Outbound campaign',
  ],
  ['credits.granted', { credits: 1 }, 'Granted 1 credit from the team pool.', '从团队点数池分配了 1 点。'],
  [
    'credits.taken_back',
    { credits: 1500, reason: 'Left the team' },
    'Took back 1,500 credits to the team pool. Reason: Left the team',
    '收回了 1,500 点到团队点数池。原因：Left the team',
  ],
  [
    'credits.taken_back',
    { credits: 25 },
    'Took back 25 credits to the team pool.',
    '收回了 25 点到团队点数池。',
  ],
  ['domain.verified', { domain: 'acme.com' }, 'Verified acme.com.', '已验证 acme.com。'],
  [
    'domain.verification_lost',
    { domain: 'acme.com' },
    'The TXT record of acme.com was gone: the domain is no longer verified.',
    'acme.com 的 TXT 记录已不存在：该域名不再处于已验证状态。',
  ],
  [
    'organization.renamed',
    { from: 'Acme', to: 'Acme Sales' },
    'Renamed from Acme to Acme Sales.',
    '已从 Acme 重命名为 Acme Sales。',
  ],
  [
    'join_request.approved',
    { role: 'member', address_confirmed: false },
    'Approved as Member; an invitation was mailed to confirm the address.',
    '已批准以成员身份加入；已发送邀请邮件以确认其地址。',
  ],
  ['join_request.approved', { role: 'member' }, 'Approved as Member.', '已批准以成员身份加入。'],
  ['join_request.declined', {}, '', ''],
  ['invite_link.created', { domain: 'acme.com' }, 'For addresses at acme.com.', '适用于 acme.com 的地址。'],
  ['invite_link.revoked', {}, '', ''],
  ['invite_link.joined', { role: 'member' }, 'Joined as Member.', '以成员身份加入。'],
  [
    'domain.auto_join_changed',
    { enabled: true },
    'Turned on: people with a company address join by themselves.',
    '已开启：使用公司邮箱地址的人可自动加入。',
  ],
  [
    'domain.auto_join_changed',
    { enabled: false },
    'Turned off: people with a company address ask to join.',
    '已关闭：使用公司邮箱地址的人需申请加入。',
  ],
  [
    'domain.auto_joined',
    { role: 'member', domain: 'acme.com' },
    'Joined as Member with an address at acme.com.',
    '使用 acme.com 的地址以成员身份加入。',
  ],
  [
    'organization.session_policy_changed',
    { idle_from: null, idle_to: 30, lifetime_from: 1, lifetime_to: null },
    'Idle timeout: no limit of its own → 30 minutes. Session lifetime: 1 minute → no limit of its own.',
    '空闲超时：无单独限制 → 30 分钟。会话时长上限：1 分钟 → 无单独限制。',
  ],
  [
    'organization.ip_allow_list_changed',
    { from: '', to: '203.0.113.0/24, 2001:db8::/32' },
    'Allowed addresses: any address → 203.0.113.0/24, 2001:db8::/32.',
    '允许的地址：任何地址 → 203.0.113.0/24, 2001:db8::/32。',
  ],
  // docs/scim.md: the identity provider's doings.
  [
    'audit.stream_created',
    { host: 'siem.example.com' },
    'Streaming to siem.example.com.',
    '流式传输到 siem.example.com。',
  ],
  [
    'audit.stream_changed',
    { from: 'old.example.com', to: 'siem.example.com' },
    'Endpoint changed from old.example.com to siem.example.com.',
    '端点从 old.example.com 改为 siem.example.com。',
  ],
  [
    'audit.stream_secret_rotated',
    { host: 'siem.example.com' },
    'New signing secret for siem.example.com.',
    '已为 siem.example.com 创建新的签名密钥。',
  ],
  [
    'audit.stream_removed',
    { host: 'siem.example.com' },
    'Stopped streaming to siem.example.com.',
    '已停止向 siem.example.com 流式传输。',
  ],
  [
    'audit.retention_changed',
    { from: 365, to: 730 },
    'Kept for 365 days before, 730 days now.',
    '保留期限从 365 天改为 730 天。',
  ],
  [
    'audit.entries_purged',
    { entries: 1200, days: 730 },
    '1,200 entries older than 730 days deleted.',
    '已删除 1,200 条早于 730 天的记录。',
  ],
  ['scim.token_created', {}, '', ''],
  ['scim.token_rotated', {}, '', ''],
  ['scim.token_revoked', {}, '', ''],
  ['scim.user_joined', { role: 'member' }, 'Joined as Member.', '以成员身份加入。'],
  [
    'scim.user_deprovisioned',
    { reason: 'deactivated', sessions: 2, product: 'Pro' },
    'Deactivated by the identity provider: signed out of 2 devices.',
    '已被身份提供商停用：已退出 2 台设备。',
  ],
  [
    'scim.user_deprovisioned',
    { reason: 'deleted', sessions: 1 },
    'Deleted by the identity provider: signed out of 1 device.',
    '已被身份提供商删除：已退出 1 台设备。',
  ],
];

afterEach(() => activateLocaleWith('en', {}));

test('a rename from the default name reads that name in Chinese', () => {
  activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
  expect(auditSentence('organization.renamed', { from: "Ada Admin's organization", to: 'Acme' })).toBe(
    '已从 Ada Admin 的组织 重命名为 Acme。',
  );
});

test.each(CASES)('%s %j reads "%s" and "%s"', (type, details, english, chinese) => {
  expect(auditSentence(type, details)).toBe(english);
  activateLocaleWith('zh-CN', messages);
  expect(auditSentence(type, details)).toBe(chinese);
});

test('every event kind has a case', () => {
  expect(new Set(CASES.map(([type]) => type))).toEqual(new Set(AUDIT_EVENT_TYPES));
});

test('no sentence shows a stored key, a null or a checkout id', () => {
  const raw = new RegExp(`\\b(null|undefined|true|false|cs_\\w+)\\b|\\b(${AUDIT_DETAIL_KEYS.join('|')}): `);
  for (const [type, details] of CASES) {
    for (const locale of ['en', 'zh-CN'] as const) {
      activateLocaleWith(locale, locale === 'en' ? {} : messages);
      const sentence = auditSentence(type, details);
      expect(sentence).not.toMatch(raw);
    }
  }
});

test('details no sentence knows still show, as translated keys and values', () => {
  expect(auditSentence('crm.disconnected', { by: 'billing admin' })).toBe('by: billing admin');
  activateLocaleWith('zh-CN', messages);
  expect(auditSentence('crm.disconnected', { by: 'billing admin' })).toBe('变更方: 账单管理员');
});
