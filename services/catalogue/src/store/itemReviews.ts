/**
 * The catalogue's read model of reviews (from reviews.review.v1): just the stars per review and
 * its item, enough to recompute an item's rating idempotently (DESIGN.md section 3).
 */
import { Schema, type Connection, type Model } from 'mongoose';

export interface ItemReviewDoc {
  /** The review id. */
  _id: string;
  itemid: string;
  stars: number;
  deleted: boolean;
  aggregateVersion: number;
}

const schema = new Schema<ItemReviewDoc>(
  {
    _id: { type: String, required: true },
    itemid: { type: String, required: true },
    stars: Number,
    deleted: { type: Boolean, default: false },
    aggregateVersion: Number,
  },
  { collection: 'item_reviews', versionKey: false },
);
schema.index({ itemid: 1 });

export function itemReviewModel(conn: Connection): Model<ItemReviewDoc> {
  return (conn.models.ItemReview as Model<ItemReviewDoc>) ?? conn.model<ItemReviewDoc>('ItemReview', schema);
}
