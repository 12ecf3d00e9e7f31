/**
 * Verified purchases: an OrderConfirmed means its customer bought every item of its
 * item lines and every item inside its package lines (`packages[].itemIds`). A review by that
 * customer of such an item shows `verifiedPurchase: true`, computed at read time, so a review
 * written before the order was confirmed gets the mark too. Pure.
 */
import type { OrderOutcomeData } from '@market/contracts';
import { normalId } from './rules';

/** The distinct item ids (lower case) an order bought, from item lines and package contents. */
export function purchasedItemIds(order: Pick<OrderOutcomeData, 'items' | 'packages'>): string[] {
  const ids = [...order.items.map((l) => l.itemId), ...order.packages.flatMap((p) => p.itemIds)];
  return [...new Set(ids.filter((id) => id.trim() !== '').map(normalId))];
}
