/** Simplified Chinese of Settings (features/settings). */
export const settings: Record<string, string> = {
  Profile: '个人资料',
  'Your email cannot be changed': '电子邮箱无法更改',
  Name: '姓名',
  'Enter your name': '请输入您的姓名',
  'Saving...': '正在保存...',
  'Save Changes': '保存更改',
  'Profile updated successfully!': '个人资料已更新！',
  'Failed to update profile': '更新个人资料失败',
  'Error updating profile': '更新个人资料时出错',
  Language: '语言',
};
