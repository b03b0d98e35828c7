/**
 * Seat availability of spec §5 'Member product selection', shared by the SPA (the Product select of
 * the member edit page) and the server (set-user-product), so the rule is written once.
 * Pure: no Node or browser imports.
 */

export type Product = 'free' | 'standard' | 'pro';
export type SeatProduct = Exclude<Product, 'free'>;

export interface PurchasedSeats {
  standard: number;
  pro: number;
}

/** Spec §3: the product is compared case-insensitively and defaults to Free. */
export function normalizeProduct(product: string | null | undefined): Product {
  const lower = (product ?? '').trim().toLowerCase();
  return lower === 'standard' || lower === 'pro' ? lower : 'free';
}

/** How many members hold each paid product. */
export function assignedSeats(memberProducts: Iterable<string | null | undefined>): PurchasedSeats {
  const counts = { standard: 0, pro: 0 };
  for (const product of memberProducts) {
    const p = normalizeProduct(product);
    if (p !== 'free') counts[p] += 1;
  }
  return counts;
}

/**
 * Seats of `product` still free for `memberProduct`'s holder: purchased minus assigned, with the
 * member's own seat counted back, never below 0.
 */
export function availableSeats(
  product: SeatProduct,
  purchased: PurchasedSeats,
  assigned: PurchasedSeats,
  memberProduct: string | null | undefined,
): number {
  const ownSeat = normalizeProduct(memberProduct) === product ? 1 : 0;
  return Math.max(0, purchased[product] - assigned[product] + ownSeat);
}

/** Free is always allowed; a paid product needs a free seat or the member already holding it. */
export function canAssignProduct(
  product: Product,
  purchased: PurchasedSeats,
  assigned: PurchasedSeats,
  memberProduct: string | null | undefined,
): boolean {
  if (product === 'free') return true;
  if (normalizeProduct(memberProduct) === product) return true;
  return availableSeats(product, purchased, assigned, memberProduct) > 0;
}

/**
 * The label of a Product option, e.g. 'Standard (2 seats available)' (spec wording, never below 0),
 * singular for one: 'Standard (1 seat available)'.
 */
export function seatOptionLabel(product: SeatProduct, available: number): string {
  const name = product === 'standard' ? 'Standard' : 'Pro';
  const count = Math.max(0, available);
  return `${name} (${count} ${count === 1 ? 'seat' : 'seats'} available)`;
}
