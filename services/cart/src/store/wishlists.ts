/**
 * Wishlists (spec 000 section 3, "Wishlist": `_id, CustomerID, Items` of item ids), one per
 * customer (its `_id` is the customer's id, see `ownerKeyed.ts`). `rev` counts writes, for the same compare-and-set as
 * carts (see `store/carts.ts`).
 *
 * The wishlist is an outbox aggregate (packages/platform/src/kafka/outbox.ts; issue 28): every write
 * that changes its items records a WishlistChanged event (its items now, the items it took out) in
 * the same single-document write, at `aggregateVersion` = the `rev` it leads to, so the "who
 * wish-lists item X" read model (store/wishlistEntries.ts) is fed by the topic and rebuilt from
 * it. A deleted customer's wishlist is deleted softly (`deleted: true` with its last event); the
 * relay removes the document once that event is published.
 */
import { pendingEvent, outboxPlugin, type OutboxFields } from '@market/platform';
import { type WishlistView } from '@market/contracts';
import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { getOrCreateByOwner, ownerKey } from './ownerKeyed';

export interface WishlistDoc extends Partial<OutboxFields> {
  _id: Types.ObjectId;
  CustomerID: string;
  Items: string[];
  rev: number;
  createdAt: Date;
  /** Set by the customer's deletion until the relay has published the last event and removed the document. */
  deleted?: boolean;
}

const schema = new Schema<WishlistDoc>(
  {
    CustomerID: { type: String, required: true },
    Items: { type: [String], default: [] },
    rev: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    deleted: { type: Boolean, default: undefined },
  },
  { collection: 'wishlists', versionKey: false, minimize: false },
);
schema.index({ Items: 1 });
schema.plugin(outboxPlugin);

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
  const { doc } = await getOrCreateByOwner(wishlists, CustomerID, () => ({
    CustomerID,
    Items: [],
    rev: 0,
    createdAt: new Date(),
    aggregateVersion: 0,
    pendingEvents: [],
  }));
  return doc;
}

/**
 * Asks the outbox relay to publish a wishlist's events now (its `nudge`, set once by main.ts
 * through {@link publishWishlistEventsWith}); without it the relay's sweep finds them within
 * seconds. One per process: the process has one relay over its wishlists.
 */
let nudgeRelay: (hint: { model: Model<WishlistDoc>; id: unknown }) => void = () => undefined;

/** Has every wishlist write of this process nudge the relay (main.ts, after `startRelay`). */
export function publishWishlistEventsWith(nudge: (hint: { model: Model<WishlistDoc>; id: unknown }) => void): void {
  nudgeRelay = nudge;
}

/** Runs one recording write and, when it landed, nudges the relay for its wishlist. */
async function recorded(wishlists: Model<WishlistDoc>, id: Types.ObjectId, write: Promise<{ matchedCount: number }>): Promise<boolean> {
  const landed = (await write).matchedCount === 1;
  if (landed) nudgeRelay({ model: wishlists, id });
  return landed;
}

/**
 * The update of one wishlist write: the new items, `rev` + 1, and the WishlistChanged event of
 * the change at that version (in the same write: outbox).
 */
function changeUpdate(w: Pick<WishlistDoc, '_id' | 'CustomerID' | 'Items' | 'rev'>, Items: string[], deleted = false) {
  const rev = (w.rev ?? 0) + 1;
  const removed = (w.Items ?? []).filter((id) => !Items.includes(id));
  const event = pendingEvent('WishlistChanged', w.CustomerID, rev, {
    customerId: w.CustomerID,
    wishlistId: String(w._id),
    items: Items,
    removed,
    deleted,
  });
  return {
    $set: { Items, aggregateVersion: rev, ...(deleted ? { deleted: true } : {}) },
    $inc: { rev: 1 },
    $push: { pendingEvents: { $each: [event] } },
  };
}

/**
 * Writes `Items` over the wishlist if nobody wrote it since `rev` was read, with its
 * WishlistChanged event.
 * @returns false when it changed meanwhile (or is gone)
 */
export async function replaceWishlistItems(
  wishlists: Model<WishlistDoc>,
  w: Pick<WishlistDoc, '_id' | 'CustomerID' | 'Items' | 'rev'>,
  Items: string[],
): Promise<boolean> {
  return recorded(wishlists, w._id, wishlists.updateOne({ _id: w._id, rev: w.rev }, changeUpdate(w, Items)));
}

/** Attempts of one wishlist's removal before the event is failed (and so retried by the consumer). */
const MAX_REMOVAL_ATTEMPTS = 20;

