/**
 * Simplified Chinese of the server's own messages (the error envelope's `message`, success messages):
 * shown through translated() where the app shows a server message, so a Chinese user reads them too.
 */
export const server: Record<string, string> = {
  'Account created.': '账户已创建。',
  // Bulk invitations (docs/product.md#bulk-invitations): why a row was refused (src/shared/invite-list.ts).
  'Not a valid email address.': '不是有效的电子邮箱地址。',
  'Unknown role.': '未知角色。',
  'Listed more than once.': '列表中重复出现。',
  'Already a member of your organization.': '已是您组织的成员。',
  'An invitation is already pending for this email.': '此电子邮箱已有待处理的邀请。',
  'Invitation list must have at most 500 items.': '邀请列表最多只能包含 500 项。',
  'Free email providers such as gmail.com or outlook.com cannot be verified: use your company domain.':
    '无法验证 gmail.com 或 outlook.com 等免费邮箱服务商：请使用您公司的域名。',
  'Enter a domain name such as acme.com.': '请输入域名，例如 acme.com。',
  'This verification code is wrong or has expired. Start the verification again.':
    '此验证码错误或已过期。请重新开始验证。',
  'This request to join has expired or was already answered.': '此加入申请已过期或已被处理。',
  'Too many wrong codes: this verification code no longer works. Start the verification again to get a new code.':
    '错误的验证码次数过多：此验证码已失效。请重新开始验证以获取新的验证码。',
  'This email address is not confirmed yet: open the invitation mailed to it to join the organization.':
    '此电子邮箱地址尚未确认：请打开发送到该地址的邀请以加入组织。',
  'The invitation could not be mailed: try "Resend invite" on the Organization page later.':
    '邀请邮件无法发送：请稍后在组织页面点击“重新发送邀请”。',
  'No organization has verified the domain of your email address.': '没有组织验证过您电子邮箱的域名。',
  'Your request to join is already waiting for an admin.': '您的加入申请正在等待管理员处理。',
  'Verify your company domain first.': '请先验证您的公司域名。',
  'Enter your company domain first to get its TXT record.': '请先输入您的公司域名以获取其 TXT 记录。',
  'Enter a name for your organization (1 to 100 characters).': '请输入组织名称（1 至 100 个字符）。',
  'You cannot give this role.': '您不能授予此角色。',
  'People who sign up at your company domain now join automatically as Free members.':
    '使用您公司域名注册的用户现在将自动以免费版成员身份加入。',
  'People who sign up at your company domain now request to join.':
    '使用您公司域名注册的用户现在需要申请加入。',
  'The mail could not be delivered. Try again later.': '邮件无法送达。请稍后再试。',
  // Invitation links (docs/product.md#invitation-links, src/shared/invite-link.ts and handlers/invite-links.ts).
  'This invitation link has expired. Ask an admin of the organization for a new one.':
    '此邀请链接已过期。请向该组织的管理员索取新链接。',
  'This invitation link was revoked. Ask an admin of the organization for a new one.':
    '此邀请链接已被撤销。请向该组织的管理员索取新链接。',
  'This invitation link does not exist. Check that you copied all of it.':
    '此邀请链接不存在。请检查是否完整复制了链接。',
  "This invitation link is only for addresses at the organization's verified domain.":
    '此邀请链接仅适用于该组织已验证域名下的电子邮箱地址。',
  'Verify your company domain before creating an invitation link.': '请先验证您的公司域名，再创建邀请链接。',
  'Invitation link created. Copy it now: it is shown only once.':
    '邀请链接已创建。请立即复制：它只显示一次。',
  'The invitation link was revoked: it no longer works.': '邀请链接已撤销：它已失效。',
  'There is no invitation link to revoke.': '没有可撤销的邀请链接。',
  'A billing manager uses no seat: set the product to Free.': '账单管理员不占用席位：请将产品设为免费版。',
  "Billing is handled by your organization's billing admin.": '账单由您所在组织的账单管理员处理。',
  'Choose Standard or Pro: a Free plan uses no seat.': '请选择标准版或专业版：免费版不占用席位。',
  'Choose another member to give the seat to.': '请选择另一位成员来接收此席位。',
  'An account with this email already exists. Please log in.': '使用此电子邮箱的账户已存在。请登录。',
  'An invitation is already pending for this email. Use "Resend invite".':
    '此电子邮箱已有待处理的邀请。请使用“重新发送邀请”。',
  'Bad request.': '请求无效。',
  'Checkout created.': '已创建结账。',
  'Could not read the invoices from Stripe.': '无法从 Stripe 读取账单。',
  'Could not read the subscription from Stripe.': '无法从 Stripe 读取订阅。',
  'Cross-site request refused.': '已拒绝跨站请求。',
  'Enter the code from your authenticator app.': '请输入身份验证器应用中的验证码。',
  'Failed to send invitation: the mail could not be delivered. Try "Resend invite" later.':
    '发送邀请失败：邮件无法送达。请稍后使用“重新发送邀请”。',
  'The invitation could not be mailed to you. Ask an admin of the organization to resend it.':
    '无法向您发送邀请邮件。请让组织管理员重新发送。',
  'Go back to the form and send it again.': '请返回表单并重新发送。',
  'Invalid email or password.': '电子邮箱或密码无效。',
  'Invite someone first: the requirement applies to an organization.': '请先邀请成员：此要求适用于组织。',
  'Missing OAuth access token: please connect again.': '缺少 OAuth 访问令牌：请重新连接。',
  'Not enough credits: buy a credit pack or upgrade your plan.': '点数不足：请购买点数包或升级方案。',
  'Only an admin can choose an organization-wide connection.': '只有管理员可以选择组织范围的连接。',
  'Only an organization admin can do this.': '只有组织管理员可以执行此操作。',
  'Pick real dates (YYYY-MM-DD).': '请选择有效日期（YYYY-MM-DD）。',
  'Please enter your name.': '请输入您的姓名。',
  'You already have an active subscription: change your plan in the billing portal (Manage Subscription on the billing page) instead of buying a second one.':
    '您已有一个有效的订阅：请在账单门户（账单页面上的“管理订阅”）中更改方案，而不是再购买一个订阅。',
  'Stripe did not cancel the replaced subscription.': 'Stripe 未取消被替换的订阅。',
  'Seats added.': '已添加席位。',
  'Stripe did not change the seats: the payment may have been declined. Nothing was charged.':
    'Stripe 未更改席位：付款可能被拒绝。未收取任何费用。',
  'Stripe does not know this subscription.': 'Stripe 中不存在此订阅。',
  'Please fill in every API key field.': '请填写所有 API 密钥字段。',
  'Please select at least one seat.': '请至少选择一个席位。',
  'Set a password first (with "Forgot password"): two-factor sign-in protects password sign-ins.':
    '请先设置密码（通过“忘记密码”）：双重验证登录用于保护密码登录。',
  'Signed out 1 other session.': '已注销 1 个其他会话。',
  'Signed out.': '已退出登录。',
  'Signed in.': '已登录。',
  'Saved.': '已保存。',
  'Start the set-up again: no secret is waiting.': '请重新开始设置：没有待确认的密钥。',
  'That code is not valid. Check the time of your device and try again.':
    '验证码无效。请检查设备时间后重试。',
  'That code is not valid. Try again.': '验证码无效。请重试。',
  'The admin role cannot be changed.': '管理员角色无法更改。',
  'The invitation is valid.': '邀请有效。',
  'The member was removed from the organization.': '该成员已被移出组织。',
  'The member was updated.': '该成员已更新。',
  'The service is briefly unavailable. Please try again in a moment.': '服务暂时不可用。请稍后重试。',
  'The session was signed out.': '该会话已注销。',
  'The start of the period must be before its end.': '时间段的开始必须早于结束。',
  'This checkout session was cancelled.': '此结账会话已取消。',
  'This credit pack does not exist.': '此点数包不存在。',
  'This invitation was sent to another email address: sign up with that address.':
    '此邀请发送到了另一个电子邮箱：请使用该邮箱注册。',
  'This person is already a member of your organization.': '此人已是您组织的成员。',
  'This plan no longer exists.': '此方案已不存在。',
  'This reset link is invalid or has expired. Please ask for a new one.':
    '此重置链接无效或已过期。请重新申请。',
  'This reset link is valid.': '此重置链接有效。',
  'This session has already ended.': '此会话已结束。',
  'Too many attempts, please try again later.': '尝试次数过多，请稍后再试。',
  'Too many sign-in attempts for this account. Try again in a minute.':
    '此账户的登录尝试次数过多。请一分钟后再试。',
  'Two-factor sign-in is already off.': '双重验证登录已是关闭状态。',
  'Two-factor sign-in is already on.': '双重验证登录已是开启状态。',
  'Two-factor sign-in is no longer required in your organization.': '您的组织不再要求双重验证登录。',
  'Two-factor sign-in is now required in your organization.': '您的组织现在要求双重验证登录。',
  'Two-factor sign-in is off. Your other sessions were signed out.':
    '双重验证登录已关闭。您的其他会话已注销。',
  'Two-factor sign-in is on. Your other sessions were signed out.':
    '双重验证登录已开启。您的其他会话已注销。',
  'Unknown price: please pick a plan on the pricing page.': '未知价格：请在价格页面选择方案。',
  'Verification failed: this access token is not a connection of your account.':
    '验证失败：此访问令牌不属于您账户的连接。',
  'You already belong to an organization.': '您已属于一个组织。',
  'You already belong to another organization.': '您已属于另一个组织。',
  'You are already a member of this organization.': '您已是该组织的成员。',
  'You are not allowed to do this.': '您无权执行此操作。',
  'You are not part of an organization.': '您不属于任何组织。',
  'You are not signed in.': '您尚未登录。',
  'You cannot invite yourself.': '您不能邀请自己。',
  'You pay for a plan of your own: cancel it in the billing portal before joining an organization.':
    '您正在为自己的方案付费：加入组织前请先在账单门户中取消该方案。',
  'Your Google account email is not verified.': '您的 Google 账户电子邮箱尚未验证。',
  'Your account signs in with Google: set a password with "Forgot password" first.':
    '您的账户通过 Google 登录：请先通过“忘记密码”设置密码。',
  'Your current password is not correct.': '您当前的密码不正确。',
  'Your organization requires two-factor sign-in: set it up in Settings to continue.':
    '您的组织要求双重验证登录：请在设置中完成设置以继续。',
  'Your password has been reset. Please log in.': '您的密码已重置。请登录。',
  'Your password is not correct.': '您的密码不正确。',
  'Your password was changed. Your other sessions were signed out.': '您的密码已修改。您的其他会话已注销。',
  'Your sign-in has expired. Please log in again.': '您的登录已过期。请重新登录。',
  'Something went wrong': '出错了',
  'Not found': '未找到',
  'Account not found': '未找到账户',
  'Checkout session not found': '未找到结账会话',
  'Invitation not found': '未找到邀请',
  'Request not found': '未找到申请',
  'Spend not found': '未找到该消费记录',
  'Subscription not found': '未找到订阅',
  'Could not load billing portal URL': '无法加载账单门户地址',
  'Invalid webhook signature.': 'Webhook 签名无效。',
  'Missing Stripe-Signature header.': '缺少 Stripe-Signature 请求头。',
  'Payments are not available on this server yet. Please try again later.':
    '此服务器暂不支持付款。请稍后再试。',
  'There is no billing account yet: buy a plan first.': '尚无账单账户：请先购买方案。',
  'There are no seats to change: buy seats first.': '没有可更改的席位：请先购买席位。',
  'To add seats, use "Buy seats" on the billing page.': '如需添加席位，请使用账单页面上的“购买席位”。',
  'This idempotency_key was already used for another spend.': '此 idempotency_key 已用于另一笔消费。',
  "This idempotency_key's spend was refunded: send a new key for a new lookup.":
    '此 idempotency_key 的消费已退款：新的查询请使用新的 key。',
  'Too many calls for this account at once. Please try again in a moment.':
    '此账户同时发起的请求过多。请稍后再试。',
  'This authorization code was issued to another account.': '此授权码属于另一个账户。',
  'The authorization code is invalid or has expired. Please connect again.':
    '授权码无效或已过期。请重新连接。',
  'Verification failed: Demo CRM API keys start with "demo_".':
    '验证失败：Demo CRM 的 API 密钥以“demo_”开头。',
  'Please fill in the connection details first.': '请先填写连接信息。',
  "Only the billing admin can change the billing admin's plan.": '只有账单管理员可以更改账单管理员的方案。',
  "Only the billing admin can end the billing admin's sessions.": '只有账单管理员可以结束账单管理员的会话。',
  "Only the billing admin can change the billing admin's monthly cap.":
    '只有账单管理员可以更改账单管理员的每月上限。',
  'An account with this email already exists. Please log in with your email and password.':
    '使用此电子邮箱的账户已存在。请使用电子邮箱和密码登录。',
  'This account signs in with Google, which this server\'s sign-in sandbox cannot do. Log in with your email and password, or set a password with "Forgot password?".':
    '此账户通过 Google 登录，而此服务器的登录沙盒不支持这种方式。请使用电子邮箱和密码登录，或通过“忘记密码？”设置密码。',
  'Google sign-in is not configured on this server (GOOGLE_CLIENT_ID is not set).':
    '此服务器未配置 Google 登录（未设置 GOOGLE_CLIENT_ID）。',
  // The HTTP layer's refusals (http/errors.ts, csrf.ts, nul-bytes.ts) and validation-messages.ts.
  'A JSON body is required.': '需要 JSON 请求正文。',
  'The JSON body is empty.': 'JSON 请求正文为空。',
  'The request body is not valid JSON.': '请求正文不是有效的 JSON。',
  'The request body is too large.': '请求正文过大。',
  'The request body does not match its Content-Length.': '请求正文与其 Content-Length 不符。',
  'Unsupported content type: send application/json.': '不支持的内容类型：请发送 application/json。',
  'The request contains a NUL character (\\u0000), which is not allowed.':
    '请求包含不允许的 NUL 字符（\\u0000）。',
  'The request body is not valid.': '请求正文无效。',
  'The query string is not valid.': '查询字符串无效。',
  'The request body must be a JSON object.': '请求正文必须是 JSON 对象。',
  'The query string must be a JSON object.': '查询字符串必须是 JSON 对象。',
  'This request takes no fields.': '此请求不接受任何字段。',
  // The team pool (docs/product.md#the-team-pool).
  'Not enough credits: ask your organization admin for more.': '点数不足：请向组织管理员申请更多点数。',
  'You have no team pool: it belongs to an organization.': '您没有团队点数池：点数池属于组织。',
  'This idempotency_key was already used for another grant or take-back.':
    '此 idempotency_key 已用于另一次分配或收回。',
  'No unused granted credits to take back.': '没有可收回的未使用已分配点数。',
  'Your admins were asked for credits.': '已向您的管理员申请点数。',
  'Your organization has no other admin to ask for credits.': '您的组织没有其他管理员可以申请点数。',
};

