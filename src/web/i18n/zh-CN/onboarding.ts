/** Simplified Chinese of the onboarding steps (features/onboarding). */
export const onboarding: Record<string, string> = {
  // Why an invitation link cannot be used, as the join page says it (src/shared/invite-link.ts).
  'This invitation link has expired. Ask an admin of the organization for a new one.':
    '此邀请链接已过期。请向该组织的管理员索取新链接。',
  'This invitation link was revoked. Ask an admin of the organization for a new one.':
    '此邀请链接已被撤销。请向该组织的管理员索取新链接。',
  'This invitation link does not exist. Check that you copied all of it.':
    '此邀请链接不存在。请检查是否完整复制了链接。',
  "This invitation link is only for addresses at the organization's verified domain.":
    '此邀请链接仅适用于该组织已验证域名下的电子邮箱地址。',
  'Save 4 hours a week': '每周节省 4 小时',
  'Sync prospects from social networks into your CRM in one click.':
    '一键将社交网络上的潜在客户同步到您的 CRM。',
  'Trusted by thousands of SDRs, BDRs, Sales Ops and team leads':
    '深受数千名 SDR、BDR、销售运营和团队负责人的信赖',
  'Trusted by': '信赖我们的用户',
  'Rated 5 out of 5 stars': '评分：5 星（满分 5 星）',
  'Onboarding progress': '设置进度',
  Install: '安装',
  Signup: '注册',
  Connect: '连接',
  Finish: '完成',
  '(done)': '（已完成）',
  'Click the puzzle-piece (Extensions) icon at the top right of Chrome.':
    '点击 Chrome 右上角的拼图（扩展程序）图标。',
  'Find the extension in the list.': '在列表中找到该扩展。',
  'Click the pin icon next to it.': '点击其旁边的图钉图标。',
  'Invitation Error': '邀请出错',
  'No invitation token provided.': '未提供邀请令牌。',
  'Invalid or expired invitation': '邀请无效或已过期',
  'Failed to accept invitation': '接受邀请失败',
  'Checking your invitation...': '正在检查您的邀请...',
  'Invitation accepted': '已接受邀请',
  'You have been invited to join {organization}.': '您已受邀加入 {organization}。',
  // Opening an invitation while signed in (docs/product.md#accepting-an-invitation).
  'Invitation to {organization}': '{organization} 的邀请',
  'You are already a member of {organization}.': '您已是 {organization} 的成员。',
  'This invitation is for {invited}, but you are signed in as {email}.':
    '此邀请发给 {invited}，但您当前以 {email} 登录。',
  'This invitation is for {invited}, but you are signed in with another address.':
    '此邀请发给 {invited}，但您当前以其他邮箱地址登录。',
  'You are invited to join {organization} as {role}.': '您受邀以{role}身份加入 {organization}。',
  'You signed out or changed accounts in another tab: reload this page.':
    '您已在另一个标签页中退出或切换了账户：请重新加载此页面。',
  'Log out and continue': '退出登录并继续',
  'Taking you to sign up in {seconds, plural, one {# second} other {# seconds}}...':
    '{seconds, plural, other {# 秒}}后将带您前往注册...',
  'Sign up now': '立即注册',
  Redirecting: '正在跳转',
  'Setup complete': '设置完成',
  'Setup complete!': '设置完成！',
  'You are all set: open a profile and sync it to {software} in one click.':
    '一切就绪：打开一个个人资料，一键将其同步到 {software}。',
  'You are all set: open a profile and sync it to your CRM in one click.':
    '一切就绪：打开一个个人资料，一键将其同步到您的 CRM。',
  'Go to the dashboard': '前往控制台',
  'Install the extension': '安装扩展',
  'Add {app} to Chrome to sync prospects into {software} in one click.':
    '将 {app} 添加到 Chrome，一键将潜在客户同步到 {software}。',
  'Add to Chrome': '添加到 Chrome',
  'Once it is installed, the extension brings you back here to continue.':
    '安装完成后，扩展会带您回到这里继续。',
  'No extension store link is available for {software} yet.': '{software} 暂无扩展商店链接。',
  'Choose your CRM first, so we can show you the right extension.':
    '请先选择您的 CRM，以便我们为您显示合适的扩展。',
  'Choose your CRM': '选择您的 CRM',
  'Pin the extension': '固定扩展',
  'The extension is installed. Pin it!': '扩展已安装。请将其固定！',
  'Pin the extension so it is always one click away:': '固定扩展，随时一键可用：',
  'Extension uninstalled': '扩展已卸载',
  'The extension was uninstalled': '扩展已被卸载',
  'Sorry to see you go. If it was a mistake, you can install it again at any time.':
    '很遗憾看到您离开。如果是误操作，您可以随时重新安装。',
  'Reinstall the extension': '重新安装扩展',
  Welcome: '欢迎',
  'Welcome! Pin the extension first': '欢迎！请先固定扩展',
  'The extension is installed. Pin it so it is always one click away, then create your account.':
    '扩展已安装。将其固定以便随时一键可用，然后创建您的账户。',
  'Accept invitation': '接受邀请',
  'Why CRM Sync': '为什么选择 CRM Sync',
  // The page of an invitation link (docs/product.md#invitation-links).
  'Join an organization': '加入组织',
  'Failed to check the invitation link': '检查邀请链接失败',
  'Failed to join the organization': '加入组织失败',
  'This invitation link cannot be used': '此邀请链接无法使用',
  'Checking the invitation link...': '正在检查邀请链接...',
  'You joined {organization} as a Free member.': '您已作为免费版成员加入 {organization}。',
  'Sign up or log in with your address at {domain} to join.':
    '请使用您在 {domain} 的邮箱地址注册或登录后加入。',
  'You are a member of {organization}.': '您是 {organization} 的成员。',
  'You already belong to an organization: you cannot join another one.':
    '您已属于一个组织：无法再加入其他组织。',
  'You are signed in as {email}, not with an address at {domain}.':
    '您当前以 {email} 登录，而不是 {domain} 的邮箱地址。',
  'Joining...': '正在加入...',
  'Join {organization}': '加入 {organization}',
  'People with an address at {domain} can join {organization} as Free members until {date}.':
    '在 {date} 之前，拥有 {domain} 邮箱地址的人可以作为免费版成员加入 {organization}。',
  'Stopped: sign up when you are ready.': '已停止：准备好后再注册。',
  Stop: '停止',
};
