/**
 * Wishlists (spec 000 section 3, "Wishlist": `_id, CustomerID, Items` of item ids), one per
 * customer (its `_id` is the customer's id, see `ownerKeyed.ts`). `rev` counts writes, for the same compare-and-set as
 * carts (see `store/carts.ts`).
 */
import { type WishlistView } from '@market/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { getOrCreateByOwner, ownerKey } from './ownerKeyed';

export interface WishlistDoc {
  _id: Types.ObjectId;
  CustomerID: string;
  Items: string[];
  rev: number;
  createdAt: Date;
}

const schema = new Schema<WishlistDoc>(
  {
    CustomerID: { type: String, required: true },
    Items: { type: [String], default: [] },
    rev: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
  },
  { collection: 'wishlists', versionKey: false, minimize: false },
);
schema.index({ Items: 1 });

/** The wishlists model of the service's connection (created once per connection). */
export function wishlistModel(conn: Connection): Model<WishlistDoc> {
  return (conn.models.Wishlist as Model<WishlistDoc>) ?? conn.model<WishlistDoc>('Wishlist', schema);
}

/** The wishlist as answered inside `{ wishlistss }` (contracts `WishlistView`). */
export function wishlistView(w: WishlistDoc): WishlistView {
  return { _id: String(w._id), CustomerID: w.CustomerID, Items: w.Items ?? [], version: (w.rev ?? 0) + 1 };
}

/** The customer's wishlist (read by `_id`, see `ownerKeyed.ts`), created empty when there is none. */
export async function getOrCreateWishlist(wishlists: Model<WishlistDoc>, CustomerID: string): Promise<WishlistDoc> {
  const { doc } = await getOrCreateByOwner(wishlists, CustomerID, () => ({ CustomerID, Items: [], rev: 0, createdAt: new Date() }));
  return doc;
}

/**
 * Writes `Items` over the wishlist if nobody wrote it since `rev` was read.
 * @returns false when it changed meanwhile (or is gone)
 */
export async function replaceWishlistItems(
  wishlists: Model<WishlistDoc>,
  id: Types.ObjectId,
  rev: number,
  Items: string[],
): Promise<boolean> {
  const res = await wishlists.updateOne({ _id: id, rev }, { $set: { Items }, $inc: { rev: 1 } });
  return res.matchedCount === 1;
}

/**
 * Removes `itemIds` from the wishlists of `customerIds` (`$pullAll` of exact ids, each wishlist by
 * its `_id`, the customer's id). Safe to repeat. Callers name the wishlists (the caller's own, or
 * an item's watchers from store/wishlistEntries.ts): a filter on `Items` would read every wishlist
 * on the local database (README "Local infrastructure").
 * @returns the wishlists that changed, as written (their items and rev, for the entries index)
 */
export async function removeWishlistItems(
  wishlists: Model<WishlistDoc>,
  customerIds: readonly string[],
  itemIds: readonly string[],
): Promise<Pick<WishlistDoc, 'CustomerID' | 'Items' | 'rev'>[]> {
  if (itemIds.length === 0) return [];
  const written = await Promise.all(
    customerIds.map((c) =>
      wishlists
        .findOneAndUpdate(
          { _id: ownerKey(c), Items: { $in: [...itemIds] } },
          { $pullAll: { Items: [...itemIds] }, $inc: { rev: 1 } },
          // No projection: FerretDB 1.24's findAndModify does not take one.
          { new: true },
        )
        .lean<Pick<WishlistDoc, 'CustomerID' | 'Items' | 'rev'>>(),
    ),
  );
  return written.filter((w) => w !== null);
}
