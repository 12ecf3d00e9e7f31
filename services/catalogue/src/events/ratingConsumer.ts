/**
 * Item ratings from review events (DESIGN.md section 3: "ReviewCreated/Updated/Deleted →
 * catalogue recomputes the item's rating (sum of stars / count, truncated)"). Each review's stars
 * are kept in a version-guarded read model, and the item's sum, count and rating are recomputed
 * from it, so a duplicate or out-of-order event leaves the same result.
 */
import { ReviewDeletedDataSchema, ReviewEventDataSchema, truncatedRating, type EventEnvelope } from '@market/contracts';
import { applyVersioned, type EventHandler } from '@market/platform';
import { isValidObjectId, type Model } from 'mongoose';
import type { ItemReviewDoc } from '../store/itemReviews';
import type { ItemDoc } from '../store/items';

export function ratingHandlers(reviews: Model<ItemReviewDoc>, items: Model<ItemDoc>): Record<string, EventHandler> {
  async function recompute(itemid: string): Promise<void> {
    if (!isValidObjectId(itemid)) return;
    const rows = await reviews.find({ itemid, deleted: false }, { stars: 1 }).lean<ItemReviewDoc[]>();
    const ratingSum = rows.reduce((n, r) => n + r.stars, 0);
    await items.updateOne(
      { _id: itemid },
      { $set: { ratingSum, ratingCount: rows.length, rating: truncatedRating(ratingSum, rows.length) } },
    );
  }

  const upsert = async (event: EventEnvelope) => {
    const data = ReviewEventDataSchema.parse(event.data);
    await applyVersioned(reviews, data.reviewId, event.aggregateVersion, { itemid: data.itemid, stars: data.noofstars, deleted: false });
    await recompute(data.itemid);
  };

  return {
    ReviewCreated: upsert,
    ReviewUpdated: upsert,
    ReviewDeleted: async (event) => {
      const data = ReviewDeletedDataSchema.parse(event.data);
      await applyVersioned(reviews, data.reviewId, event.aggregateVersion, { itemid: data.itemid, deleted: true });
      await recompute(data.itemid);
    },
  };
}
