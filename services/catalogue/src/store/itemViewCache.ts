/**
 * A micro-cache of item answers (`GET /items/get/{id}`) for shoppers: the answer's JSON text and
 * version, kept for at most `ttlMs` (ITEM_CACHE_MS, default 1000 ms) and at most `maxEntries`
 * items. A popular item page then costs one database read per second per replica instead of one
 * per view (the by-id figure in bench/results).
 *
 * Freshness: every write to an item made by this process (routes, stock reservations, ratings,
 * the outbox relay) goes through the items model, whose query hooks report the item's id
 * ({@link itemWrites}); the entry is dropped at once. With several replicas, a write made by
 * another replica shows here within `ttlMs`. Sellers and admins are never answered from the
 * cache (a seller sees their own edit at once); checkout prices and checks stock from its own
 * data, never from this answer.
 */
import { EventEmitter } from 'node:events';

interface Entry {
  at: number;
  body: string;
  version: number;
  /** The item's seller: a suspended seller's item is not shown from the cache either. */
  sellerId: string;
}

/** Emits `write` with an item id (or `*` for a write without one) for each item write of this process. */
export const itemWrites = new EventEmitter();

export class ItemViewCache {
  private readonly entries = new Map<string, Entry>();

  /**
   * @param ttlMs how long an answer is served from memory, in ms (0 turns the cache off)
   * @param maxEntries items kept at most (the oldest inserted goes first)
   */
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {
    itemWrites.on('write', (id: string) => (id === '*' ? this.entries.clear() : this.entries.delete(id)));
  }

  /** The cached answer of item `id`, when one younger than the TTL is held. */
  get(id: string, now = Date.now()): Entry | undefined {
    const e = this.entries.get(id);
    if (!e) return undefined;
    if (now - e.at < this.ttlMs) return e;
    this.entries.delete(id);
    return undefined;
  }

  /** Keeps item `id`'s answer (JSON text), version and seller. */
  set(id: string, body: string, version: number, sellerId: string, now = Date.now()): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(id, { at: now, body, version, sellerId });
  }
}
