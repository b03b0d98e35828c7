/** Simplified Chinese of the app shell, shared components and libraries (app/, components/, lib/, entities/). */
export const app: Record<string, string> = {
  'Skip to main content': '跳到主要内容',
  'Page not found': '页面不存在',
  'This page does not exist.': '此页面不存在。',
  'This page could not be loaded': '无法加载此页面',
  'Check your connection, then reload the page.': '请检查网络连接，然后重新加载页面。',
  'Something went wrong': '出错了',
  'This page could not be shown. Reload the page, or go back to your dashboard.':
    '无法显示此页面。请重新加载页面，或返回控制台。',
  Reload: '重新加载',
  'Go to dashboard': '前往控制台',
  'Your account could not be loaded': '无法加载您的账户',
  'Error: {message}': '错误：{message}',
  'Try again': '重试',
  'Go to login': '前往登录',
  'Loading...': '加载中...',
  Close: '关闭',
  'You are offline. Changes cannot be saved until your connection is back.':
    '您已离线。恢复网络连接之前无法保存更改。',
  'You are offline. Check your connection and try again.': '您已离线。请检查网络连接后重试。',
  'The service could not be reached. Check your connection or try again in a moment.':
    '无法连接到服务。请检查网络连接，或稍后重试。',
  'The service is not available right now. Try again in a moment.': '服务暂时不可用，请稍后重试。',
  'Open menu': '打开菜单',
  Menu: '菜单',
  Terms: '服务条款',
  Privacy: '隐私政策',
  Support: '支持',
};