/**
 * Server messages that carry values (a domain, an email, a name, a count), as templates: the English
 * the server builds with `{name}` where a value goes, and its Chinese (server-templates.ts). A `{plan}`
 * takes the plan's Chinese name and a `{label}` (a field's name) its Chinese where the catalogue has
 * it (serverWords); other values show as sent.
 */
export const serverTemplates: Record<string, string> = {
  // Company domain and requests to join (docs/product.md#company-domain-and-join-requests, handlers/company-domain.ts).
  'Your address is not at {domain}: enter an address at {domain} to send the code to.':
    '您的地址不属于 {domain}：请输入 {domain} 下的地址以接收验证码。',
  'The address must be at {domain}.': '地址必须属于 {domain}。',
  '{domain} is already verified by another organization.': '{domain} 已被另一个组织验证。',
  'We sent a verification code to {email}.': '我们已向 {email} 发送验证码。',
  '{domain} is verified.': '{domain} 已验证。',
  // DNS verification (handlers/company-domain.ts).
  'Add this TXT record at {domain}, then select Verify.': '请在 {domain} 添加此 TXT 记录，然后点击“验证”。',
  'No TXT record was found at {domain}. Add the record, wait a few minutes for DNS to update, then try again.':
    '在 {domain} 未找到 TXT 记录。请添加该记录，等待几分钟让 DNS 更新，然后重试。',
  '{domain} has TXT records, but none is ours. Check that the value was copied exactly, then try again.':
    '{domain} 有 TXT 记录，但没有一条是我们的。请检查值是否完整准确地复制，然后重试。',
  'DNS did not answer for {domain}. Try again in a few minutes.':
    'DNS 未对 {domain} 作出应答。请几分钟后重试。',
  // A revoked invitation (handlers/organization.ts).
  'The invitation to {email} was revoked.': '已撤销发给 {email} 的邀请。',
  'The request of {email} was declined.': '已拒绝 {email} 的申请。',
  '{email} already belongs to an organization.': '{email} 已属于一个组织。',
  '{email} joined your organization as a Free member.': '{email} 已作为免费版成员加入您的组织。',
  'Your request was sent to the admins of {organization}.': '您的申请已发送给 {organization} 的管理员。',
  'Your request was sent to the admins of {organization}. Once one approves it, we will mail an invitation to {email}: open it to join.':
    '您的申请已发送给 {organization} 的管理员。管理员批准后，我们会向 {email} 发送邀请：打开邀请即可加入。',
  '{email} has not confirmed this address yet: we mailed them an invitation, and they join your organization as a Free member once they open it.':
    '{email} 尚未确认此地址：我们已向其发送邀请，对方打开邀请后将作为免费版成员加入您的组织。',
  'You joined {organization} as a Free member.': '您已作为免费版成员加入 {organization}。',
  'We sent an invitation to {email}: open it to join {organization}.':
    '我们已向 {email} 发送邀请：打开邀请即可加入 {organization}。',
  // Members, seats and invitations (domain/organizations.ts, domain/billing/, handlers/organization.ts).
  'No {plan} seats available. Buy more seats first.': '没有可用的{plan}席位。请先购买更多席位。',
  'You joined {organization} on the Free plan: no {plan} seat was free. Your admin can give you one once a seat is free.':
    '您已以免费版加入 {organization}：当前没有空闲的{plan}席位。有空闲席位后，管理员可以为您分配。',
  '{member} does not hold a {plan} seat.': '{member} 没有{plan}席位。',
  '{member} already holds a {plan} seat.': '{member} 已拥有{plan}席位。',
  'The {plan} seat of {from} now belongs to {to}.': '{from} 的{plan}席位现已归 {to} 所有。',
  'Members hold {count} {plan} seats: set some of them to Free before going below that.':
    '成员占用了 {count} 个{plan}席位：请先将其中一些成员设为免费版，再减少到该数量以下。',
  'Invitation sent to {email}.': '已向 {email} 发送邀请。',
  '{sent} invitation sent, {refused} refused.': '已发送 {sent} 份邀请，{refused} 份被拒绝。',
  '{sent} invitations sent, {refused} refused.': '已发送 {sent} 份邀请，{refused} 份被拒绝。',
  '{valid} of {total} rows will be sent.': '{total} 行中将发送 {valid} 行。',
  'You joined {organization}.': '您已加入 {organization}。',
  // Organization settings (domain/organizations.ts).
  'Your organization is now called {organization}.': '您的组织现已更名为 {organization}。',
  // Billing, credits and sessions.
  'The {plan} plan needs no checkout.': '{plan}无需结账。',
  'You reached your monthly cap of {cap} credits. Ask your organization admin to raise it.':
    '您已达到每月 {cap} 点数的上限。请让组织管理员提高上限。',
  'Pick a period of at most {days} days.': '请选择不超过 {days} 天的时间段。',
  'Monthly cap set for {member}.': '已为 {member} 设置每月上限。',
  'Monthly cap set for {count} members.': '已为 {count} 位成员设置每月上限。',
  'Monthly cap removed for {member}.': '已取消 {member} 的每月上限。',
  'Monthly cap removed for {count} members.': '已取消 {count} 位成员的每月上限。',
  // The team pool (docs/product.md#the-team-pool).
  'The team pool has {pool} credits: {needed} are needed.': '团队点数池有 {pool} 点：需要 {needed} 点。',
  '{member} has {unused} unused granted credits: {amount} cannot be taken back.':
    '{member} 只有 {unused} 点未使用的已分配点数：无法收回 {amount} 点。',
  'Granted {total} credits to {member}.': '已向 {member} 分配 {total} 点。',
  'Granted {total} credits to {count} members.': '已向 {count} 位成员分配 {total} 点。',
  'Took back {total} credits from {member}.': '已从 {member} 收回 {total} 点。',
  'Took back {total} credits from {count} members.': '已从 {count} 位成员收回 {total} 点。',
  'Signed out {count} other sessions.': '已注销 {count} 个其他会话。',
  'Every session of {email} was signed out.': '{email} 的所有会话均已注销。',
  // CRM connections (crm/oauth-crm.ts, crm/preconnect-choices.ts, handlers/crm.ts).
  'Could not reach {crm}. Please try again later.': '无法连接 {crm}。请稍后再试。',
  '{crm} is not configured on this server: set {prefix}_CLIENT_ID and {prefix}_CLIENT_SECRET.':
    '此服务器未配置 {crm}：请设置 {prefix}_CLIENT_ID 和 {prefix}_CLIENT_SECRET。',
  '{crm} has no OAuth token URL configured.': '{crm} 未配置 OAuth 令牌地址。',
  '{crm} refused the authorization code.': '{crm} 拒绝了授权码。',
  '{crm} does not connect with API keys.': '{crm} 不支持通过 API 密钥连接。',
  'Verification failed: {crm} refused these credentials.': '验证失败：{crm} 拒绝了这些凭据。',
  '{crm} answered an error ({status}).': '{crm} 返回了错误（{status}）。',
  '{crm} connects with an API key, not OAuth.': '{crm} 通过 API 密钥连接，而不是 OAuth。',
  '{crm} connects with OAuth, not an API key.': '{crm} 通过 OAuth 连接，而不是 API 密钥。',
  'Unknown field "{field}" for {crm}.': '{crm} 没有“{field}”字段。',
  'Please fill in "{field}".': '请填写“{field}”。',
  '{field} must be one of {allowed}.': '{field} 必须是 {allowed} 之一。',
  '{field} must be one of {allowed}. Please connect again.': '{field} 必须是 {allowed} 之一。请重新连接。',
  // A request the contract refuses (http/validation-messages.ts).
  'The request body has a field this request does not take ({label}).':
    '请求正文包含此请求不接受的字段（{label}）。',
  'The query string has a field this request does not take ({label}).':
    '查询字符串包含此请求不接受的字段（{label}）。',
  '{label} is required.': '{label} 为必填项。',
  '{label} must be at least {count} characters long.': '{label} 长度至少为 {count} 个字符。',
  '{label} must be at least 1 character long.': '{label} 长度至少为 1 个字符。',
  '{label} must be at most {count} characters long.': '{label} 长度最多为 {count} 个字符。',
  '{label} must be at most 1 character long.': '{label} 长度最多为 1 个字符。',
  '{label} must be a valid email address, like name@example.com.':
    '{label} 必须是有效的电子邮箱地址，例如 name@example.com。',
  '{label} is not in the expected format.': '{label} 的格式不正确。',
  '{label} must be a CRM identifier such as demo-crm (lowercase letters, digits and hyphens).':
    '{label} 必须是 CRM 标识符，例如 demo-crm（小写字母、数字和连字符）。',
  '{label} must be Free, Standard or Pro.': '{label} 必须是免费版、标准版或专业版。',
  '{label} must be {allowed}.': '{label} 必须是 {allowed}。',
  '{label} must be text.': '{label} 必须是文本。',
  '{label} must be a whole number.': '{label} 必须是整数。',
  '{label} must be a number.': '{label} 必须是数字。',
  '{label} must be true or false.': '{label} 必须是 true 或 false。',
  '{label} must be a list.': '{label} 必须是列表。',
  '{label} must be an object.': '{label} 必须是对象。',
  '{label} must be a valid value.': '{label} 必须是有效值。',
  '{label} must be at least {limit}.': '{label} 不能小于 {limit}。',
  '{label} must be more than {limit}.': '{label} 必须大于 {limit}。',
  '{label} must be at most {limit}.': '{label} 不能大于 {limit}。',
  '{label} must be less than {limit}.': '{label} 必须小于 {limit}。',
  '{label} must have at least {count} items.': '{label} 至少需要包含 {count} 项。',
  '{label} must have at least 1 item.': '{label} 至少需要包含 1 项。',
  '{label} must have at most {count} items.': '{label} 最多只能包含 {count} 项。',
  '{label} must have at most 1 item.': '{label} 最多只能包含 1 项。',
  '{label} is not valid.': '{label} 无效。',
};

/** The Chinese of values by their placeholder: plan names read as in the sentences above. */
export const serverWords = {
  plan: { Free: '免费版', Standard: '标准版', Pro: '专业版' },
};
