/**
 * A micro-cache of the public listing's pages (`GET /items/getItems` with paging, answered from
 * the search index): the answer's JSON text per query, kept for at most `ttlMs` (LISTING_CACHE_MS,
 * default 1000 ms) and at most `maxEntries` queries, least recently used out first (lru-cache).
 * Shoppers ask the same few pages again and again (All Items page 1, Discounted Items, a
 * category): each then costs one search per second per replica instead of one per view, and
 * concurrent misses of one query share a single search.
 *
 * Freshness: the listing is already eventually consistent (the search projection, then the
 * index's 500 ms refresh); the cache adds at most `ttlMs`, so a change still reaches the public
 * listing within the 2 s the README promises. A seller's write through this replica, which the
 * route also writes into the index at once, empties the cache (`clear`), so the public listing
 * shows it at once as before; a change from elsewhere (a sale's stock, another replica) shows
 * within `ttlMs` more. Sellers and admins are never answered from it; a failed search (OpenSearch
 * down: 503) is not kept.
 */
import { LRUCache } from 'lru-cache';

/** A listing answer as kept: its JSON text and the total the `X-Total-Count` header carries. */
export interface CachedListing {
  body: string;
  total: number;
}

export class ListingCache {
  private readonly cache: LRUCache<string, CachedListing, () => Promise<CachedListing>> | null;

  /**
   * @param ttlMs how long an answer is served from memory, in ms (0 turns the cache off)
   * @param maxEntries queries kept at most
   */
  constructor(ttlMs: number, maxEntries = 500) {
    this.cache =
      ttlMs > 0
        ? new LRUCache<string, CachedListing, () => Promise<CachedListing>>({
            max: maxEntries,
            ttl: ttlMs,
            fetchMethod: (_key, _stale, { context }) => context(),
          })
        : null;
  }

  /**
   * The answer of the query `key`: the cached one while younger than the TTL, else
   * `load`'s, shared with concurrent callers of the same key.
   * @throws whatever `load` throws (nothing is kept then)
   */
  async get(key: string, load: () => Promise<CachedListing>): Promise<CachedListing> {
    if (!this.cache) return load();
    return (await this.cache.fetch(key, { context: load }))!;
  }

  /** Drops every kept answer. */
  clear(): void {
    this.cache?.clear();
  }
}
