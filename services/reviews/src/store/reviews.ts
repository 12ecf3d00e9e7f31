/**
 * Reviews (spec 000 section 3 "Review", spec 001 section 3): the aggregate, written with the
 * per-document outbox (ReviewCreated / Updated / Deleted / Reported; docs/architecture.md, Outbox).
 *
 * One review per customer per item comes from the document's `_id`, a natural key: the ObjectId
 * derived from `<customerid>:<itemid>` ({@link reviewIdOf}), so two adds of one pair write the
 * same document and the second insert fails with a duplicate key (it then edits). The id stays
 * an ObjectId (24 hex characters), the shape the API, the path parameters and the other
 * services' read models already take. Reviews written before this have random ObjectIds and are
 * still read by them (`POST /review/add` finds such a review through the read model).
 *
 * A deletion keeps the document as a tombstone (`tombstone: true`, with its ReviewDeleted event):
 * the relay purges only documents marked `deleted`, so a re-add of the same pair revives the
 * document at the next aggregate version, above the tombstones the catalogue's ratings, reporting
 * and the search index hold for it. Older reviews deleted with `deleted: true` are purged by the
 * relay as before.
 */
import { type OutboxFields, outboxPlugin } from '@market/platform';
import { createHash } from 'node:crypto';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import type { ReviewFacts } from '../domain/reviewView';

/** A stored review (spec field names, see {@link ReviewFacts}; ids as lower-case hex strings). */
export interface ReviewDoc extends OutboxFields, ReviewFacts {
  _id: Types.ObjectId;
  /**
   * True once deleted. As read through `findReview` also true for a tombstone; stored true only by
   * deletions made before reviews kept tombstones (the relay purges those).
   */
  deleted: boolean;
  /** True once deleted (kept, never purged: see the module comment). */
  tombstone?: boolean;
  /** The version the outbox's compare-and-set filters on (+1 per write). */
  aggregateVersion: number;
}

const reviewSchema = new Schema<ReviewDoc>(
  {
    itemid: { type: String, required: true },
    customerid: { type: String, required: true },
    description: { type: String, required: true },
    date: { type: String, required: true },
    noofstars: { type: Number, required: true },
    reviewstatus: { type: Boolean, default: false },
    reportreason: { type: String, default: '' },
    sellerid: { type: String, default: '' },
    // The item's seller's public reply (issue 30 item 7); '' while none.
    sellerReply: { type: String, default: '' },
    sellerReplyAt: { type: String, default: '' },
    deleted: { type: Boolean, default: false },
    tombstone: { type: Boolean, default: false },
  },
  { collection: 'reviews', versionKey: false },
);
reviewSchema.plugin(outboxPlugin);

/** The reviews aggregate model of a connection (created once per connection). */
export function reviewModel(conn: Connection): Model<ReviewDoc> {
  return (conn.models.Review as Model<ReviewDoc> | undefined) ?? conn.model<ReviewDoc>('Review', reviewSchema);
}

/**
 * The `_id` of a customer's review of an item: the first 12 bytes of SHA-256 of
 * `<customerid>:<itemid>` (both lower case), as an ObjectId. Pure.
 */
export function reviewIdOf(customerid: string, itemid: string): Types.ObjectId {
  return new Types.ObjectId(createHash('sha256').update(`${customerid}:${itemid}`).digest('hex').slice(0, 24));
}

/** The key of a purchase (`purchases` read model): `<customerid>:<itemid>` (ids in lower case). */
export const purchaseKey = (customerid: string, itemid: string): string => `${customerid}:${itemid}`;
