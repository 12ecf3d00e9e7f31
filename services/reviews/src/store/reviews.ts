/**
 * Reviews (spec 000 section 3 "Review", spec 001 section 3): the aggregate, written with
 * the per-document outbox (ReviewCreated / Updated / Deleted / Reported; docs/architecture.md, Outbox),
 * and `review_keys`, one document per (customer, item) whose unique `_id` names the pair's one
 * review, so a second add edits the first even when two arrive at once (see
 * `domain/oneReview.ts`).
 *
 * A deleted review stays as `deleted: true` with its last event until the outbox relay has
 * published it, then the relay removes it.
 */
import { isDuplicateKey, type OutboxFields, outboxPlugin } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import type { ReviewFacts } from '../domain/reviewView';

export { reviewKey } from '../domain/oneReview';

/** A stored review (spec field names, see {@link ReviewFacts}; ids as lower-case hex strings). */
export interface ReviewDoc extends OutboxFields, ReviewFacts {
  _id: Types.ObjectId;
  deleted: boolean;
  /** Its slots in the paged lists (`reviewLists.ts`), given when it is created or re-dated. */
  listSlots?: { i: number; c: number; s: number; a: number };
  /** The seller of the item when the review was listed (names the seller's list). */
  listSeller?: string;
}

/** `review_keys`: the one review of a (customer, item) pair. */
export interface ReviewKeyDoc {
  /** `<customerid>:<itemid>` */
  _id: string;
  /** The review's `_id` as a hex string. */
  reviewId: string;
}

const reviewSchema = new Schema<ReviewDoc>(
  {
    itemid: { type: String, required: true, index: true },
    customerid: { type: String, required: true, index: true },
    description: { type: String, required: true },
    date: { type: String, required: true },
    noofstars: { type: Number, required: true },
    reviewstatus: { type: Boolean, default: false },
    reportreason: { type: String, default: '' },
    sellerid: { type: String, default: '' },
    deleted: { type: Boolean, default: false },
    listSlots: { type: { i: Number, c: Number, s: Number, a: Number }, _id: false },
    listSeller: String,
  },
  { collection: 'reviews', versionKey: false },
);
reviewSchema.plugin(outboxPlugin);

const keySchema = new Schema<ReviewKeyDoc>(
  { _id: String, reviewId: { type: String, required: true } },
  { collection: 'review_keys', versionKey: false },
);

/** The reviews aggregate model of a connection (created once per connection). */
export function reviewModel(conn: Connection): Model<ReviewDoc> {
  return (conn.models.Review as Model<ReviewDoc> | undefined) ?? conn.model<ReviewDoc>('Review', reviewSchema);
}

/** The `review_keys` model of a connection (created once per connection). */
export function reviewKeyModel(conn: Connection): Model<ReviewKeyDoc> {
  return (conn.models.ReviewKey as Model<ReviewKeyDoc> | undefined) ?? conn.model<ReviewKeyDoc>('ReviewKey', keySchema);
}

/**
 * Inserts the key naming `proposedId` unless the key exists, then reads it (both by `_id`, the
 * local FerretDB's indexed read: README "Local infrastructure").
 * @returns the review id the key names: `proposedId` when this call inserted it
 */
export async function claimKey(keys: Model<ReviewKeyDoc>, key: string, proposedId: string): Promise<string> {
  try {
    await keys.updateOne({ _id: key }, { $setOnInsert: { reviewId: proposedId } }, { upsert: true }).exec();
  } catch (err) {
    // Two upserts of a new key at once: the other one inserted it.
    if (!isDuplicateKey(err)) throw err;
  }
  const doc = await keys.findById(key).lean<ReviewKeyDoc>().exec();
  // Released meanwhile (its review deleted): the caller tries again.
  return doc?.reviewId ?? '';
}

/**
 * Points the key at `nextId` if it still names `expectedId` (a filter of `_id` and the expected
 * id: one row read through the `_id` index, the rest checked on it; README "Local infrastructure").
 */
export async function takeOverKey(keys: Model<ReviewKeyDoc>, key: string, expectedId: string, nextId: string): Promise<void> {
  await keys.updateOne({ _id: key, reviewId: expectedId }, { $set: { reviewId: nextId } }).exec();
}

/**
 * Releases the key if it still names `reviewId` (after the review was marked deleted), so the
 * customer's next add creates a new review. Leaves a key taken over by a newer add alone.
 */
export async function releaseKey(keys: Model<ReviewKeyDoc>, key: string, reviewId: string): Promise<void> {
  await keys.deleteOne({ _id: key, reviewId }).exec();
}
