/**
 * Shopping carts (spec 000 section 3, "Shopping cart": `_id, customerID, ItemIDs, PackageIDs`),
 * one per customer (unique index on `customerID`), plus the units of each line in `itemQty` /
 * `packageQty` (id → units ≥ 1; issue 5).
 *
 * `rev` counts writes. A whole-cart replacement reads the cart, decides, and writes only if `rev`
 * is still what it read (compare-and-set), so it never overwrites a concurrent change such as an
 * event removing a deleted item. FerretDB 1.x has no transactions and ignores `$pull` with a
 * condition, so line removal uses `$pullAll` of exact ids and `$unset` of their quantity keys
 * (see {@link removeCartLines}).
 */
import { type CartView } from '@market/contracts';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { EMPTY_LINES, type CartLines } from '../domain/lines';

export interface CartDoc extends CartLines {
  _id: Types.ObjectId;
  customerID: string;
  rev: number;
  createdAt: Date;
}

const schema = new Schema<CartDoc>(
  {
    customerID: { type: String, required: true },
    ItemIDs: { type: [String], default: [] },
    PackageIDs: { type: [String], default: [] },
    itemQty: { type: Schema.Types.Mixed, default: {} },
    packageQty: { type: Schema.Types.Mixed, default: {} },
    rev: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
  },
  { collection: 'carts', versionKey: false, minimize: false },
);
schema.index({ customerID: 1 }, { unique: true });
schema.index({ ItemIDs: 1 });
schema.index({ PackageIDs: 1 });

export function cartModel(conn: Connection): Model<CartDoc> {
  return (conn.models.Cart as Model<CartDoc>) ?? conn.model<CartDoc>('Cart', schema);
}

function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

/** The stored lines of a cart, with absent fields read as empty. */
export function cartLines(c: Partial<CartLines>): CartLines {
  return { ItemIDs: c.ItemIDs ?? [], PackageIDs: c.PackageIDs ?? [], itemQty: c.itemQty ?? {}, packageQty: c.packageQty ?? {} };
}

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
  };
}

/**
 * The customer's cart, created with `lines` when there is none. Two concurrent creates meet at
 * the unique index; the loser reads the winner's cart.
 * @returns the cart and whether this call created it
 */
export async function getOrCreateCart(
  carts: Model<CartDoc>,
  customerID: string,
  lines: CartLines = EMPTY_LINES,
): Promise<{ cart: CartDoc; created: boolean }> {
  const existing = await carts.findOne({ customerID }).lean<CartDoc>();
  if (existing) return { cart: existing, created: false };
  const doc: CartDoc = { _id: new Types.ObjectId(), customerID, ...lines, rev: 0, createdAt: new Date() };
  try {
    await carts.create(doc);
    return { cart: doc, created: true };
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    const winner = await carts.findOne({ customerID }).lean<CartDoc>();
    if (!winner) throw err;
    return { cart: winner, created: false };
  }
}

/**
 * Writes `lines` over the cart if nobody wrote it since `rev` was read.
 * @returns false when the cart changed meanwhile (or is gone): read it again and re-decide
 */
export async function replaceCartLines(carts: Model<CartDoc>, id: Types.ObjectId, rev: number, lines: CartLines): Promise<boolean> {
  const res = await carts.updateOne({ _id: id, rev }, { $set: { ...lines }, $inc: { rev: 1 } });
  return res.matchedCount === 1;
}

const isObjectIdHex = (id: string) => /^[0-9a-f]{24}$/.test(id);

/**
 * Removes item and package lines, with their quantities, from the carts matching `filter` (one
 * customer's cart, or every cart holding a deleted item). Safe to repeat.
 */
export async function removeCartLines(
  carts: Model<CartDoc>,
  filter: Record<string, unknown>,
  itemIds: readonly string[],
  packageIds: readonly string[],
): Promise<void> {
  // A cart holds only ObjectId hex strings; anything else cannot be there (and must not reach a path).
  itemIds = itemIds.filter(isObjectIdHex);
  packageIds = packageIds.filter(isObjectIdHex);
  if (itemIds.length === 0 && packageIds.length === 0) return;
  const pullAll: Record<string, string[]> = {};
  if (itemIds.length) pullAll.ItemIDs = [...itemIds];
  if (packageIds.length) pullAll.PackageIDs = [...packageIds];
  const unset: Record<string, 1> = {};
  for (const id of itemIds) unset[`itemQty.${id}`] = 1;
  for (const id of packageIds) unset[`packageQty.${id}`] = 1;
  await carts.updateMany(filter, { $pullAll: pullAll, $unset: unset, $inc: { rev: 1 } });
}
