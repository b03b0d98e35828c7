// The Simplified Chinese of /docs for a zh-CN visitor (scripts/build-docs.ts builds it beside the English):
// the words api-docs-content.ts adds to the contract (navigation labels, guide names, the error
// catalogue's sentences, the meanings of statuses and codes, the overview), and Redoc's own labels.
// The descriptions of single operations and fields stay English (docs/product.md#languages): they are
// written with the contract and change with it. test/server/api-docs.test.ts fails when an operation, a
// tag, a shared answer, an error code or a message code of openapi.yaml has no Chinese here.
import type { MessageCode } from '../../src/contract/messages.js';
import { serverCodes } from '../../src/web/i18n/zh-CN/server-codes.js';

/** The side menu's label of each operation, by path (the English is the path in words). */
export const OPERATION_LABELS: Record<string, string> = {
  '/get-user': '获取用户',
  '/get-software': '获取 CRM 信息',
  '/get-software-options': '获取 CRM 列表',
  '/get-pricing': '获取价格',
  '/get-coupon': '获取优惠券',
  '/set-settings': '保存设置',
  '/set-user-boolean': '设置用户开关',
  '/login': '登录',
  '/signup': '注册',
  '/google-auth': 'Google 登录',
  '/start-sso': '开始单点登录',
  '/finish-sso': '完成单点登录',
  '/logout': '退出登录',
  '/forgot-password': '忘记密码',
  '/reset-password': '重置密码',
  '/check-reset-token': '检查重置令牌',
  '/checkout': '结账',
  '/buy-more-seats': '购买更多席位',
  '/billing-portal': '账单门户',
  '/org-subscription': '组织订阅',
  '/get-invoices': '获取发票',
  '/quote-seats': '席位报价',
  '/verify-settings': '验证连接设置',
  '/pre-connect': '连接前准备',
  '/access-token': '获取访问令牌',
  '/disconnect': '断开连接',
  '/get-organization-members': '获取组织成员',
  '/invite-user': '邀请用户',
  '/invite-users': '批量邀请用户',
  '/preview-invite-users': '预览批量邀请',
  '/resend-invitation': '重新发送邀请',
  '/revoke-invitation': '撤销邀请',
  '/accept-invite': '接受邀请',
  '/remove-organization-user': '移除组织成员',
  '/set-user-product': '设置成员套餐',
  '/move-seat': '转移席位',
  '/get-company-domain': '获取公司域名',
  '/start-domain-verification': '开始域名验证',
  '/verify-domain': '验证域名',
  '/start-dns-verification': '获取域名验证的 TXT 记录',
  '/check-dns-verification': '通过 DNS 验证域名',
  '/rename-organization': '重命名组织',
  '/set-domain-auto-join': '设置域名自动加入',
  '/decide-join-request': '处理加入申请',
  '/get-join-option': '获取加入方式',
  '/request-to-join': '申请加入',
  '/create-invite-link': '创建邀请链接',
  '/revoke-invite-link': '撤销邀请链接',
  '/get-invite-link': '获取邀请链接',
  '/accept-invite-link': '通过邀请链接加入',
  '/list-audit-events': '列出审计事件',
  '/export-audit-events': '导出审计事件',
  '/get-audit-settings': '获取审计日志的流式传输与保留设置',
  '/set-audit-stream': '设置审计日志流式传输的 SIEM 端点',
  '/rotate-audit-stream-secret': '轮换 SIEM 端点的签名密钥',
  '/remove-audit-stream': '停止审计日志流式传输',
  '/test-audit-stream': '向 SIEM 端点发送测试事件',
  '/set-audit-retention': '设置审计日志保留期限',
  '/list-sessions': '列出会话',
  '/end-session': '结束会话',
  '/end-other-sessions': '结束其他会话',
  '/end-member-sessions': '结束成员会话',
  '/change-password': '修改密码',
  '/verify-two-factor': '验证两步验证码',
  '/get-two-factor': '获取两步验证状态',
  '/start-two-factor-setup': '开始设置两步验证',
  '/confirm-two-factor-setup': '确认两步验证设置',
  '/disable-two-factor': '关闭两步验证',
  '/set-two-factor-requirement': '设置两步验证要求',
  '/get-session-policies': '获取会话和网络策略',
  '/set-session-policies': '设置会话和网络策略',
  '/spend-credits': '消耗点数',
  '/refund-credits': '退还点数',
  '/get-credit-usage': '获取点数用量',
  '/set-member-caps': '设置成员上限',
  '/get-credit-settings': '获取点数提醒设置',
  '/set-credit-settings': '设置点数提醒和默认上限',
  '/get-usage-report': '获取用量报告',
  '/export-credit-ledger': '导出点数明细',
  '/get-credit-packs': '获取点数包',
  '/buy-credits': '购买点数',
  '/grant-credits': '从团队点数池分配点数',
  '/take-back-credits': '收回未使用的已分配点数',
  '/request-credits': '向管理员申请点数',
  '/get-crm-fields': '获取 CRM 字段',
  '/get-sync-settings': '获取同步设置',
  '/set-sync-settings': '保存同步设置',
  '/sync-profile': '同步资料到 CRM',
  '/list-sync-log': '查看同步日志',
  '/export-sync-log': '导出同步日志',
  '/get-scim-settings': '获取 SCIM 预配设置',
  '/create-scim-token': '创建 SCIM 令牌',
  '/rotate-scim-token': '轮换 SCIM 令牌',
  '/revoke-scim-token': '撤销 SCIM 令牌',
  '/set-scim-group-mapping': '设置群组映射',
  '/remove-scim-group-mapping': '删除群组映射',
  '/get-sso-connection': '获取单点登录连接',
  '/save-sso-connection': '保存单点登录连接',
  '/delete-sso-connection': '删除单点登录连接',
  '/set-require-sso': '要求（或不再要求）单点登录',
  '/test-sso-connection': '测试单点登录连接',
  '/sso/saml/metadata': 'SAML 服务提供商元数据',
  // SCIM: one path, several methods (docs/scim.md).
  'get /scim/v2/ServiceProviderConfig': 'GET /ServiceProviderConfig（服务配置）',
  'get /scim/v2/Schemas': 'GET /Schemas（架构）',
  'get /scim/v2/ResourceTypes': 'GET /ResourceTypes（资源类型）',
  'get /scim/v2/Users': 'GET /Users（列出用户）',
  'post /scim/v2/Users': 'POST /Users（预配用户）',
  'get /scim/v2/Users/{id}': 'GET /Users/{id}（获取用户）',
  'put /scim/v2/Users/{id}': 'PUT /Users/{id}（替换用户）',
  'patch /scim/v2/Users/{id}': 'PATCH /Users/{id}（修改用户）',
  'delete /scim/v2/Users/{id}': 'DELETE /Users/{id}（删除用户）',
  'get /scim/v2/Groups': 'GET /Groups（列出群组）',
  'post /scim/v2/Groups': 'POST /Groups（创建群组）',
  'get /scim/v2/Groups/{id}': 'GET /Groups/{id}（获取群组）',
  'put /scim/v2/Groups/{id}': 'PUT /Groups/{id}（替换群组）',
  'patch /scim/v2/Groups/{id}': 'PATCH /Groups/{id}（修改群组）',
  'delete /scim/v2/Groups/{id}': 'DELETE /Groups/{id}（删除群组）',
};

