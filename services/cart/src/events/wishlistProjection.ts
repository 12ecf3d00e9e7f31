/**
 * "Who wish-lists item X" as a read model fed by the wishlist's own events (issue 28): the
 * wishlist entries index (store/wishlistEntries.ts) from `cart.wishlist.v1` through a
 * {@link ProjectionConsumer} in its own consumer group (`<service group>-wishlist-entries`), and
 * the same writes for `npm run search:rebuild` (src/searchRebuild.ts).
 *
 * Each WishlistChanged (at the wishlist's `rev` n after the change) puts the entry of every item
 * the wishlist holds and tombstones every item the change took out, all at version `2n`: the
 * versions the writing request itself uses (`settleEntries`), so the projection's later write of
 * the same state is a no-op, a redelivered or older event changes nothing, and the index converges
 * on the newest wishlist whatever the order.
 */
import { Topics, type EventData } from '@market/contracts';
import { defineProjection, type AnyEventEnvelope, type IndexOp } from '@market/platform';
import { entryDelete, entryPut } from '../store/wishlistEntries';

/** The index writes of a chunk of events (other types are skipped). */
export function wishlistEntryOps(events: readonly AnyEventEnvelope[]): IndexOp[] {
  const ops: IndexOp[] = [];
  for (const e of events) {
    if (e.type !== 'WishlistChanged') continue;
    const data: EventData<'WishlistChanged'> = e.data;
    const version = 2 * e.aggregateVersion;
    for (const itemId of data.items) ops.push(entryPut(data.customerId, itemId, version));
    for (const itemId of data.removed) ops.push(entryDelete(data.customerId, itemId, version));
  }
  return ops;
}

/** The wishlist entries projection, declared once for main.ts and searchRebuild.ts. */
export const wishlistEntriesProjection = defineProjection({
  name: 'wishlist-entries',
  topics: [Topics.wishlist],
  indices: ['entries'],
  ops: (events) => ({ entries: wishlistEntryOps(events) }),
});
