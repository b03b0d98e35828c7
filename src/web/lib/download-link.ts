import { apiUrl } from '../app/config';

/**
 * The link that downloads a file the API streams (the CSV exports: export-credit-ledger,
 * export-audit-events). A plain link rather than a call through the API layer: the browser saves the
 * stream as it arrives, whatever its size, under the name the server gives it. Unset filters are left out.
 */
export function downloadLink(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${apiUrl(path)}?${search}` : apiUrl(path);
}
