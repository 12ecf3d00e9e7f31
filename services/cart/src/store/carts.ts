/**
 * Shopping carts (spec 000 section 3, "Shopping cart": `_id, customerID, ItemIDs, PackageIDs`),
 * one per customer (its `_id` is the customer's id, see `ownerKeyed.ts`), plus the units of each line, stored
 * as arrays parallel to the ids: `itemQtys[i]` is the quantity of `ItemIDs[i]`.
 *
 * Why parallel arrays and not an `{ id: units }` object: the local FerretDB took
 * `$set: { q: { a: 3, c: 1 } }` over `{ a: 3, b: 1 }` for "no change" and did not write it (README
 * "Local infrastructure", patched since); arrays of scalars never had the problem.
 *
 * Every write of the lines is a compare-and-set on `rev` (a write counter): read the cart, decide,
 * write only if `rev` is still what was read, else read again. A removal by an event and a
 * customer's update therefore never overwrite each other.
 */
import { type CartView } from '@market/contracts';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { EMPTY_LINES, withoutBoughtUnits, withoutLines, type BoughtUnits, type CartLines } from '../domain/lines';
import { getOrCreateByOwner } from './ownerKeyed';

/** The stored lines: ids, and the units of each at the same index. */
export interface StoredLines {
  ItemIDs: string[];
  itemQtys: number[];
  PackageIDs: string[];
  packageQtys: number[];
}

export interface CartDoc extends StoredLines {
  _id: Types.ObjectId;
  customerID: string;
  rev: number;
  createdAt: Date;
  /**
   * The last orders whose bought units were taken off the lines (newest last, at most
   * {@link BOUGHT_ORDERS_KEPT}): a redelivered OrderConfirmed takes nothing twice.
   */
  boughtOrders?: string[];
}

/** How many paid orders a cart remembers (redeliveries come within minutes, not after 50 more orders). */
export const BOUGHT_ORDERS_KEPT = 50;

const schema = new Schema<CartDoc>(
  {
    customerID: { type: String, required: true },
    ItemIDs: { type: [String], default: [] },
    PackageIDs: { type: [String], default: [] },
    itemQtys: { type: [Number], default: [] },
    packageQtys: { type: [Number], default: [] },
    rev: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    boughtOrders: { type: [String], default: undefined },
  },
  { collection: 'carts', versionKey: false, minimize: false },
);
schema.index({ ItemIDs: 1 });
schema.index({ PackageIDs: 1 });

/** The carts model of the service's connection (created once per connection). */
export function cartModel(conn: Connection): Model<CartDoc> {
  return (conn.models.Cart as Model<CartDoc>) ?? conn.model<CartDoc>('Cart', schema);
}

/** The lines of a stored cart (absent fields read as empty; a missing quantity as 1). */
export function cartLines(c: Partial<StoredLines>): CartLines {
  const qty = (ids: string[], units: number[] | undefined) => Object.fromEntries(ids.map((id, i) => [id, units?.[i] ?? 1]));
  const ItemIDs = c.ItemIDs ?? [];
  const PackageIDs = c.PackageIDs ?? [];
  return { ItemIDs, PackageIDs, itemQty: qty(ItemIDs, c.itemQtys), packageQty: qty(PackageIDs, c.packageQtys) };
}

/** Lines as stored (see {@link StoredLines}); a line without a quantity gets 1. */
export function storedLines(l: CartLines): StoredLines {
  return {
    ItemIDs: l.ItemIDs,
    itemQtys: l.ItemIDs.map((id) => l.itemQty[id] ?? 1),
    PackageIDs: l.PackageIDs,
    packageQtys: l.PackageIDs.map((id) => l.packageQty[id] ?? 1),
  };
}

/** The version a cart or wishlist answers (`rev` + 1, so a new one is version 1; contracts `version`). */
export const versionOf = (doc: { rev?: number }): number => (doc.rev ?? 0) + 1;