/**
 * Removes `itemIds` from the wishlists of `customerIds` (each read by its `_id`, the customer's id,
 * then written by compare-and-set on `rev` with its WishlistChanged event). Safe to repeat.
 * Callers name the wishlists (the caller's own, or an item's watchers from
 * store/wishlistEntries.ts): a filter on `Items` would read every wishlist on the local database
 * (README "Local infrastructure").
 * @returns the wishlists that changed, as written (their items and rev, for the entries index)
 * @throws {Error} when a wishlist keeps changing under the removal (the consumer retries the event)
 */
export async function removeWishlistItems(
  wishlists: Model<WishlistDoc>,
  customerIds: readonly string[],
  itemIds: readonly string[],
): Promise<Pick<WishlistDoc, 'CustomerID' | 'Items' | 'rev'>[]> {
  if (itemIds.length === 0) return [];
  const gone = new Set(itemIds);
  const written = await Promise.all(
    customerIds.map(async (c) => {
      for (let attempt = 0; attempt < MAX_REMOVAL_ATTEMPTS; attempt++) {
        const w = await wishlists.findById(ownerKey(c)).lean<WishlistDoc>();
        if (!w || w.deleted || !(w.Items ?? []).some((id) => gone.has(id))) return null;
        const Items = w.Items.filter((id) => !gone.has(id));
        if (await replaceWishlistItems(wishlists, w, Items)) return { CustomerID: w.CustomerID, Items, rev: w.rev + 1 };
      }
      throw new Error(`wishlist ${c} kept changing while items were being removed`);
    }),
  );
  return written.filter((w) => w !== null);
}

/**
 * Deletes the customer's wishlist softly: no items, `deleted: true` and its last WishlistChanged
 * (`deleted: true`, every item removed); the outbox relay removes the document once that event is
 * published. Safe to repeat.
 * @returns the items it held and the rev of the deletion, or null when there was no wishlist
 * @throws {Error} when the wishlist keeps changing under the deletion (the consumer retries the event)
 */
export async function deleteWishlist(
  wishlists: Model<WishlistDoc>,
  customerId: string,
): Promise<{ removed: string[]; rev: number } | null> {
  for (let attempt = 0; attempt < MAX_REMOVAL_ATTEMPTS; attempt++) {
    const w = await wishlists.findById(ownerKey(customerId)).lean<WishlistDoc>();
    if (!w || w.deleted) return null;
    if (await recorded(wishlists, w._id, wishlists.updateOne({ _id: w._id, rev: w.rev }, changeUpdate(w, [], true))))
      return { removed: w.Items ?? [], rev: w.rev + 1 };
  }
  throw new Error(`wishlist ${customerId} kept changing while it was being deleted`);
}

/** Where {@link publishStoredWishlists} records that it is done (collection `search_backfills`). */
export interface BackfillMarkerDoc {
  _id: string;
  at: Date;
}

/** The markers of {@link publishStoredWishlists}. */
export function backfillMarkerModel(conn: Connection): Model<BackfillMarkerDoc> {
  return (
    (conn.models.SearchBackfill as Model<BackfillMarkerDoc>) ??
    conn.model<BackfillMarkerDoc>(
      'SearchBackfill',
      new Schema<BackfillMarkerDoc>({ _id: String, at: Date } as never, { collection: 'search_backfills', versionKey: false }),
    )
  );
}

const PUBLISHED_MARKER = 'wishlist-events';

/**
 * Once per database: records a WishlistChanged of its current items on every wishlist written
 * before wishlists published events (no `aggregateVersion`; a database from before issue 28), so
 * `cart.wishlist.v1` holds every wishlist's state and the "who wish-lists item X" read model is
 * built, and rebuilt by `npm run search:rebuild`, from the topic alone. Each is an ordinary
 * recording write (compare-and-set on `rev`, `rev` + 1, nothing removed), so a customer's write
 * at the same moment wins and already carries its own event. Reads the whole collection once, in
 * the background at start-up (later start-ups read only the marker by `_id`); stopped half-way,
 * the next start-up goes on.
 * @returns how many wishlists got their event (0 when already done)
 * @throws when the database fails
 */
export async function publishStoredWishlists(wishlists: Model<WishlistDoc>, markers: Model<BackfillMarkerDoc>): Promise<number> {
  if (await markers.exists({ _id: PUBLISHED_MARKER })) return 0;
  let n = 0;
  const untracked = wishlists.find({ aggregateVersion: { $exists: false } }, { CustomerID: 1, Items: 1, rev: 1 }).lean<WishlistDoc>();
  for await (const w of untracked.cursor()) {
    if ((w.Items ?? []).length === 0) continue;
    if (await recorded(wishlists, w._id, wishlists.updateOne({ _id: w._id, rev: w.rev }, changeUpdate(w, w.Items)))) n++;
  }
  await markers.updateOne({ _id: PUBLISHED_MARKER }, { $set: { at: new Date() } }, { upsert: true });
  return n;
}
