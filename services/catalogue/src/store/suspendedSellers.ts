/**
 * The sellers an admin has suspended (issue 30 item 10), as the catalogue keeps them from
 * identity's SellerSuspended / SellerReinstated (events/sellerConsumer.ts): ONE document,
 * `_id` {@link SUSPENDED_SELLERS_ID}, holding their ids, read by `_id` and changed only with
 * `$addToSet` / `$pull` (like ordering's card owners), so no list query is ever made.
 *
 * While a seller is in it, the shoppers' listings (`GET /items/getItems`, `GET /Packages/getPackages`)
 * leave its items and packages out at query time (a `must_not` of its id over the listing index,
 * domain/search.ts and domain/packageSearch.ts); the items and packages themselves, their index
 * documents and their events stay untouched, so a reinstatement lists them again at once, as they
 * are then. Why a query-time filter rather than a flag on every index document: a suspension then
 * costs one write, however many items the seller has, and a later ItemUpdated (which rewrites the
 * whole index document) cannot bring an item back by mistake. Suspended sellers are few (admin
 * decisions), so the id list stays short.
 */
import { Schema, type Connection, type Model } from 'mongoose';

/** The one document's `_id`. */
export const SUSPENDED_SELLERS_ID = 'suspended-sellers';

export interface SuspendedSellersDoc {
  _id: string;
  sellerIds: string[];
}

const schema = new Schema<SuspendedSellersDoc>(
  { _id: String, sellerIds: { type: [String], default: [] } },
  { collection: 'suspended_sellers', versionKey: false },
);

export function suspendedSellersModel(conn: Connection): Model<SuspendedSellersDoc> {
  return (conn.models.SuspendedSellers as Model<SuspendedSellersDoc>) ?? conn.model<SuspendedSellersDoc>('SuspendedSellers', schema);
}

/** The suspended sellers' ids (one read by `_id`; empty when none was ever suspended). */
export async function suspendedSellerIds(model: Model<SuspendedSellersDoc>): Promise<string[]> {
  const doc = await model.findById(SUSPENDED_SELLERS_ID).lean<SuspendedSellersDoc>();
  return doc?.sellerIds ?? [];
}

/**
 * {@link suspendedSellerIds} read at most once per `ttlMs` (ms; 0 reads every time), so that the
 * micro-cached item answers (store/itemViewCache.ts) stay free of database reads. A suspension
 * reaches shoppers' item pages within `ttlMs`, as an item edit made on another replica does.
 */
export function suspendedSellersReader(model: Model<SuspendedSellersDoc>, ttlMs: number): () => Promise<string[]> {
  let held: { at: number; ids: Promise<string[]> } | null = null;
  return () => {
    const now = Date.now();
    if (!held || now - held.at >= ttlMs) {
      const ids = suspendedSellerIds(model);
      held = { at: now, ids };
      // A failed read is not kept: the next call reads again.
      ids.catch(() => (held = null));
    }
    return held.ids;
  };
}

/** Adds (`suspended`) or removes seller `sellerId`; safe to repeat. */
export async function setSellerSuspended(model: Model<SuspendedSellersDoc>, sellerId: string, suspended: boolean): Promise<void> {
  const update = suspended ? { $addToSet: { sellerIds: sellerId } } : { $pull: { sellerIds: sellerId } };
  await model.updateOne({ _id: SUSPENDED_SELLERS_ID }, update, { upsert: true });
}
