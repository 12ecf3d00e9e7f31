/**
 * The returns read model (store/returns.ts) fed by the returns' own events (issue 31 item 3), with
 * a consumer group of its own over `ordering.return.v1`. Each event names its return
 * (`aggregateId`), which is read by `_id` and written as stored at its version, so a duplicate, a
 * late older event or a rebuild is a no-op and the index ends at the newest state whatever the
 * order of delivery. A return this database does not hold is skipped.
 */
import { Topics } from '@market/contracts';
import {
  SearchIndex as PlatformSearchIndex,
  byIds,
  defineProjection,
  searchAliasOf,
  type AnyEventEnvelope,
  type IndexOp,
  type SearchIndex,
} from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { OrderingConfig } from '../config';
import { returnIndexDefinition, returnOp, type ReturnDoc } from '../store/returns';

/** The index writes of a chunk of events: the returns they name, as stored now. */
export async function returnEventOps(returns: Model<ReturnDoc>, events: readonly AnyEventEnvelope[]): Promise<IndexOp[]> {
  const ids = new Set(events.filter((e) => e.type.startsWith('Return')).map((e) => e.aggregateId));
  if (ids.size === 0) return [];
  const found = await byIds(returns, ids);
  return [...found.values()].map(returnOp);
}

/** The returns index client (alias `<SEARCH_INDEX or ordering[-MONGO_DB]>-returns`), closed at shutdown. */
export function returnSearchIndex(opts: {
  config: OrderingConfig;
  logger: Logger;
  shutdown: { add(name: string, fn: () => Promise<unknown>): void };
}): SearchIndex<unknown> {
  const index = new PlatformSearchIndex<unknown>({
    url: opts.config.OPENSEARCH_URL,
    alias: searchAliasOf(opts.config, 'ordering', 'returns'),
    replicas: opts.config.OPENSEARCH_REPLICAS,
    definition: returnIndexDefinition,
    logger: opts.logger,
    unavailableMessage: 'Returns are unavailable at the moment, please try again shortly',
  });
  opts.shutdown.add('return search client', () => index.close());
  return index;
}

/** What the returns projection reads by `_id`. */
export interface ReturnSources {
  returns: Model<ReturnDoc>;
}

/** The return topic's projection into the returns index, declared once for main.ts and searchRebuild.ts. */
export const returnsProjection = defineProjection<'returns', ReturnSources>({
  name: 'returns',
  topics: [Topics.return],
  indices: ['returns'],
  ops: async (events, src) => ({ returns: await returnEventOps(src.returns, events) }),
});
