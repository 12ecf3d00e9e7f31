/**
 * Request schemas and messages of the cart slice (spec 000 sections 4, 5, 7 and 8; issue 5;
 * DESIGN.md section 6). The documented whole-list updates stay: a client sends the full
 * `ItemIDs` / `PackageIDs` (cart) or `Items` (wishlist). The cart also keeps each line's quantity
 * on the server, in the added `ItemQuantities` / `PackageQuantities` maps (id → units, ≥ 1).
 */
import { z } from 'zod';
import type { CartAnswerSchema, WishlistAnswerSchema } from './cart-answers';

export const ITEM_IN_CART = 'Item Already in Your Shopping Cart.';
export const PACKAGE_IN_CART = 'Package Already in Your Shopping Cart.';
export const ITEM_IN_WISHLIST = 'Item Already in Your Wishlist.';
export const ITEM_UNAVAILABLE = 'Item is not available Right now!';
export const PACKAGE_UNAVAILABLE = 'Package is not available Right now!';
export const ITEM_QUANTITY_ZERO = 'Item Quantity Cannot be reduced to zero';
export const PACKAGE_QUANTITY_ZERO = 'Package Quantity Cannot be reduced to zero';
/** Most units of one line a cart holds (the stock limit of an item, spec 001 section 9). */
export const MAX_LINE_QUANTITY = 200;
export const LINE_QUANTITY_MAX = `Quantity cannot be more than ${MAX_LINE_QUANTITY}`;
/**
 * The refusal of a line asking for more units than the item has in stock: checkout's message
 * (services/ordering/src/domain/pricing.ts), also shown by the cart screen where the quantity is
 * raised (issue 15, defect 3).
 * @param stock - units the item has left (its `Quantity`)
 * @param name - the item's name
 */
export const onlyLeftInStock = (stock: number, name: string): string => `Only ${stock} of ${name} left in stock`;

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