/** The contract's tags: their menu names and their one-line descriptions. */
export const TAGS: Record<string, { name: string; description: string }> = {
  auth: { name: '登录', description: '注册、登录与退出、重置密码。' },
  user: { name: '账户', description: '已登录用户自己的记录。' },
  catalogue: { name: '目录', description: 'CRM 记录、套餐与优惠券。' },
  billing: { name: '账单', description: '结账、席位与账单门户。' },
  crm: { name: 'CRM', description: '连接用户的 CRM。' },
  organization: { name: '组织', description: '组织的成员、邀请与席位。' },
  security: { name: '安全', description: '会话、修改密码与审计日志。' },
  credits: { name: '点数', description: '点数明细、扩展程序的消耗、每月上限、用量报告与充值。' },
  provisioning: { name: '预配', description: '组织身份提供商使用的 SCIM 令牌与群组映射。' },
  sso: {
    name: '单点登录',
    description:
      '单点登录：通过组织的身份提供商登录（start-sso、finish-sso，以及 SAML 的断言消费服务 /sso/saml/acs），以及组织与其身份提供商的连接（OpenID Connect 或 SAML），供管理员使用。',
  },
  scim: {
    name: 'SCIM',
    description:
      '位于 `<PUBLIC_URL>/scim/v2` 的 SCIM 2.0（RFC 7643、RFC 7644），供身份提供商（Okta、Entra ID、Google Workspace）为组织预配和取消预配人员。使用组织的 SCIM 持有者令牌认证；请求体为 `application/scim+json`；每个失败都是 SCIM 错误。',
  },
};

