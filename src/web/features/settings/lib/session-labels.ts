import { t, translated } from '../../../i18n';

/**
 * A session's device as the server describes it ('Chrome on Linux', 'Firefox', 'Unknown device':
 * security/devices.ts) in the reader's language. A browser with a name in that language takes it
 * ('QQ Browser' is 'QQ 浏览器'); system names and the other brands stay as they are.
 */
export function deviceLabel(device: string): string {
  const [browser, system, ...rest] = device.split(' on ');
  if (browser && system && rest.length === 0) {
    return t('{browser} on {system}', { browser: translated(browser), system });
  }
  return translated(device);
}
