/**
 * What the sessions list says about where a session came from, worked out locally: no lookup service
 * is called (nothing leaves the server, and it works offline). The place is coarse on purpose.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * First match wins: the browsers built on Chromium name it too, and WeChat's built-in browser also says
 * MQQBrowser, so each comes before what it is built on. The names are English; the SPA shows them in
 * the reader's language (i18n/zh-CN/stored-values.ts).
 */
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\//, 'WeChat'],
  [/M?QQBrowser\//, 'QQ Browser'],
  [/MetaSr|SogouMobileBrowser|SogouSearch/, 'Sogou Browser'],
  [/QIHU|360SE|360EE|QihooBrowser|QHBrowser/, '360 Browser'],
  [/UCBrowser\/|UCWEB/, 'UC Browser'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Windows", "Firefox", "Unknown device". */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  privateRanges.addSubnet(network, prefix, 'ipv4');
}
privateRanges.addSubnet('fc00::', 7, 'ipv6');
privateRanges.addSubnet('fe80::', 10, 'ipv6');

/** "This computer", "Local network", "Internet" or "Unknown". */
export function describePlace(ip: string | null | undefined): string {
  if (!ip) return 'Unknown';
  const address = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  if (!family) return 'Unknown';
  if (loopback.check(address, family)) return 'This computer';
  if (privateRanges.check(address, family)) return 'Local network';
  return 'Internet';
}
