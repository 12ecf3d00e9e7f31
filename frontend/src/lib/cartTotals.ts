/**
 * What the cart screen shows (spec 000 sections 2, 4 and 9): each line's unit price × quantity,
 * the subtotal, the Rs. 100 delivery & VAT and the total, in rupees. Display only: the amount
 * charged is priced again on the server at checkout (docs/architecture.md, Departures from the documents).
 */
import {
  DELIVERY_AND_VAT,
  ITEM_QUANTITY_ZERO,
  ITEM_UNAVAILABLE,
  LINE_QUANTITY_MAX,
  MAX_LINE_QUANTITY,
  PACKAGE_QUANTITY_ZERO,
  PACKAGE_UNAVAILABLE,
  onlyLeftInStock,
} from '@market/contracts';

export interface PricedCartLine {
  kind: 'item' | 'package';
  id: string;
  unitPrice: number;
  quantity: number;
  /** False when the item or package cannot be bought now: the line is left out of the totals. */
  available?: boolean;
}

/** A cart line as the checkout will judge it: its name and, for items, the units in stock. */
export interface CheckedCartLine {
  kind: 'item' | 'package';
  name: string;
  quantity: number;
  available: boolean;
  /** Items only: units left (the item's `Quantity`). */
  stock?: number;
}

/**
 * Why checkout would refuse this line, in checkout's own words (spec 000 section 8;
 * services/ordering/src/domain/pricing.ts), or null when it can be bought as it is.
 */
export function lineProblem(l: CheckedCartLine): string | null {
  if (!l.available) return l.kind === 'item' ? ITEM_UNAVAILABLE : PACKAGE_UNAVAILABLE;
  if (l.stock !== undefined && l.quantity > l.stock) return onlyLeftInStock(l.stock, l.name);
  return null;
}

/**
 * Subtotal, delivery & VAT (only when the cart has lines that can be bought) and total, rupees
 * rounded to cents. Lines marked `available: false` are not counted.
 */
export function cartTotals(all: PricedCartLine[]): { subtotal: number; delivery: number; total: number } {
  const lines = all.filter((l) => l.available !== false);
  const subtotal = Math.round(lines.reduce((s, l) => s + l.unitPrice * 100 * l.quantity, 0)) / 100;
  const delivery = lines.length > 0 ? DELIVERY_AND_VAT : 0;
  return { subtotal, delivery, total: Math.round((subtotal + delivery) * 100) / 100 };
}

/**
 * The quantity after pressing + or −.
 * @param stock - items: the units in stock with the item's name; + past it is refused with
 * checkout's message
 * @throws Error with the documents' message when it would go below 1, above the most units a
 * line may hold, or up past the stock
 */
export function nextQuantity(kind: 'item' | 'package', current: number, step: 1 | -1, stock?: { units: number; name: string }): number {
  const next = current + step;
  if (next < 1) throw new Error(kind === 'item' ? ITEM_QUANTITY_ZERO : PACKAGE_QUANTITY_ZERO);
  if (next > MAX_LINE_QUANTITY) throw new Error(LINE_QUANTITY_MAX);
  if (step > 0 && stock && next > stock.units) throw new Error(onlyLeftInStock(stock.units, stock.name));
  return next;
}
