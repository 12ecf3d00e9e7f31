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
export * from './cart-events';

const id = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{24}$/, 'Invalid id');
const ids = z.array(id).max(100, 'Too many lines');

function quantities(zeroMessage: string) {
  return z.record(id, z.number({ error: zeroMessage }).int(zeroMessage).min(1, zeroMessage).max(MAX_LINE_QUANTITY, LINE_QUANTITY_MAX));
}

/**
 * The version of the cart or wishlist a write was based on (its answer's `version`, also sent as
 * `If-Match`). A write naming an older version is refused with the current state; a write naming
 * none applies to the state it finds (the documents' clients send none).
 */
const version = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional();

/** `PUT /wishlist/update/{wishlistId}` and `POST /wishlist/addItems`: the customer is the caller. */
export const WishlistWriteSchema = z.object({
  /** Ignored: the wishlist belongs to the signed-in customer. */
  CustomerID: z.string().optional(),
  Items: ids,
  /** The wishlist's `version` this list was based on (see {@link version}). */
  version,
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
  /** The cart's `version` these lines were based on (see {@link version}). */
  version,
});
export type CartWrite = z.infer<typeof CartWriteSchema>;

/** Which lines a line path names: `items/{itemId}` or `packages/{packageId}`. */
export const CartLineKindSchema = z.enum(['items', 'packages']);
export type CartLineKind = z.infer<typeof CartLineKindSchema>;

/**
 * `POST /ShoppingCart/{cartId}/lines/{kind}/{lineId}` (add a line; `quantity` defaults to 1) and
 * `PUT` of the same path (set the line's quantity; required there).
 */
export const CartLineWriteSchema = z.object({
  quantity: z
    .number({ error: ITEM_QUANTITY_ZERO })
    .int(ITEM_QUANTITY_ZERO)
    .min(1, ITEM_QUANTITY_ZERO)
    .max(MAX_LINE_QUANTITY, LINE_QUANTITY_MAX)
    .optional(),
  /** The cart's `version` this change was based on (see {@link version}). */
  version,
});
export type CartLineWrite = z.infer<typeof CartLineWriteSchema>;

/** The query of a line removal (`DELETE .../lines/{kind}/{lineId}`, `DELETE /wishlist/{wishlistId}/items/{itemId}`). */
export const LineRemovalQuerySchema = z.object({
  /** The `version` the removal was based on (or `If-Match`); without it the line is removed from the cart as it is. */
  version: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

/** The cart as answered: the documented `{ _id, ItemIDs, PackageIDs }` plus the line quantities (its answer schema's output). */
export type CartView = z.output<typeof CartAnswerSchema>;

/** The wishlist as answered inside `{ wishlistss: ... }` (its answer schema's output). */
export type WishlistView = z.output<typeof WishlistAnswerSchema>['wishlistss'];
