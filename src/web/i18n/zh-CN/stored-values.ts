/**
 * Simplified Chinese of the labels the server makes from stored data and the SPA shows through
 * translated(): where a session comes from (security/devices.ts), the seeded coupon's name, the keys
 * and word values of audit entries' details (shared/audit-events.ts), the seat counts of the Product
 * options (shared/seats.ts).
 */
import { planNames } from './server-codes';

export const storedValues: Record<string, string> = {
  // The API key fields of the seeded CRM records (db/seed.ts).
  'API key': 'API 密钥',
  'Personal API token': '个人 API 令牌',
  'User email': '用户电子邮箱',
  // Sessions: the device and the place.
  '{browser} on {system}': '{system} 上的 {browser}',
  'Unknown device': '未知设备',
  // Browsers with a Chinese name of their own; the others (Chrome, Safari...) keep theirs.
  WeChat: '微信',
  'QQ Browser': 'QQ 浏览器',
  'Sogou Browser': '搜狗浏览器',
  '360 Browser': '360 浏览器',
  'UC Browser': 'UC 浏览器',
  'This computer': '本机',
  'Local network': '本地网络',
  Internet: '互联网',
  // 'Unknown' (no address) is in billing.ts.
  // Audit entries' details: the keys...
  address_confirmed: '地址已确认',
  by: '变更方',
  cap_reached: '达到上限时提醒',
  cap_warning: '达到 75% 时提醒',
  checkout: '结账编号',
  credit_requests: '点数申请提醒',
  credits: '点数',
  crm: 'CRM 系统',
  days: '天数',
  default_cap: '新成员默认上限',
  domain: '域名',
  enabled: '已开启',
  entries: '条目数',
  from: '原值',
  host: '主机',
  idle_from: '原空闲超时（分钟）',
  idle_to: '新空闲超时（分钟）',
  interval: '计费周期',
  lifetime_from: '原会话时长上限（分钟）',
  lifetime_to: '新会话时长上限（分钟）',
  lookup: '查询类型',
  method: '方式',
  organization_wide: '整个组织',
  pack: '点数包',
  pool_below: '点数池低于',
  pro: '专业版席位',
  product: '产品',
  reason: '原因',
  required: '必需',
  role: '角色',
  seat_moved: '席位已转移',
  session: '会话',
  sessions: '会话数',
  standard: '标准版席位',
  to: '新值',
  // ...and the values that are words.
  admin: '管理员',
  member: '成员',
  billing_manager: '账单管理员',
  viewer: '查看者',
  ...planNames,
  password: '密码',
  google: 'Google 账号',
  sso: '单点登录',
  oauth: 'OAuth 授权',
  'api key': 'API 密钥',
  monthly: '按月',
  yearly: '按年',
  email: '邮箱',
  phone: '电话',
  'payment provider': '支付服务商',
  'billing admin': '账单管理员',
  deactivated: '已停用',
  deleted: '已删除',
  'identity provider': '身份提供商',
  true: '是',
  false: '否',
};

/** Labels with values. */
export const storedValueTemplates: Record<string, string> = {
  'Launch offer: {percent}% off': '首发优惠：{percent}% 折扣',
  // The name an organization is created with (domain/organizations.ts) until an admin renames it.
  "{name}'s organization": '{name} 的组织',
  '{software} API key': '{software} API 密钥',
  'Your {software} API key': '您的 {software} API 密钥',
  'e.g. {example}': '例如 {example}',
  '{plan} ({count} seats available)': '{plan}（剩余 {count} 个席位）',
  '{plan} ({count} seat available)': '{plan}（剩余 {count} 个席位）',
  // What an invoice bought, as the server's checkouts describe it (server/domain/billing/quote.ts, handlers/credits.ts).
  '{plan} plan (monthly)': '{plan}套餐（按月）',
  '{plan} plan (yearly)': '{plan}套餐（按年）',
  '{plan} seat (monthly)': '{plan}席位（按月）',
  '{plan} seat (yearly)': '{plan}席位（按年）',
  '{credits} credits (one-off, never expire)': '{credits} 点数（一次性，永不过期）',
};
