/**
 * The wishlist entries index (store/wishlistEntries.ts) against the real local OpenSearch and
 * FerretDB: an item's wish-listers are found past the first page of hits; index writes of one
 * wishlist arriving out of order (a slow request's announcement after a later removal) leave the
 * newest state; a write that loses its compare-and-set leaves at most an extra entry; the
 * wishlists stored before wishlists published events get one event of their items, once, which
 * the projection turns into their entries.
 */
import { connectMongo, createLogger, type SearchIndex } from '@market/platform';
import { requireServers, testServers, uniqueName } from '@market/platform/testing';
import { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceEntries, entryPut, settleEntries, watchersOf, wishlistEntryIndex, type EntryView } from '../src/store/wishlistEntries';
import { wishlistEntryOps } from '../src/events/wishlistProjection';
import { backfillMarkerModel, publishStoredWishlists, wishlistModel, type WishlistDoc } from '../src/store/wishlists';

let db: Connection;
let index: SearchIndex<EntryView>;
const logger = createLogger('wishlist-entries-test', 'silent');
const newId = () => new Types.ObjectId().toHexString();

beforeAll(async () => {
  await requireServers('mongo', 'opensearch');
  const name = uniqueName('entries');
  db = await connectMongo({ url: testServers().mongoUrl, dbName: name });
  index = wishlistEntryIndex(
    { OPENSEARCH_URL: testServers().opensearchUrl, OPENSEARCH_REPLICAS: 0, SEARCH_INDEX: name.toLowerCase(), MONGO_DB: name },
    logger,
  );
});

afterAll(async () => {
  await fetch(`${testServers().opensearchUrl}/${index.alias}-*`, { method: 'DELETE' }).catch(() => undefined);
  await index.close();
  await db.dropDatabase();
  await db.close();
});

describe('wishlist entries index', () => {
  it('finds every wish-lister of an item, past the first page of hits', async () => {
    const item = newId();
    const customers = Array.from({ length: 2_345 }, newId);
    for (let i = 0; i < customers.length; i += 1_000) await index.bulk(customers.slice(i, i + 1_000).map((c) => entryPut(c, item, 2)));
    await index.bulk([entryPut(newId(), newId(), 2)]);
    expect((await watchersOf(index, item)).sort()).toEqual([...customers].sort());
  });

  it('keeps the newest state of a wishlist whatever order its index writes arrive in', async () => {
    const [customer, x, y] = [newId(), newId(), newId()];
    // rev 0 → 1 adds x, rev 1 → 2 removes x and adds y; the first request's writes arrive last.
    await announceEntries(index, logger, customer, [y], 1);
    await settleEntries(index, logger, customer, { items: [y], removed: [x], rev: 2 });
    await announceEntries(index, logger, customer, [x], 0);
    await settleEntries(index, logger, customer, { items: [x], removed: [], rev: 1 });
    expect(await watchersOf(index, x)).toEqual([]);
    expect(await watchersOf(index, y)).toEqual([customer]);
    // x added again at rev 3: the older tombstone does not hide it.
    await announceEntries(index, logger, customer, [x], 2);
    expect(await watchersOf(index, x)).toEqual([customer]);
  });

  it('leaves at most an extra entry when a write loses its compare-and-set, which the winner may remove', async () => {
    const [customer, x, z] = [newId(), newId(), newId()];
    // Two requests read rev 4: one adds x (and loses), the other adds z (and wins).
    await announceEntries(index, logger, customer, [x], 4);
    await announceEntries(index, logger, customer, [z], 4);
    await settleEntries(index, logger, customer, { items: [z], removed: [], rev: 5 });
    expect(await watchersOf(index, z)).toEqual([customer]);
    expect(await watchersOf(index, x)).toEqual([customer]);
    // The loser's retry on rev 5 adds x for real; a later removal of x tombstones it.
    await announceEntries(index, logger, customer, [x], 5);
    await settleEntries(index, logger, customer, { items: [z, x], removed: [], rev: 6 });
    await settleEntries(index, logger, customer, { items: [z], removed: [x], rev: 7 });
    expect(await watchersOf(index, x)).toEqual([]);
  });

  it('publishes the wishlists stored before wishlists had events, once, and the projection indexes them', async () => {
    const wishlists = wishlistModel(db);
    const markers = backfillMarkerModel(db);
    const item = newId();
    const [a, b, empty] = [newId(), newId(), newId()];
    for (const c of [a, b])
      await wishlists.collection.insertOne({ _id: new Types.ObjectId(c), CustomerID: c, Items: [item], rev: 3, createdAt: new Date() });
    await wishlists.collection.insertOne({ _id: new Types.ObjectId(empty), CustomerID: empty, Items: [], rev: 1, createdAt: new Date() });
    expect(await publishStoredWishlists(wishlists, markers)).toBe(2);
    expect(await publishStoredWishlists(wishlists, markers)).toBe(0);

    const stored = await wishlists.find({ _id: { $in: [a, b].map((c) => new Types.ObjectId(c)) } }).lean<WishlistDoc[]>();
    expect(stored.map((w) => [w.rev, w.aggregateVersion, w.Items])).toEqual([
      [4, 4, [item]],
      [4, 4, [item]],
    ]);
    // The recorded events, as the relay would publish them, through the projection's own ops.
    const events = stored.flatMap((w) => (w.pendingEvents ?? []).map((e) => e.envelope));
    expect(events).toHaveLength(2);
    await index.bulk(wishlistEntryOps(events as never));
    expect((await watchersOf(index, item)).sort()).toEqual([a, b].sort());
  });
});