/** The guides' names in the menu and the groups of the menu. */
export const GUIDE_NAMES = { authentication: '认证', errors: '错误', changelog: '更新日志' };
export const GROUP_NAMES = { guides: '指南', operations: '接口' };

/** The API's name (the contract's info.title). */
export const TITLE = 'CRM-sync 控制台 API';

/** The overview (the contract's info.description). */
export const OVERVIEW = `控制台和浏览器扩展程序发出的每一个调用，以及它们交换的每一种实体。请从"认证"指南开始
（登录、保留 Cookie、发送 \`Origin\` 与 JSON）；"错误"指南列出了每个状态码和错误代码；"更新日志"说明了有哪些变化。

约定：
- 请求使用 Cookie 会话（\`session\`）。安全要求为空的接口也会回应匿名调用者。
- 每个可能失败的回应都带有错误信封：\`error\`（布尔值）和 \`message\`（原样展示给用户的文字）。非 2xx 状态码的回应总是带有 \`error: true\`。
- 修改状态的调用（POST）必须发送 \`Content-Type: application/json\` 和允许的 \`Origin\`。
- 时间是自纪元起的秒数。价格是以美分为单位的整数。
- 回应中的套餐名称是规范写法（\`Free\`、\`Standard\`、\`Pro\`）；请求接受任意大小写。
`;

/** The descriptions of the contract's servers, by their English. */
export const SERVERS: Record<string, string> = {
  'The product API base. Configurable with API_BASE.': '产品 API 的基础地址，可用 API_BASE 配置。',
};

/** What each shared answer (components/responses) means, by its name. */
export const RESPONSES: Record<string, string> = {
  Ok: '完成。',
  BadRequest: '请求格式有误或违反了某条规则；`message` 说明是哪一条。',
  Unauthorized: '没有有效的会话，或凭据错误。',
  Forbidden: '调用者的角色不允许此操作，或修改状态的调用来自不允许的 Origin。',
  NotFound: '没有这个对象（或它属于另一个组织）。',
  Conflict: '此更改与当前状态冲突（电子邮箱已被使用、没有空闲席位……）。',
  PayloadTooLarge: '请求体超过了服务器接受的大小。',
  UnsupportedMediaType: '修改状态的调用没有使用 `Content-Type application/json`。',
  Unprocessable: 'CRM 拒绝了这些凭据。',
  TooManyRequests: '尝试次数过多；请稍后再试。',
  TooManyRequestsOrBusy:
    '尝试次数过多：请稍后再试。或此账户同时发出的调用过多（`account_busy`：突发的调用每次只执行几个，以免其他账户等待；无法排队等候的调用会被拒绝，且不做任何操作）。请在 `Retry-After` 秒后重试。',
  AccountBusy:
    '此账户同时发出的调用过多（突发）：它们每次只执行几个，以免其他账户等待；无法排队等候的调用会被拒绝，且不做任何操作。请在 `Retry-After` 秒后重试。',
  CrmRateLimited:
    'CRM 在几次等待之后仍回应 429（`crm_rate_limited`），或此账户的扣费无法排队等候（`account_busy`：此账户同时发出的调用过多）；请在 `Retry-After` 秒后重试。',
  ProviderError: '支付服务商或 CRM 出错。',
  Unavailable:
    '服务暂时无法回应：数据库短暂不可达（重启、故障切换、网络故障），此时 `Retry-After` 说明何时重试，且此次调用没有写入任何内容；或者此服务器未配置该功能（例如没有 Google 客户端 ID、没有支付服务商）。',
  InternalError: '服务器发生意外故障；`message` 是通用文字（"Something went wrong"）。',
  RequestTimeout: '客户端没有及时发送完整的请求（请求头和请求体）；服务器关闭连接，不返回内容。',
  ScimBadRequest: 'SCIM 请求格式有误（不是 JSON、属性错误、不支持的筛选或 PATCH）；`scimType` 说明是哪一类。',
  ScimUnauthorized: '持有者令牌缺失、错误、已过期或已撤销。',
  ScimNotFound: '令牌所属组织中没有这个资源。',
  ScimConflict:
    '`uniqueness`：已存在相同 userName 的用户（或相同 displayName 的群组），或该地址属于另一个组织的成员；也用于不通过 SCIM 停用的组织管理员。',
  ScimPayloadTooLarge: '请求体超过了服务器接受的大小。',
  ScimUnsupportedMediaType: '请求体不是 `application/scim+json`（或 `application/json`）。',
  ScimTooManyRequests:
    '此地址的认证失败过多，或向此地址发送的邀请过多，或此组织同时发出的写入调用过多（突发的调用每次只执行几个，以免其他调用方等待）；请在 `Retry-After` 秒后重试。',
  ScimInternalError: '服务器发生意外故障。',
  ScimUnavailable: '数据库短暂不可达；`Retry-After` 说明何时重试。',
};