/** The cart as answered (contracts `CartView`). */
export function cartView(c: CartDoc): CartView {
  const lines = cartLines(c);
  return {
    _id: String(c._id),
    customerID: c.customerID,
    ItemIDs: lines.ItemIDs,
    PackageIDs: lines.PackageIDs,
    ItemQuantities: lines.itemQty,
    PackageQuantities: lines.packageQty,
    version: versionOf(c),
  };
}

/**
 * The customer's cart (read by `_id`, see `ownerKeyed.ts`), created with `lines` when there is
 * none. Two concurrent creates meet at the `_id`; the loser reads the winner's cart.
 * @returns the cart and whether this call created it
 */
export async function getOrCreateCart(
  carts: Model<CartDoc>,
  customerID: string,
  lines: CartLines = EMPTY_LINES,
): Promise<{ cart: CartDoc; created: boolean }> {
  const { doc, created } = await getOrCreateByOwner(carts, customerID, () => ({
    customerID,
    ...storedLines(lines),
    rev: 0,
    createdAt: new Date(),
  }));
  return { cart: doc, created };
}

/**
 * Writes `lines` over the cart if nobody wrote it since `rev` was read.
 * @returns false when the cart changed meanwhile (or is gone): read it again and re-decide
 */
export async function replaceCartLines(carts: Model<CartDoc>, id: Types.ObjectId, rev: number, lines: CartLines): Promise<boolean> {
  const res = await carts.updateOne({ _id: id, rev }, { $set: storedLines(lines), $inc: { rev: 1 } });
  return res.matchedCount === 1;
}

/** Attempts of one cart's removal before the event is failed (and so retried by the consumer). */
const MAX_REMOVAL_ATTEMPTS = 20;

/**
 * Removes item and package lines, with their quantities, from the cart `_id` (read by `_id`, then
 * written by compare-and-set on its `rev`). Safe to repeat: a cart without those lines, or no
 * cart, is left alone.
 * @throws {Error} when the cart keeps changing under the removal (the consumer retries the event)
 */
export async function removeCartLines(
  carts: Model<CartDoc>,
  _id: Types.ObjectId,
  itemIds: readonly string[],
  packageIds: readonly string[],
): Promise<void> {
  if (itemIds.length === 0 && packageIds.length === 0) return;
  for (let attempt = 0; attempt < MAX_REMOVAL_ATTEMPTS; attempt++) {
    const cart = await carts.findOne({ _id }).lean<CartDoc>();
    if (!cart) return;
    const current = cartLines(cart);
    const next = withoutLines(current, itemIds, packageIds);
    if (next.ItemIDs.length === current.ItemIDs.length && next.PackageIDs.length === current.PackageIDs.length) return;
    if (await replaceCartLines(carts, _id, cart.rev, next)) return;
  }
  throw new Error(`cart ${String(_id)} kept changing while lines were being removed`);
}

/**
 * Takes the units a paid order bought off the cart `_id` (domain/lines.ts `withoutBoughtUnits`),
 * recording `orderId` in the same compare-and-set write so a redelivery takes nothing twice. No
 * cart, or an order already taken, is left alone.
 * @throws {Error} when the cart keeps changing under the write (the consumer retries the event)
 */
export async function removeBoughtUnits(
  carts: Model<CartDoc>,
  _id: Types.ObjectId,
  orderId: string,
  items: BoughtUnits,
  packages: BoughtUnits,
): Promise<void> {
  for (let attempt = 0; attempt < MAX_REMOVAL_ATTEMPTS; attempt++) {
    const cart = await carts.findOne({ _id }).lean<CartDoc>();
    if (!cart || (cart.boughtOrders ?? []).includes(orderId)) return;
    const next = withoutBoughtUnits(cartLines(cart), items, packages);
    const boughtOrders = [...(cart.boughtOrders ?? []), orderId].slice(-BOUGHT_ORDERS_KEPT);
    const res = await carts.updateOne({ _id, rev: cart.rev }, { $set: { ...storedLines(next), boughtOrders }, $inc: { rev: 1 } });
    if (res.matchedCount === 1) return;
  }
  throw new Error(`cart ${String(_id)} kept changing while a paid order was taken off it`);
}
