/**
 * Stock rules of the checkout saga (docs/architecture.md, Sagas): an order reserves
 * `quantity` of each item line and, for each package line, `quantity` of every item in the
 * package. Lines of the same item are added up, so an item is checked once against its total.
 */
import type { OrderPlacedData } from '@market/contracts';

export interface StockLine {
  itemId: string;
  quantity: number;
}

/** The units of each item an order needs, in the order the lines came. */
export function stockLines(order: OrderPlacedData): StockLine[] {
  const totals = new Map<string, number>();
  const add = (itemId: string, quantity: number) => totals.set(itemId, (totals.get(itemId) ?? 0) + quantity);
  for (const line of order.items) add(line.itemId, line.quantity);
  for (const pkg of order.packages) for (const itemId of pkg.itemIds) add(itemId, pkg.quantity);
  return [...totals].map(([itemId, quantity]) => ({ itemId, quantity }));
}

export type LineOutcome = 'ok' | 'out-of-stock' | 'unavailable' | 'unknown-item';

/** Whether `quantity` more units can be taken from an item in this state. */
export function canReserve(item: { Quantity: number; ItemAvailabilityStatus: boolean }, quantity: number): LineOutcome {
  if (!item.ItemAvailabilityStatus) return 'unavailable';
  return item.Quantity >= quantity ? 'ok' : 'out-of-stock';
}

/**
 * Whether a sale that takes an item's stock from `before` to `after` units crosses its seller's
 * low-stock alert `threshold` (issue 30 item 9): from above it to at or below it. 0 is off.
 */
export function crossesLowStock(before: number, after: number, threshold: number): boolean {
  return threshold > 0 && before > threshold && after <= threshold;
}
