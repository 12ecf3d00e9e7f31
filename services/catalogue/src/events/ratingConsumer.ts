/**
 * Item ratings from review events (docs/architecture.md, Expected flows: the
 * catalogue recomputes the item's rating from ReviewCreated/Updated/Deleted, sum of stars / count, truncated). Each review's stars
 * are kept in a version-guarded read model and copied into the item's `item_stars` document, and
 * the item's sum, count and rating are recomputed from that document (one read by `_id`), so a
 * duplicate or out-of-order event leaves the same result. A changed rating is an
 * aggregate write with ItemUpdated (compare-and-set on the item's version), so the search index,
 * fed by item events, sorts and filters by it.
 */
import { truncatedRating } from '@market/contracts';
import { applyVersioned, updateAggregate, type EventHandlers, type OutboxHint, type TypedEnvelope } from '@market/platform';
import { isValidObjectId, type Model } from 'mongoose';
import { recordStars, type ItemReviewDoc, type ItemStarsDoc } from '../store/itemReviews';
import type { ItemDoc } from '../store/items';
import { itemUpdated } from './itemEvents';

const MAX_CAS_ATTEMPTS = 20;

export function ratingHandlers(
  reviews: Model<ItemReviewDoc>,
  stars: Model<ItemStarsDoc>,
  items: Model<ItemDoc>,
  nudge: (hint?: OutboxHint) => void = () => undefined,
): EventHandlers {
  async function recompute(itemid: string): Promise<void> {
    if (!isValidObjectId(itemid)) return;
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      // Read again on each attempt: a losing attempt may have lost to another review's recompute.
      const given = Object.values((await stars.findById(itemid).lean<ItemStarsDoc>())?.s ?? {});
      const ratingSum = given.reduce((n, v) => n + v, 0);
      const set = { ratingSum, ratingCount: given.length, rating: truncatedRating(ratingSum, given.length) };
      const item = await items.findById(itemid).lean<ItemDoc>();
      if (!item || item.deleted) return;
      if (item.ratingSum === set.ratingSum && item.ratingCount === set.ratingCount && item.rating === set.rating) return;
      const next = { ...item, ...set } as ItemDoc;
      if (await updateAggregate(items, item._id, item.aggregateVersion, { $set: set }, (v) => [itemUpdated(next, v)])) {
        nudge({ model: items, id: item._id });
        return;
      }
    }
    throw new Error(`item ${itemid} kept changing; the rating will be retried`);
  }

  /** The review as stored after the versioned write (a stale event changes nothing), into its item's stars. */
  async function restar(reviewId: string, itemid: string): Promise<void> {
    const review = await reviews.findById(reviewId).lean<ItemReviewDoc>();
    if (review) await recordStars(stars, review);
    await recompute(itemid);
  }

  const upsert = async (event: TypedEnvelope<'ReviewCreated' | 'ReviewUpdated'>) => {
    const data = event.data;
    await applyVersioned(reviews, data.reviewId, event.aggregateVersion, { itemid: data.itemid, stars: data.noofstars, deleted: false });
    await restar(data.reviewId, data.itemid);
  };

  return {
    ReviewCreated: upsert,
    ReviewUpdated: upsert,
    ReviewDeleted: async (event) => {
      const data = event.data;
      await applyVersioned(reviews, data.reviewId, event.aggregateVersion, { itemid: data.itemid, deleted: true });
      await restar(data.reviewId, data.itemid);
    },
  };
}
