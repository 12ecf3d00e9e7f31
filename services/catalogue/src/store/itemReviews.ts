/**
 * The catalogue's read model of reviews (from reviews.review.v1): just the stars per review and
 * its item, enough to recompute an item's rating idempotently (docs/architecture.md, Consumers).
 *
 * Beside it, one `item_stars` document per item, `{ _id: itemid, s: { <reviewId>: stars } }`,
 * holding the stars of the item's live reviews: the rating is recomputed from that one document,
 * read by `_id`, instead of from every review of every item (a filter on `itemid` would scan
 * every review on the local FerretDB; README "Local infrastructure").
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

export interface ItemStarsDoc {
  /** The item id. */
  _id: string;
  /** Stars by review id, for the item's reviews that are not deleted. */
  s: Record<string, number>;
}

export function itemStarsModel(conn: Connection): Model<ItemStarsDoc> {
  return (
    (conn.models.ItemStars as Model<ItemStarsDoc>) ??
    conn.model<ItemStarsDoc>(
      'ItemStars',
      new Schema<ItemStarsDoc>(
        { _id: { type: String, required: true }, s: { type: Schema.Types.Mixed, default: {} } },
        { collection: 'item_stars', versionKey: false, minimize: false },
      ),
    )
  );
}

/**
 * Writes one review's stars into its item's `item_stars` document from the review as stored
 * (versioned), or takes them out when it is deleted. One dotted `$set`/`$unset` per review, so
 * reviews of one item written at the same time never overwrite each other. Safe to repeat.
 */
export async function recordStars(
  stars: Model<ItemStarsDoc>,
  review: Pick<ItemReviewDoc, '_id' | 'itemid' | 'stars' | 'deleted'>,
): Promise<void> {
  const key = `s.${review._id}`;
  await stars.updateOne({ _id: review.itemid }, review.deleted ? { $unset: { [key]: '' } } : { $set: { [key]: review.stars } }, {
    upsert: !review.deleted,
  });
}

/**
 * Once per database: fills `item_stars` from the reviews read model (a marker document in
 * `item_stars` records it). Reads the whole read model once, at start-up.
 * @returns how many reviews were written
 */
export async function backfillItemStars(reviews: Model<ItemReviewDoc>, stars: Model<ItemStarsDoc>): Promise<number> {
  const MARKER = '$backfilled:v1';
  if (await stars.exists({ _id: MARKER })) return 0;
  let n = 0;
  for await (const r of reviews.find({}).lean<ItemReviewDoc>().cursor()) {
    await recordStars(stars, r);
    n++;
  }
  await stars.updateOne({ _id: MARKER }, { $set: { s: {} } }, { upsert: true });
  return n;
}
