/**
 * What the cart screen shows (spec 000 sections 2, 4 and 9): each line's unit price × quantity,
 * the subtotal, the Rs. 100 delivery & VAT and the total, in rupees. Display only: the amount
 * charged is priced again on the server at checkout (DESIGN.md section 6).
 */
import { DELIVERY_AND_VAT, ITEM_QUANTITY_ZERO, LINE_QUANTITY_MAX, MAX_LINE_QUANTITY, PACKAGE_QUANTITY_ZERO } from '@market/contracts';

export interface PricedCartLine {
  kind: 'item' | 'package';
  id: string;
  unitPrice: number;
  quantity: number;
}

/** Subtotal, delivery & VAT (only when the cart has lines) and total, rupees rounded to cents. */
export function cartTotals(lines: PricedCartLine[]): { subtotal: number; delivery: number; total: number } {
  const subtotal = Math.round(lines.reduce((s, l) => s + l.unitPrice * 100 * l.quantity, 0)) / 100;
  const delivery = lines.length > 0 ? DELIVERY_AND_VAT : 0;
  return { subtotal, delivery, total: Math.round((subtotal + delivery) * 100) / 100 };
}

/**
 * The quantity after pressing + or −.
 * @throws Error with the documents' message when it would go below 1, or above the most units a
 * line may hold
 */
export function nextQuantity(kind: 'item' | 'package', current: number, step: 1 | -1): number {
  const next = current + step;
  if (next < 1) throw new Error(kind === 'item' ? ITEM_QUANTITY_ZERO : PACKAGE_QUANTITY_ZERO);
  if (next > MAX_LINE_QUANTITY) throw new Error(LINE_QUANTITY_MAX);
  return next;
}
