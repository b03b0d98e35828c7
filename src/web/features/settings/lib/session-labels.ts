import { t, translated } from '../../../i18n';

/**
 * A session's device as the server describes it ('Chrome on Linux', 'Firefox', 'Unknown device':
 * security/devices.ts) in the reader's language. Browser and system names stay as they are.
 */
export function deviceLabel(device: string): string {
  const [browser, system, ...rest] = device.split(' on ');
  if (browser && system && rest.length === 0) return t('{browser} on {system}', { browser, system });
  return translated(device);
}
