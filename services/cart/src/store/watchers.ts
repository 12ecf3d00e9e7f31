/**
 * Who wish-lists an item (wishlist alerts): `wishlist_watchers`, one document per item,
 * `{ _id: item id, customers: [customer id] }`, so an item's event finds its wish-listers with one
 * read by `_id` (`{ Items: id }` over the wishlists would read every wishlist on the local
 * FerretDB: README "Local infrastructure").
 *
 * Kept by the wishlist routes (http/wishlist.ts) and the customer and catalogue events: a
 * customer is added BEFORE the wishlist write that adds the item and removed AFTER the one that
 * removes it, so a crash in between leaves at most an extra entry, never a missing one; whoever
 * reads it checks the customer's wishlist (by `_id`) before acting. Each write is one
 * `$addToSet` / `$pullAll` of exact ids: safe to repeat.
 */
import { Schema, type Connection, type Model } from 'mongoose';
import type { WishlistDoc } from './wishlists';

export interface WatchersDoc {
  /** The item id (normalised, as wishlists hold it). */
  _id: string;
  /** Ids of the customers whose wishlist holds the item. */
  customers: string[];
}

const schema = new Schema<WatchersDoc>(
  { _id: { type: String, required: true }, customers: { type: [String], default: [] } },
  { collection: 'wishlist_watchers', versionKey: false },
);

/** The watchers model of the service's connection (created once per connection). */
export function watchersModel(conn: Connection): Model<WatchersDoc> {
  return (conn.models.WishlistWatchers as Model<WatchersDoc>) ?? conn.model<WatchersDoc>('WishlistWatchers', schema);
}

/** Records that `customerId` wish-lists each of `itemIds`. */
export async function watch(watchers: Model<WatchersDoc>, customerId: string, itemIds: readonly string[]): Promise<void> {
  await Promise.all(itemIds.map((id) => watchers.updateOne({ _id: id }, { $addToSet: { customers: customerId } }, { upsert: true })));
}

/** Records that `customerId` no longer wish-lists each of `itemIds`. */
export async function unwatch(watchers: Model<WatchersDoc>, customerId: string, itemIds: readonly string[]): Promise<void> {
  await Promise.all(itemIds.map((id) => watchers.updateOne({ _id: id }, { $pullAll: { customers: [customerId] } })));
}

/** The customers who wish-list `itemId` (one read by `_id`; may hold an extra entry, see above). */
export async function watchersOf(watchers: Model<WatchersDoc>, itemId: string): Promise<string[]> {
  return (await watchers.findById(itemId).lean<WatchersDoc>())?.customers ?? [];
}

/** The marker document of {@link backfillWatchers} (no item id starts with `#`). */
const BACKFILLED = '#backfilled';

/**
 * Once per database: records the watchers of every wishlist written before this read model
 * existed. Reads the whole wishlists collection, once, at start-up (like `keyByOwner`); later
 * start-ups read only the marker by `_id`.
 * @returns how many wishlists were read (0 when already done)
 */
export async function backfillWatchers(watchers: Model<WatchersDoc>, wishlists: Model<WishlistDoc>): Promise<number> {
  if (await watchers.exists({ _id: BACKFILLED })) return 0;
  let n = 0;
  for await (const w of wishlists.find({}, { CustomerID: 1, Items: 1 }).lean<WishlistDoc>().cursor()) {
    await watch(watchers, w.CustomerID, w.Items ?? []);
    n++;
  }
  await watchers.updateOne({ _id: BACKFILLED }, { $set: { customers: [] } }, { upsert: true });
  return n;
}
