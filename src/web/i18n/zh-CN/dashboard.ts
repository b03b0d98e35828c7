/** Simplified Chinese of the dashboard shell and the overview (features/dashboard). */
export const dashboard: Record<string, string> = {
  Dashboard: '控制台',
  'Your company already uses CRM Sync: request to join': '您的公司已在使用 CRM Sync：申请加入',
  'Request to join': '申请加入',
  'Your request to join {organization} is waiting for an admin.':
    '您加入 {organization} 的申请正在等待管理员处理。',
  'Your request to join {organization} is waiting for an admin. Once one approves it, we will mail an invitation to {email}: open it to join.':
    '您加入 {organization} 的申请正在等待管理员处理。管理员批准后，我们会向 {email} 发送邀请：打开邀请即可加入。',
  'We sent an invitation to {email}: open it to join {organization}.':
    '我们已向 {email} 发送邀请：打开邀请即可加入 {organization}。',
  'Failed to send the request to join': '发送加入申请失败',
  Overview: '概览',
  Organization: '组织',
  'Audit log': '审计日志',
  Settings: '设置',
  Usage: '用量',
  Connection: '连接',
  Billing: '账单',
  'Install extension': '安装扩展',
  Logout: '退出登录',
  Account: '账户',
  Email: '电子邮箱',
  'Credits remaining': '剩余点数',
  Annual: '年付',
  Monthly: '月付',
  'Current product': '当前产品',
  'Extension installed': '已安装扩展',
  Yes: '是',
  No: '否',
  'Install Extension': '安装扩展',
  'Not part of an organization': '未加入任何组织',
  Admin: '管理员',
  Member: '成员',
  Manage: '管理',
  'No CRM selected yet. Choose your CRM when you connect it, then come back here.':
    '尚未选择 CRM。请在连接时选择您的 CRM，然后返回此处。',
  'Software not found.': '未找到该软件。',
  'Install {app} to sync prospects into {software} in one click.':
    '安装 {app}，一键将潜在客户同步到 {software}。',
  'Install {app}': '安装 {app}',
  'The {app} extension is not available in the store yet.': '{app} 扩展尚未在应用商店上架。',
  'Failed to fetch user data': '无法获取用户数据',
  'Failed to fetch billing portal url': '无法获取账单门户链接',
  'Credits this period': '本周期点数',
  'View usage': '查看用量',
  'Loading usage': '正在加载用量',
  'Extension and CRM': '扩展与 CRM',
  Extension: '扩展',
  Installed: '已安装',
  'Not installed': '未安装',
  'Connect your CRM': '连接您的 CRM',
  'Manage members': '管理成员',
  '{standard} Standard and {pro} Pro seats purchased':
    '已购买 {standard} 个 Standard 席位和 {pro} 个 Pro 席位',
  '{count, plural, one {# member} other {# members}} in {organization}':
    '{organization} 共有 {count, plural, other {# 名成员}}',
  'View billing': '查看账单',
  'due {date}': '{date} 到期',
  'Next step: install the extension to sync prospects into your CRM.':
    '下一步：安装扩展，将潜在客户同步到您的 CRM。',
  'Next step: connect your CRM so the extension can sync prospects into it.':
    '下一步：连接您的 CRM，让扩展把潜在客户同步进去。',
};
