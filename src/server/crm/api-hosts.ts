/**
 * The hosts a CRM's token answer may name as its API (docs/product.md#crm-sync-rules): Salesforce answers
 * its org's `instance_url` and Pipedrive the company's `api_domain`, and the connection's access token is
 * then sent there. A token endpoint that named any other host (hostile, compromised, or a wrong test fake)
 * would be handed the token, so only the CRM's own hosts over https pass — or the API base URL this server
 * is configured with for that CRM (<SLUG>_API_URL: the local fakes of tests and development).
 */
import { message } from '../../contract/messages.js';
import { upstreamFailed } from '../domain/errors.js';

/**
 * Salesforce: My Domain hosts (`*.my.salesforce.com`, sandboxes' `*.sandbox.my.salesforce.com`), older
 * instance hosts (`na123.salesforce.com`), `*.force.com`, Government Cloud Plus (`*.my.salesforce.mil`) and
 * Salesforce on Alibaba Cloud (`*.my.sfcrmproducts.cn`). Pipedrive: the company's `*.pipedrive.com`.
 */
const OWN_HOST_SUFFIXES: Partial<Record<string, string[]>> = {
  salesforce: ['.salesforce.com', '.force.com', '.salesforce.mil', '.sfcrmproducts.cn'],
  pipedrive: ['.pipedrive.com'],
};

/** Whether `url` may receive the CRM's token: its own https host, or this server's configured API base. */
function isOwnApiHost(slug: string, url: string, configured: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (configured !== undefined && parsed.origin === new URL(configured).origin) return true;
  const suffixes = OWN_HOST_SUFFIXES[slug];
  if (!suffixes) return true;
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') return false;
  const host = parsed.hostname.toLowerCase();
  return suffixes.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}

/** Refuses (502 `crm_untrusted_host`) an API host that is not the CRM's own; nothing is stored or sent. */
export function checkApiHost(
  slug: string,
  crm: string,
  url: string | null | undefined,
  configured: string | undefined,
): void {
  if (url === null || url === undefined || isOwnApiHost(slug, url, configured)) return;
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // Not a URL at all: named as given (cut short), still refused.
  }
  throw upstreamFailed(message('crm_untrusted_host', { crm, host: host.slice(0, 100) }));
}
