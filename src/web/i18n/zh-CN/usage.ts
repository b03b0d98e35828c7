/** Simplified Chinese of credits and the Usage page (features/usage, entities/credits). */
export const usage: Record<string, string> = {
  'No cap': '无上限',
  'Credits this member may spend per billing period. Empty: no cap.':
    '此成员每个计费周期可使用的点数。留空：无上限。',
  'Enter a whole number of credits (0 to 1,000,000), or leave it empty for no cap.':
    '请输入整数点数（0 至 1,000,000），或留空表示无上限。',
  '{spent} credits used this period · no monthly cap (period ends {resets})':
    '本周期已用 {spent} 点 · 无每月上限（周期于 {resets} 结束）',
  '{spent} of {cap} credits used this period ({percent}%) · resets {resets}':
    '本周期已用 {spent}/{cap} 点（{percent}%）· {resets} 重置',
  'You have used {percent}% of the monthly cap.': '您已使用每月上限的 {percent}%。',
  'This member has used {percent}% of the monthly cap.': '此成员已使用每月上限的 {percent}%。',
  'You reached your monthly cap of {cap} credits: lookups are refused until {resets} or until your admin raises it.':
    '您已达到每月 {cap} 点的上限：在 {resets} 之前或管理员提高上限之前，查询将被拒绝。',
  'This member reached their monthly cap of {cap} credits: their lookups are refused until {resets}.':
    '此成员已达到每月 {cap} 点的上限：在 {resets} 之前其查询将被拒绝。',
  '{price} · one-off, never expire': '{price} · 一次性购买，永不过期',
  'Buy {pack} for {price}': '以 {price} 购买 {pack}',
  Buy: '购买',
  '{credits, plural, one {# credit} other {# credits}}': '{credits, plural, other {# 点}}',
  'Spending by member': '按成员统计的使用量',
  'Credits spent': '已用点数',
  Lookups: '查询次数',
  'Monthly cap': '每月上限',
  'Show only {name}': '仅显示 {name}',
  'Your credits': '您的点数',
  'Balance: {credits} credits ({plan} from your plan, {topUp} top-up credits that never expire)':
    '余额：{credits} 点（{plan} 点来自您的方案，{topUp} 点为永不过期的充值点数）',
  'Team spending': '团队使用量',
  'Your spending': '您的使用量',
  'Usage filters': '用量筛选',
  From: '开始日期',
  To: '结束日期',
  Feature: '功能',
  'All features': '全部功能',
  'Apply period': '应用时间段',
  'Member: {name}': '成员：{name}',
  'Member filter: {name}. Remove': '成员筛选：{name}。移除',
  'Export CSV': '导出 CSV',
  'Credits spent from {from} to {to}:': '{from} 至 {to} 已用点数：',
  'Buy credits': '购买点数',
  'Credits spent per day, {from} to {to}: {total} in total.': '{from} 至 {to} 每日已用点数：共 {total} 点。',
  'Day (UTC)': '日期（UTC）',
  'No credits were spent in this period.': '此时间段内没有使用点数。',
  'Nobody spent credits in this period.': '此时间段内没有人使用点数。',
  'Pick a start and an end date.': '请选择开始和结束日期。',
  'The period ends before it starts.': '结束日期早于开始日期。',
  'Pick a period of at most 366 days.': '请选择不超过 366 天的时间段。',
  'Failed to load credit packs': '无法加载点数包',
  'Failed to start the payment': '无法开始付款',
  'Failed to load the usage report': '无法加载用量报告',
};
