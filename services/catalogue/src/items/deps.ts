/**
 * What the item use cases (add.ts, edit.ts, delete.ts) work with; `main.ts` builds it once with
 * `itemDeps` and hands it to the item routes (http/items.ts).
 */
import { STALE_ITEM } from '@market/contracts';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { aggregateWrites, type AggregateWrites } from '../store/aggregateWrites';
import type { ItemDoc } from '../store/items';
import type { SearchIndex } from '../store/searchIndex';

/** 409 message of an item write without a version that lost a race. */
export const ITEM_CHANGED_MEANWHILE = 'This item was changed meanwhile, please try again';

export interface ItemDeps {
  items: Model<ItemDoc>;
  /** Wakes the outbox relay after a write that recorded events. */
  nudge: () => void;
  /** Compare-and-set, soft delete and the read-your-writes index write (store/aggregateWrites.ts). */
  writes: AggregateWrites<ItemDoc>;
}

/**
 * @param onIndexed - called after each seller write reached the index (the listing micro-cache is
 *   dropped there, so a seller's change shows in the public listing at once)
 */
export function itemDeps(items: Model<ItemDoc>, nudge: () => void, search: SearchIndex, logger: Logger, onIndexed?: () => void): ItemDeps {
  const writes = aggregateWrites({
    model: items,
    nudge,
    search,
    logger,
    indexName: 'search index',
    staleCode: STALE_ITEM,
    meanwhile: ITEM_CHANGED_MEANWHILE,
    onIndexed,
  });
  return { items, nudge, writes };
}
