/**
 * Simplified Chinese of the server's own messages (the error envelope's `message`, success messages):
 * shown through translated() where the app shows a server message, so a Chinese user reads them too.
 */
export const server: Record<string, string> = {
  'Account created.': '账户已创建。',
  // Bulk invitations (issue 15): why a row was refused (src/shared/invite-list.ts).
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
  'No organization has verified the domain of your email address.': '没有组织验证过您电子邮箱的域名。',
  'Your request to join is already waiting for an admin.': '您的加入申请正在等待管理员处理。',
  'Verify your company domain first.': '请先验证您的公司域名。',
  'People who sign up at your company domain now join automatically as Free members.':
    '使用您公司域名注册的用户现在将自动以免费版成员身份加入。',
  'People who sign up at your company domain now request to join.':
    '使用您公司域名注册的用户现在需要申请加入。',
  'The mail could not be delivered. Try again later.': '邮件无法送达。请稍后再试。',
  'A billing manager uses no seat: set the product to Free.': '账单管理员不占用席位：请将产品设为免费版。',
  "Billing is handled by your organization's billing admin.": '账单由您所在组织的账单管理员处理。',
  'Choose Standard or Pro: a Free plan uses no seat.': '请选择标准版或专业版：免费版不占用席位。',
  'Choose another member to give the seat to.': '请选择另一位成员来接收此席位。',
  'An account with this email already exists. Please log in.': '使用此电子邮箱的账户已存在。请登录。',
  'An invitation is already pending for this email. Use "Resend invite".':
    '此电子邮箱已有待处理的邀请。请使用“重新发送邀请”。',
  'Bad request.': '请求无效。',
  'Checkout created.': '已创建结账。',
  'Could not read the subscription from Stripe.': '无法从 Stripe 读取订阅。',
  'Cross-site request refused.': '已拒绝跨站请求。',
  'Enter the code from your authenticator app.': '请输入身份验证器应用中的验证码。',
  'Failed to send invitation: the mail could not be delivered. Try "Resend invite" later.':
    '发送邀请失败：邮件无法送达。请稍后使用“重新发送邀请”。',
  'Go back to the form and send it again.': '请返回表单并重新发送。',
  'Invalid email or password.': '电子邮箱或密码无效。',
  'Invite someone first: the requirement applies to an organization.': '请先邀请成员：此要求适用于组织。',
  'Missing OAuth access token: please connect again.': '缺少 OAuth 访问令牌：请重新连接。',
  'Not enough credits: buy a credit pack or upgrade your plan.': '点数不足：请购买点数包或升级方案。',
  'Only an admin can choose an organization-wide connection.': '只有管理员可以选择组织范围的连接。',
  'Only an organization admin can do this.': '只有组织管理员可以执行此操作。',
  'Pick real dates (YYYY-MM-DD).': '请选择有效日期（YYYY-MM-DD）。',
  'Please enter your name.': '请输入您的姓名。',
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
};