/** What each error `code` means (openapi.yaml's x-enumDescriptions), by code. */
export const CODES: Record<string, string> = {
  insufficient_credits: '余额（套餐点数和充值点数）少于所需数量。',
  cap_reached: '此次消耗会超过组织管理员为该成员设置的每月上限。',
  email_cap_reached: '此次消耗（邮箱查询）会超过该成员邮箱查询的每月上限。',
  phone_cap_reached: '此次消耗（电话查询）会超过该成员电话查询的每月上限。',
  idempotency_conflict: '此 idempotency_key 已用于另一数量或功能的消耗。',
  idempotency_key_refunded: '此 idempotency_key 的消耗已被退还；新的查询请发送新的键。',
  insufficient_credits_ask_admin: '同上，针对不能购买点数包的成员（由管理员从团队点数池分配点数）。',
  pool_insufficient: '团队点数池的点数少于此次分配所需。',
  not_enough_unused: '某位成员未使用的已分配点数少于要收回的数量。',
  grant_key_reused: '此 idempotency_key 已用于另一次分配或收回。',
  grant_key_undone: '此 idempotency_key 的分配或收回此后已被反向撤回；新的操作请发送新的键。',
};

/** The fixed sentences of the error catalogue (api-docs-content.ts errorCatalogue). */
export const ERROR_GUIDE = {
  intro: [
    '失败的调用会回应非 2xx 状态码和错误信封',
    '`{ "error": true, "message": "...", "code": "...", "params": {} }`。`message` 是写给使用应用的人看的句子：',
    '请原样展示，或根据 `code` 翻译（见下文"消息代码"）。请根据状态码和 `code` 决定如何处理。',
    '429 或 503 带有 `Retry-After`（秒）。',
  ],
  statuses: '状态码',
  statusHeader: '| 状态码 | 含义 | 回应者 |',
  everyOperation: '每个接口',
  someOperations: (count: number, total: number) => `${total} 个接口中的 ${count} 个`,
  describedWithOperation: '见回应它的接口的说明。',
  codes: '错误代码',
  codesIntro: '程序必须区分的拒绝，除了 message 之外还带有 `code`。',
  codeHeader: '| 代码 | 状态码 | 含义 |',
  from: (operations: string) => `来自 ${operations}。`,
  messages: '消息代码',
  messagesIntro: [
    '每个 `message`（错误或成功的）都带有 `code` 和 `params`：code 指明是哪句话，`params` 是填入其',
    '`{name}` 占位符的值。代码是稳定的：请根据 `code` 决定和翻译，而不是根据句子（句子可能改写）；',
    '以后可能新增代码，遇到不认识的代码时请原样展示 `message`。',
  ],
  messageHeader: '| 代码 | 消息 |',
};

/** The Chinese of every message code (the app's own catalogue of them, src/web/i18n/zh-CN/server-codes.ts). */
export const MESSAGES: Partial<Record<MessageCode, string>> = serverCodes;

/**
 * Redoc's own labels, by the translation key its components ask for (Redoc's `translate(key, English)`;
 * build-docs.ts makes it answer these). Keys Redoc uses on this contract's pages.
 */
