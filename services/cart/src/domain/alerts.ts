/**
 * When a wish-listed item is worth an e-mail ("when a wish-listed
 * item's price drops (a new or bigger discount) or it comes back in stock, the customer gets one
 * e-mail"), decided from the item as the cart last knew it and as its new event describes it. No
 * I/O. Prices in integer cents of LKR (README "Money").
 *
 * - back in stock: the item could not be bought before (no units left, or made unavailable) and
 *   now can (available with at least one unit). This takes precedence: its e-mail also shows the
 *   price, and the old one when it dropped too, so one change sends one e-mail.
 * - price drop: it can be bought and its final price (after the discount; what a customer pays)
 *   is lower than before: a new or bigger discount, or a lower list price.
 * - nothing otherwise, and nothing when the item was unknown or deleted before (ItemCreated, or a
 *   read model without the field: an older document), or cannot be bought now.
 */

/** What the cart's item read model keeps of an item (absent fields: written before the wishlist alerts needed them). */
export interface ItemState {
  available: boolean;
  deleted?: boolean;
  /** Units in stock. */
  quantity?: number;
  /** Final price, cents. */
  finalPriceCents?: number;
}

export type WishlistChange = 'back-in-stock' | 'price-drop';

const buyable = (s: ItemState): boolean => s.available && !s.deleted && (s.quantity === undefined || s.quantity > 0);

/**
 * The change from `before` to `after` a wish-lister is told about, or null.
 * @param before - the item as last known (null: never seen)
 * @param after - the item as the new event describes it (every field present)
 */
export function wishlistChange(before: ItemState | null, after: Required<Omit<ItemState, 'deleted'>>): WishlistChange | null {
  if (!before || before.deleted || !buyable(after)) return null;
  if (!buyable(before)) return 'back-in-stock';
  if (before.finalPriceCents !== undefined && after.finalPriceCents < before.finalPriceCents) return 'price-drop';
  return null;
}
