/** JSON columns are written as text: pg would send a JS array as a Postgres array, not as JSON. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
