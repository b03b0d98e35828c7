/**
 * A field of a sandbox page's form as text, trimmed: '' when missing or not one string (@fastify/formbody
 * makes a repeated field an array, and a JSON body may hold anything), so a page refuses it as it refuses
 * an empty field instead of failing on it.
 */
export function formText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
