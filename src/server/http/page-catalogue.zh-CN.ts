/**
 * Simplified Chinese of the server-rendered pages' words (http/page-i18n.ts): the /support form, the
 * sandbox pages and the SANDBOX mark, grouped by page. Keyed by the English, placeholders (`{id}`) kept
 * as they are.
 */
export const pagesZhCN: Record<string, string> = {
  SANDBOX: '沙盒',
  // /support (support/support-page.ts)
  'Billing support': '账单支持',
  'Tell us what is wrong with your subscription, seats or invoice, and we will answer by email.':
    '请告诉我们您的订阅、席位或发票有什么问题，我们会通过电子邮件回复您。',
  'Your email': '您的电子邮箱',
  'How can we help?': '我们能为您做些什么？',
  'Send request': '发送请求',
  'Enter the email address we should answer, like you@example.com.':
    '请输入我们回复您时使用的电子邮箱地址，例如 you@example.com。',
  'Tell us how we can help.': '请告诉我们能为您做些什么。',
  'Keep the message under {max} characters (it has {length}).':
    '消息请少于 {max} 个字符（当前为 {length} 个）。',
  'This server has no support form. Please contact the company that runs it.':
    '此服务器没有支持表单。请联系运营它的公司。',
  'Request sent': '请求已发送',
  'Thank you: your request #{id} reached our support team. We will answer by email.':
    '谢谢：您的请求 #{id} 已送达我们的支持团队。我们会通过电子邮件回复您。',
  'This install keeps mail in the {outbox} instead of sending it.':
    '此安装不发送邮件，而是将其保存在{outbox}中。',
  'mail outbox': '邮件发件箱',
  'Back to billing': '返回账单',
  'You sent several requests in a short time. Please try again later.':
    '您在短时间内发送了多个请求。请稍后再试。',
  'We could not send your request just now. Please try again.': '我们暂时无法发送您的请求。请重试。',
  // A form page's failure (http/form-pages.ts)
  'Briefly unavailable': '暂时无法使用',
  'Something went wrong': '出了点问题',
  'Request refused': '请求被拒绝',
  'Try again': '重试',
  'Go back to the form and send it again.': '请返回表单并重新发送。',
  // Words of stored billing data on the sandbox payment pages (sandbox/billing-words.ts)
  Free: '免费版',
  Standard: '标准版',
  Pro: '专业版',
  monthly: '按月',
  yearly: '按年',
  active: '有效',
  canceled: '已取消',
  none: '无',
  '{plan} plan ({period})': '{plan}套餐（{period}）',
  '{plan} seat ({period})': '{plan}席位（{period}）',
  '{credits} credits (one-off, never expire)': '{credits} 点数（一次性，永不过期）',
  // The sandbox checkout (sandbox/checkout-page.ts)
  'Please log in': '请登录',
  'Log in to the account that started this checkout, then reload this page.':
    '请登录发起此次结账的账户，然后重新加载此页面。',
  'Log in to the account that started this checkout.': '请登录发起此次结账的账户。',
  'Checkout not found': '未找到结账',
  'This checkout session does not exist.': '此结账会话不存在。',
  'Checkout cancelled': '结账已取消',
  'This checkout was cancelled.': '此次结账已取消。',
  Checkout: '结账',
  'Paying as {email}. This sandbox charges nothing.': '付款账户：{email}。此沙盒不会收取任何费用。',
  Item: '项目',
  'Unit price': '单价',
  Qty: '数量',
  Amount: '金额',
  'Subtotal: {amount}': '小计：{amount}',
  'Coupon {code}: −{amount}': '优惠券 {code}：−{amount}',
  'Total due today: {amount}': '今日应付总额：{amount}',
  'Payment method: {card} (sandbox card)': '付款方式：{card}（沙盒卡）',
  'Pay {amount}': '支付 {amount}',
  Cancel: '取消',
  // The sandbox billing portal (sandbox/portal-page.ts)
  'Billing portal': '账单门户',
  'Please log in first.': '请先登录。',
  'Log in': '登录',
  'Saved.': '已保存。',
  Plan: '套餐',
  Status: '状态',
  'Billing period': '计费周期',
  'Next payment': '下次付款',
  'Not available': '暂无',
  'Payment method': '付款方式',
  None: '无',
  'Change plan': '更改套餐',
  '{plan} {period} ({amount})': '{plan}，{period}付费（{amount}）',
  Current: '当前',
  Seats: '席位',
  'Fewer seats take effect at once, without a refund for this period. To add seats, use Buy seats on the billing page.':
    '减少席位立即生效，本周期不予退款。如需增加席位，请在账单页面使用“购买席位”。',
  '{plan} seats': '{plan}席位',
  'Reduce seats': '减少席位',
  'Update payment method': '更新付款方式',
  "Sandbox only: renew now, as the provider would at the end of the period. Unused plan credits expire and the plans' credits are granted again; top-ups stay.":
    '仅限沙盒：立即续订，如同支付服务商在周期结束时所做的那样。未用完的套餐点数将过期，并重新发放套餐点数；充值的点数保留。',
  'Start the next billing period': '开始下一个计费周期',
  'Cancel subscription': '取消订阅',
  'Return to the dashboard': '返回控制台',
  'Back to the billing portal': '返回账单门户',
  // The Demo CRM's pages (sandbox/crm-pages.ts)
  'Unknown client_id.': '未知的 client_id。',
  'The redirect_uri is not allowed for this client.': '此客户端不允许使用该 redirect_uri。',
  'Please log in to {app} in this browser first, then connect again.':
    '请先在此浏览器中登录 {app}，然后重新连接。',
  '{app} wants to access your {crm} contacts for {email}.':
    '{app} 请求访问您（{email}）在 {crm} 中的联系人。',
  'Scope: {scope}': '权限范围：{scope}',
  Approve: '批准',
  Deny: '拒绝',
  '{crm} · Authorize': '{crm} · 授权',
  '{crm} API keys': '{crm} API 密钥',
  '{crm} record': '{crm} 记录',
  'No such record.': '没有这条记录。',
  'Owner: {owner}': '负责人：{owner}',
  '{crm} accepts any API key that starts with {prefix}. Here is a fresh one:':
    '{crm} 接受任何以 {prefix} 开头的 API 密钥。这是一个新的密钥：',
  // The Demo CRM's control page (sandbox/crm-tokens-page.ts)
  '{crm} tokens': '{crm} 令牌',
  'Try how {app} handles {crm} when it stops accepting the connection.':
    '试试当 {crm} 不再接受连接时 {app} 如何处理。',
  'Live access tokens of {email}: {access}. Refresh tokens: {refresh}.':
    '{email} 的有效访问令牌：{access} 个。刷新令牌：{refresh} 个。',
  'Let the access token expire': '让访问令牌过期',
  'Let it expire and refuse the refresh': '让其过期并拒绝刷新',
  'API key to refuse': '要拒绝的 API 密钥',
  'Refuse this API key': '拒绝此 API 密钥',
  'The access tokens expired: {app} refreshes them at its next call.':
    '访问令牌已过期：{app} 会在下一次调用时刷新它们。',
  'The access tokens expired and their refresh is refused: the next call of {app} marks the connection as needing attention.':
    '访问令牌已过期，且其刷新会被拒绝：{app} 的下一次调用会将该连接标记为需要处理。',
  '{crm} refuses this API key from now on: the next sync or the daily key check marks the connection.':
    '{crm} 从现在起拒绝此 API 密钥：下一次同步或每日密钥检查会标记该连接。',
  'Choose a button, or enter the API key to refuse.': '请选择一个按钮，或输入要拒绝的 API 密钥。',
  'Back to the tokens': '返回令牌页面',
  // The Google sign-in sandbox (sandbox/google-page.ts)
  'Choose an account': '选择账号',
  'to sign up to {app} with Google.': '以使用 Google 注册 {app}。',
  'to sign in to {app} with Google.': '以使用 Google 登录 {app}。',
  "This sandbox plays Google's part because {setting} is not set on this server: no Google account is used, and any address works.":
    '由于此服务器未设置 {setting}，此沙盒代替 Google：不会使用任何 Google 账号，任何地址都可以。',
  Email: '电子邮箱',
  Name: '姓名',
  'Google has verified this address': 'Google 已验证此地址',
  Continue: '继续',
  'Send an invalid credential': '发送无效凭据',
  'Fail (widget error)': '失败（组件错误）',
  'Sign in with Google · Sandbox': '使用 Google 登录 · 沙盒',
  'Enter an email address, like name@example.com.': '请输入电子邮箱地址，例如 name@example.com。',
  'Open this page with the "Sign in with Google" button of {app}.':
    '请通过 {app} 的“使用 Google 登录”按钮打开此页面。',
  'Signing in · Sandbox': '正在登录 · 沙盒',
  'Signing you in...': '正在为您登录…',
  'Returning to {app}.': '正在返回 {app}。',
  // The identity-provider sandbox (sandbox/identity-provider-page.ts)
  'Sign in to your company': '登录您的公司',
  'Sign in to your company · Sandbox': '登录您的公司 · 沙盒',
  "This sandbox plays your company's identity provider (Okta, Entra ID, Google Workspace) on this local install: no account is needed, and any address works.":
    '在此本地安装中，此沙盒代替您公司的身份提供商（Okta、Entra ID、Google Workspace）：无需账号，任何地址都可以。',
  'Sign in': '登录',
  'Deny (access_denied)': '拒绝（access_denied）',
  'Deny (AuthnFailed)': '拒绝（AuthnFailed）',
  'Continue to {app}': '继续前往 {app}',
  'This sign-in request is not valid: start it with "Sign in with SSO" of {app}.':
    '此登录请求无效：请通过 {app} 的“使用 SSO 登录”开始。',
  // The mail outbox (sandbox/mail-page.ts)
  'Mail outbox': '邮件发件箱',
  'Mail is kept here because {setting} is not set. Newest first (last {count}).':
    '由于未设置 {setting}，邮件保存在此处。最新的在前（最近 {count} 封）。',
  'No mail yet.': '还没有邮件。',
  'To {address} · {time}': '收件人 {address} · {time}',
};
