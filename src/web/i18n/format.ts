/**
 * Numbers, money and relative waits in the UI's language (docs/product.md#languages): one home, through Intl with the
 * active locale. English output is what the product always showed ('$39', '$1,234.50', '1,000').
 */
import { intlTag } from './index';

/** '$39', '$1,234.50' (en) or 'US$39' (zh-CN): whole amounts without cents, others with two decimals. */
export function formatMoney(amount: number, currency = 'USD'): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  return new Intl.NumberFormat(intlTag(), {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** '1,000' (en), '1,000' (zh-CN). */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat(intlTag()).format(value);
}
