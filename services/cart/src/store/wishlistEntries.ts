/**
 * Who wish-lists an item (wishlist alerts, item deletions): an OpenSearch read model of wishlist
 * entries, one document per (item, customer) pair, `_id` `<itemId>:<customerId>`, with `itemId`
 * and `customerId` as keywords. Alias `<SEARCH_INDEX or cart[-MONGO_DB]>-wishlist-entries`.
 *
 * Fed by the wishlist's own WishlistChanged events (`cart.wishlist.v1`, recorded through the
 * outbox in the wishlist write itself) through the projection in events/wishlistProjection.ts, and
 * rebuilt from that topic by `npm run search:rebuild` (issue 28). Whoever writes a wishlist (the
 * wishlist routes, the customer and catalogue events) also writes the index at once, so the
 * alerts of the next moment already see the change; every write is versioned externally by the
 * wishlist's `rev` (its compare-and-set counter, +1 per write), the projection's at `2n` as below:
 * - before the write that takes a wishlist to rev `n`, the entries it adds are put at version
 *   `2n − 1` ({@link announceEntries}), so a crash between the two leaves at most an extra entry,
 *   never a missing one (a write that then loses its compare-and-set leaves an extra one too);
 * - after it, every entry of the wishlist at rev `n` is put and every removed one tombstoned at
 *   version `2n` ({@link settleEntries}): the newest state wins whatever order concurrent
 *   requests' index writes arrive in, and each write heals entries an earlier one left out.
 * Whoever reads the watchers checks the customer's wishlist (by `_id`) before acting on an entry.
 *
 * An unreachable OpenSearch never fails a wishlist write (the customer's wishlist is the data; this
 * is the alerts' index): the index write is logged and the wishlist's next write puts its entries
 * again.
 */
import { SearchIndex, searchAliasOf, type IndexOp } from '@market/platform';
import type { Logger } from 'pino';
import type { CartConfig } from '../config';

/** What a search of the index answers per entry. */
export interface EntryView {
  customerId: string;
}

/** Settings and mappings: one shard, strict, the two ids as keywords and the answer as `view`. */
export function wishlistEntryIndexDefinition(replicas: number) {
  return {
    settings: { number_of_shards: 1, number_of_replicas: replicas },
    mappings: {
      dynamic: 'strict',
      properties: {
        itemId: { type: 'keyword' },
        customerId: { type: 'keyword' },
        view: { type: 'object', enabled: false },
        deleted: { type: 'boolean' },
      },
    },
  };
}

/** The entries index of `config` (created on first use). */
export function wishlistEntryIndex(
  config: Pick<CartConfig, 'SEARCH_INDEX' | 'MONGO_DB' | 'OPENSEARCH_URL' | 'OPENSEARCH_REPLICAS'>,
  logger: Logger,
): SearchIndex<EntryView> {
  return new SearchIndex<EntryView>({
    url: config.OPENSEARCH_URL,
    alias: searchAliasOf(config, 'cart', 'wishlist-entries'),
    replicas: config.OPENSEARCH_REPLICAS,
    definition: wishlistEntryIndexDefinition,
    logger,
  });
}

const entryId = (itemId: string, customerId: string) => `${itemId}:${customerId}`;
/** The index write of one entry at `version`. */
export const entryPut = (customerId: string, itemId: string, version: number): IndexOp => ({
  kind: 'put',
  id: entryId(itemId, customerId),
  version,
  doc: { itemId, customerId, view: { customerId } satisfies EntryView },
});

/** The tombstone of one entry at `version` (the item left the wishlist). */
export const entryDelete = (customerId: string, itemId: string, version: number): IndexOp => ({
  kind: 'delete',
  id: entryId(itemId, customerId),
  version,
});

/** Writes `ops`; a failure is logged, never thrown (see the module comment). */
async function write(index: SearchIndex<EntryView>, ops: IndexOp[], logger: Logger): Promise<void> {
  try {
    await index.bulk(ops);
  } catch (err) {
    logger.warn({ err, entries: ops.length }, 'wishlist entries not indexed; the wishlist’s next write indexes them again');
  }
}

/** Before the write taking `customerId`'s wishlist from rev `rev` to `rev + 1`: the entries it adds. */
export async function announceEntries(
  index: SearchIndex<EntryView>,
  logger: Logger,
  customerId: string,
  added: readonly string[],
  rev: number,
): Promise<void> {
  await write(
    index,
    added.map((itemId) => entryPut(customerId, itemId, 2 * (rev + 1) - 1)),
    logger,
  );
}

/**
 * After a write that took `customerId`'s wishlist to rev `rev`: its entries `items` and the
 * tombstones of `removed` (items not in it any more; a deleted wishlist passes all its items).
 */
export async function settleEntries(
  index: SearchIndex<EntryView>,
  logger: Logger,
  customerId: string,
  state: { items: readonly string[]; removed: readonly string[]; rev: number },
): Promise<void> {
  const version = 2 * state.rev;
  await write(
    index,
    [
      ...state.items.map((itemId) => entryPut(customerId, itemId, version)),
      ...state.removed.map((itemId) => entryDelete(customerId, itemId, version)),
    ],
    logger,
  );
}

/**
 * The customers whose wishlist holds `itemId` as the index has it (may hold an extra entry, see
 * the module comment): every match, read page by page (point in time and search_after). The index
 * is refreshed first, so an entry written a moment ago is seen: these reads are rare (a price drop,
 * a return to stock, a deletion of a wish-listed item), and a wishlist write waiting for a refresh
 * would slow every customer's wishlist instead.
 * @throws HttpError 503 when OpenSearch does not answer
 */
export async function watchersOf(index: SearchIndex<EntryView>, itemId: string): Promise<string[]> {
  try {
    await index.ensure();
    await index.client.indices.refresh({ index: index.alias });
  } catch {
    throw index.unavailable();
  }
  const { views } = await index.searchAll({ query: { term: { itemId } }, sort: [{ customerId: 'asc' }] }, Number.MAX_SAFE_INTEGER);
  return views.map((v) => v.customerId);
}
