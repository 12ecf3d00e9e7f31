/**
 * Starting a checkout (docs/architecture.md, Departures from the documents): the server prices the
 * lines and answers a checkout; an `Idempotency-Key` kept in sessionStorage per cart attempt (the
 * same lines) makes a retried Go to Checkout or Buy Now answer the same checkout instead of opening
 * a second one.
 *
 * The server answers the checkout a key already made whatever lines are sent, so the key is
 * tied to the lines it was made for, and a key whose checkout has been decided (the order was
 * placed, or refused and refunded) is replaced by a fresh one: buying the same lines again is a
 * new purchase.
 *
 * A checkout started from the cart is marked as such ({@link checkoutFromCart}): the pay page
 * compares its lines with the cart as it is now and says when the cart changed meanwhile (issue 29
 * item 3). A Buy Now checkout is not about the cart.
 */
import { currentCheckout, shopApi, type Checkout } from '../api/shop';

export interface CheckoutLines {
  items: { itemId: string; quantity: number }[];
  packages: { packageId: string; quantity: number }[];
}

const KEY = 'market.checkoutKey';
/** The id of this tab's checkout when it was started from the cart. */
const FROM_CART = 'market.checkoutFromCart';

/** A random UUID, also outside secure contexts (plain http on a LAN address has no randomUUID). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The lines in a fixed order, so the same cart gives the same text. */
function signature(lines: CheckoutLines): string {
  const items = [...lines.items].sort((a, b) => a.itemId.localeCompare(b.itemId)).map((l) => `i:${l.itemId}:${l.quantity}`);
  const packages = [...lines.packages].sort((a, b) => a.packageId.localeCompare(b.packageId)).map((l) => `p:${l.packageId}:${l.quantity}`);
  return [...items, ...packages].join(',');
}

function readKey(): { sig: string; key: string } | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { sig?: unknown; key?: unknown } | null;
    return v && typeof v.sig === 'string' && typeof v.key === 'string' ? { sig: v.sig, key: v.key } : null;
  } catch {
    return null;
  }
}

/** The Idempotency-Key of this attempt at buying `lines` (the kept one when the lines are the same). */
export function checkoutKeyFor(lines: CheckoutLines): string {
  const sig = signature(lines);
  const kept = readKey();
  if (kept && kept.sig === sig) return kept.key;
  const key = newUuid();
  sessionStorage.setItem(KEY, JSON.stringify({ sig, key }));
  return key;
}

/** Forgets the kept key (the checkout it made has been decided). */
export function forgetCheckoutKey(): void {
  sessionStorage.removeItem(KEY);
}

/** Whether `checkoutId` was started from the cart in this tab (not by Buy Now). */
export function checkoutFromCart(checkoutId: string): boolean {
  return sessionStorage.getItem(FROM_CART) === checkoutId;
}

/**
 * Prices `lines` on the server and makes the answer the checkout being paid in this tab.
 * @param options.fromCart - the lines are the cart's (Go to Checkout; the default) or not (Buy Now)
 * @returns the checkout; `Open` unless an earlier attempt with these lines is still being paid
 * @throws ApiError from the server (e.g. 409 when a line is unavailable)
 */
export async function beginCheckout(lines: CheckoutLines, options: { fromCart?: boolean } = {}): Promise<Checkout> {
  let checkout = await shopApi.startCheckout(lines, checkoutKeyFor(lines));
  if (checkout.status === 'Confirmed' || checkout.status === 'Rejected') {
    // The kept key belongs to a purchase that is over: this is a new one.
    forgetCheckoutKey();
    checkout = await shopApi.startCheckout(lines, checkoutKeyFor(lines));
  }
  currentCheckout.set(checkout.checkoutId);
  if (options.fromCart ?? true) sessionStorage.setItem(FROM_CART, checkout.checkoutId);
  else sessionStorage.removeItem(FROM_CART);
  return checkout;
}