export const REDOC_LABELS: Record<string, string> = {
  'actions.more': '更多',
  'actions.show': '显示',
  'actions.hide': '隐藏',
  properties: '个属性',
  property: '个属性',
  body: '请求体',
  contentType: '响应媒体类型',
  default: '默认值',
  defaultValue: '默认值',
  example: '示例',
  examples: '示例',
  header: '标头',
  'info.license': '许可证',
  'info.title': '概览',
  'info.termsOfService': '服务条款',
  'info.metadata.title': '元数据',
  'openapi.collapseAll': '全部折叠',
  'openapi.expandAll': '全部展开',
  'openapi.showPattern': '显示正则模式',
  'openapi.hidePattern': '隐藏正则模式',
  'openapi.deepLink.tooltip': '链接到此部分',
  operations: '接口',
  'page.actions.copyButtonText': '复制',
  'page.actions.copyTitle': '复制给大模型',
  'page.actions.moreActions': '更多操作',
  query: '查询参数',
  path: '路径参数',
  cookie: 'Cookie 参数',
  parameters: '参数',
  request: '请求',
  required: '必填',
  responses: '响应',
  response: '响应',
  noRequestData: '无请求数据',
  'search.navbar.label': '搜索',
  'search.searchItem.enum': '枚举',
  'search.searchItem.example': '示例',
  'search.searchItem.deprecated': '已弃用',
  'badges.deprecated': '已弃用',
  security: '认证方式',
  viewSecurityDetails: '查看认证详情',
  'servers.title': '服务器',
  value: '值',
  values: '值',
  'loaders.loading': '加载中…',
  'codeSnippet.copy.tooltipText': '复制到剪贴板',
  'codeSnippet.copy.toasterText': '已复制',
  'codeSnippet.expand.tooltipText': '全部展开',
  'codeSnippet.collapse.tooltipText': '全部折叠',
  'sidebar.actions.hide': '隐藏侧边栏',
  'sidebar.actions.show': '显示侧边栏',
  'button.download.tooltipText': '下载描述文件',
  'button.externalLink.tooltipText': '在新标签页中打开',
  'page.apiNotFound.title': '此地址没有页面',
  'page.apiNotFound.description': '此地址没有页面：',
  'page.apiNotFound.hint': '它可能已被移动或删除。',
  'page.apiNotFound.backButton': '返回文档',
};

/**
 * Redoc's words that do not go through its translate(): each English literal as it stands in Redoc's code
 * (a template literal), and its Chinese. build-docs.ts stops when one is no longer found, so an upgrade of
 * Redoc that moves them is seen.
 */
export const REDOC_TEXTS: [string, string][] = [
  ['`Search docs...`', '`搜索文档…`'],
  ['`No results`', '`没有结果`'],
  ['`Searching...`', '`正在搜索…`'],
  ['`API docs by`', '`API 文档技术支持：`'],
  ['`Open navigation menu`', '`打开导航菜单`'],
  ['`Response status`', '`响应状态`'],
  ['`Response media type`', '`响应媒体类型`'],
  // The search dialog's footer and the kinds of its results.
  ['text:`to navigate`', 'text:`导航`'],
  ['text:`to select`', 'text:`选择`'],
  ['text:`to exit`', 'text:`关闭`'],
  ['children:`Cancel`', 'children:`取消`'],
  ['"aria-label":`Search trigger button`', '"aria-label":`搜索`'],
  ['`query parameters`', '`查询参数`'],
  ['`path parameters`', '`路径参数`'],
  ['`header parameters`', '`标头参数`'],
  ['`cookie parameters`', '`Cookie 参数`'],
  ['`request fields`', '`请求字段`'],
  ['`request body`', '`请求体`'],
  ['`request examples`', '`请求示例`'],
  ['`response ${e} fields`', '`响应 ${e} 字段`'],
  ['`response ${e} headers`', '`响应 ${e} 标头`'],
  ['`response ${e} examples`', '`响应 ${e} 示例`'],
  // A schema's type and limits: 'Array of string', 'string or null', '[ 1 .. 64 ] characters'.
  ['r=`Array of `', 'r=`数组，元素为 `'],
  ['r.join(` or `)', 'r.join(` 或 `)'],
  ['`Enum:`', '`枚举：`'],
  ['Kb(`characters`', 'Kb(`个字符`'],
  ['`non-empty`', '`非空`'],
  // Names read aloud.
  ['"aria-label":n?`Show sidebar`:`Hide sidebar`', '"aria-label":n?`显示侧边栏`:`隐藏侧边栏`'],
  ['"aria-label":`Expand all`', '"aria-label":`全部展开`'],
  ['"aria-label":`Collapse all`', '"aria-label":`全部折叠`'],
  ['"aria-label":`collapse`', '"aria-label":`折叠`'],
  ['"aria-label":`Copy`', '"aria-label":`复制`'],
  ['"aria-label":`Example`', '"aria-label":`示例`'],
  ['"aria-label":`Open in new tab`', '"aria-label":`在新标签页中打开`'],
  ['alt:`redocly logo`', 'alt:`Redocly 标志`'],
  ['tip:`Switch color mode`', 'tip:`切换颜色模式`'],
  // The colour mode switch is named by its mode ('light'): named by what it does instead.
  [
    '"aria-label":t,size:`small`,variant:`outlined`,icon:(0,V.jsx)(hke',
    '"aria-label":`切换颜色模式`,size:`small`,variant:`outlined`,icon:(0,V.jsx)(hke',
  ],
  ['`link to ${', '`链接到 ${'],
];
