/**
 * The reviews read model's projection (index and queries in domain/reviewSearch.ts): fed by
 * `Topics.review` (the reviews service's own events) through {@link reviewsProjection} in its
 * own consumer group (`<service group>-search`), so it never waits for, or holds up, the
 * service's other consumer. It also reads `Topics.item` for ItemDeleted: the deleted item's
 * reviews, found in the index, are deleted (each with its ReviewDeleted event and tombstone). A
 * projection retries until OpenSearch answers, so that cascade is never dead-lettered while the
 * index is down.
 *
 * Each event names a review; the projection reads that review by `_id` and writes its current
 * state at the review's own aggregateVersion with external versioning, so a duplicate, a
 * redelivery or an older event is a no-op and the index converges on the newest state in any
 * order. A deleted review becomes a tombstone (at its version, or at the event's when the
 * document is already purged).
 *
 * The writing request also indexes the review at once (`indexNow`, refresh=wait_for), so the
 * customer sees their new or edited review in their list, and a seller or admin their report or
 * deletion, in the next read (read-your-writes); the projection repeats that write later (no-op).
 */
import { Topics, type EventEnvelope } from '@market/contracts';
import {
  applyVersioned,
  defineProjection,
  type IndexOp,
  type ProjectionContext,
  type SearchIndex,
  type TypedEnvelope,
} from '@market/platform';
import type { Kafka } from 'kafkajs';
import { isValidObjectId, type Model } from 'mongoose';
import type { Logger } from 'pino';
import { reviewSearchDoc, type ReviewRow } from '../domain/reviewSearch';
import type { ReadModels } from '../store/readModels';
import { normalId } from '../domain/rules';
import { deleteReview, findReview, type Nudge } from '../store/reviewWrites';
import type { ReviewDoc } from '../store/reviews';

/** What a review's index write reads: the reviews and the item read model (seller, name). */
export interface ReviewSources {
  reviews: Model<ReviewDoc>;
  items: ReadModels['items'];
}

/** The reviews read model with its synchronous write. */
export interface ReviewSearch {
  index: SearchIndex<ReviewRow>;
  /**
   * Writes the review as given (its state after the request's write) into the index, visible to
   * the next search (refresh=wait_for). Never throws: an index that is down is caught up by the
   * projection later (the lists answer 503 meanwhile).
   */
  indexNow(doc: ReviewDoc): Promise<void>;
}

/** The most reviews of one deleted item found per pass (a later delivery finds any left). */
const ITEM_REVIEWS_LIMIT = 100_000;

/**
 * Deletes the reviews of a deleted item: the item's tombstone in the item read model first (an
 * add racing with this sees the item gone), then each review the index lists for it, read by
 * `_id`, deleted with its ReviewDeleted event.
 * @returns the tombstones to index
 * @throws when the index cannot be read or a review keeps changing (the batch is retried)
 */
export async function deleteItemReviews(
  src: ReviewSources,
  nudge: Nudge,
  index: SearchIndex<ReviewRow>,
  e: TypedEnvelope<'ItemDeleted'>,
): Promise<IndexOp[]> {
  const itemId = normalId(e.data.itemId);
  await applyVersioned(src.items, itemId, e.aggregateVersion, { deleted: true });
  const { views } = await index.searchAll({ query: { term: { itemid: itemId } } }, ITEM_REVIEWS_LIMIT);
  const ops: IndexOp[] = [];
  for (const row of views) {
    const r = await findReview(src.reviews, row._id);
    if (!r || r.deleted || r.itemid !== itemId) continue;
    const done = await deleteReview(src.reviews, nudge, r, 'item-deleted');
    if (done === 'busy') throw new Error(`review ${row._id} kept changing`);
    if (done !== 'gone') ops.push(await reviewStateOp(src.items, done));
  }
  return ops;
}

/** The index write of a review's state as given: a put when live, else a tombstone at its version. */
export async function reviewStateOp(items: ReadModels['items'], doc: ReviewDoc): Promise<IndexOp> {
  const id = String(doc._id);
  if (doc.deleted || doc.tombstone) return { kind: 'delete', id, version: doc.aggregateVersion };
  const item = await items.findById(doc.itemid).lean();
  return { kind: 'put', id, doc: reviewSearchDoc(doc, item ?? undefined), version: doc.aggregateVersion };
}

/**
 * The index write of a review's current state (read by `_id`); a tombstone at `fallbackVersion`
 * when the review is gone (already purged).
 */
export async function reviewOp(src: ReviewSources, id: string, fallbackVersion: number): Promise<IndexOp> {
  const doc = isValidObjectId(id) ? await findReview(src.reviews, id) : null;
  if (!doc) return { kind: 'delete', id, version: fallbackVersion };
  return reviewStateOp(src.items, doc);
}

/** The index writes of a batch of events: the current state of each review they name (once). */
export async function reviewOps(src: ReviewSources, events: EventEnvelope[]): Promise<IndexOp[]> {
  const named = new Map<string, number>();
  for (const e of events)
    if (e.type.startsWith('Review')) named.set(e.aggregateId, Math.max(named.get(e.aggregateId) ?? 0, e.aggregateVersion));
  return Promise.all([...named].map(([id, v]) => reviewOp(src, id, v)));
}

/** What the reviews projection reads, and for the live one the cascade of a deleted item. */
export interface ReviewProjectionSources extends ReviewSources {
  /**
   * The live projection's deletion of a deleted item's reviews ({@link deleteItemReviews}); the
   * rebuild leaves it out and writes each review's current state only.
   */
  cascade?: { nudge: Nudge; index: SearchIndex<ReviewRow> };
}

/**
 * The reviews projection (consumer group `<service group>-search`, over the review and item
 * topics), declared once for main.ts and searchRebuild.ts.
 */
export const reviewsProjection = defineProjection<'reviews', ReviewProjectionSources>({
  name: 'search',
  topics: [Topics.review, Topics.item],
  indices: ['reviews'],
  ops: async (events, src) => {
    const ops = await reviewOps(src, events);
    const cascade = src.cascade;
    if (cascade)
      for (const e of events) if (e.type === 'ItemDeleted') ops.push(...(await deleteItemReviews(src, cascade.nudge, cascade.index, e)));
    return { reviews: ops };
  },
});

/**
 * Starts the projection into `index` (stopped at shutdown) and answers the read model with its
 * synchronous write.
 */
export async function startReviewSearch(opts: {
  config: ProjectionContext<never, ReviewSources>['config'];
  kafka: Kafka;
  logger: Logger;
  shutdown: ProjectionContext<never, ReviewSources>['shutdown'];
  index: SearchIndex<ReviewRow>;
  sources: ReviewSources;
  /** Nudges the outbox relay after a review of a deleted item is deleted. */
  nudge: Nudge;
}): Promise<ReviewSearch> {
  const { index, sources, logger } = opts;
  await reviewsProjection.start({
    ...opts,
    indices: { reviews: index },
    sources: { ...sources, cascade: { nudge: opts.nudge, index } },
  });
  return {
    index,
    async indexNow(doc) {
      try {
        await index.bulk([await reviewStateOp(sources.items, doc)], { refresh: 'wait_for' });
      } catch (err) {
        logger.warn({ err, reviewId: String(doc._id) }, 'review not indexed on the request path; the projection will catch up');
      }
    },
  };
}
