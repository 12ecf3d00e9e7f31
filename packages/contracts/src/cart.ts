/**
 * Request schemas and messages of the cart slice (spec 000 sections 4, 5, 7 and 8;
 * docs/architecture.md, Departures from the documents). The documented whole-list updates stay: a
 * client sends the full
 * `ItemIDs` / `PackageIDs` (cart) or `Items` (wishlist). The cart also keeps each line's quantity
 * on the server, in the added `ItemQuantities` / `PackageQuantities` maps (id → units, ≥ 1).
 */
import { z } from 'zod';
import type { CartAnswerSchema, WishlistAnswerSchema } from './cart-answers';
import { ITEM_QUANTITY_ZERO, PACKAGE_QUANTITY_ZERO, MAX_LINE_QUANTITY, LINE_QUANTITY_MAX } from './cart-rules';

export * from './cart-rules';

const id = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{24}$/, 'Invalid id');
const ids = z.array(id).max(100, 'Too many lines');

function quantities(zeroMessage: string) {
  return z.record(id, z.number({ error: zeroMessage }).int(zeroMessage).min(1, zeroMessage).max(MAX_LINE_QUANTITY, LINE_QUANTITY_MAX));
}

/** `PUT /wishlist/update/{wishlistId}` and `POST /wishlist/addItems`: the customer is the caller. */
export const WishlistWriteSchema = z.object({
  /** Ignored: the wishlist belongs to the signed-in customer. */
  CustomerID: z.string().optional(),
  Items: ids,
});
export type WishlistWrite = z.infer<typeof WishlistWriteSchema>;

/** `PUT /ShoppingCart/updateSItem/{cartId}` and `POST /ShoppingCart/createrCart`. */
export const CartWriteSchema = z.object({
  /** Ignored: the cart belongs to the signed-in customer. */
  customerID: z.string().optional(),
  ItemIDs: ids.default([]),
  PackageIDs: ids.default([]),
  /** Units per item line; a line not named keeps its quantity (1 when new). */
  ItemQuantities: quantities(ITEM_QUANTITY_ZERO).optional(),
  /** Units per package line; a line not named keeps its quantity (1 when new). */
  PackageQuantities: quantities(PACKAGE_QUANTITY_ZERO).optional(),
});
export type CartWrite = z.infer<typeof CartWriteSchema>;

/** The cart as answered: the documented `{ _id, ItemIDs, PackageIDs }` plus the line quantities (its answer schema's output). */
export type CartView = z.output<typeof CartAnswerSchema>;

/** The wishlist as answered inside `{ wishlistss: ... }` (its answer schema's output). */
export type WishlistView = z.output<typeof WishlistAnswerSchema>['wishlistss'];
