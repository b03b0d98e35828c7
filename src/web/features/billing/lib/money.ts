/** The API's amounts are cents; the app shows currency in the UI's language. */
import { formatAmount } from '../../../entities/plan';

export function formatCents(cents: number): string {
  return formatAmount(cents / 100);
}
