/**
 * Simplified Chinese of the server-rendered pages' words (http/page-i18n.ts): the /support form and the
 * SANDBOX mark. Keyed by the English, placeholders (`{id}`) kept as they are.
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
};
