/**
 * Reviews (spec 000 and 001 section 3 "Review"; issue 6): the aggregate, written with the
 * per-document outbox (ReviewCreated / Updated / Deleted / Reported), and `review_keys`, one
 * document per (customer, item) whose unique `_id` makes a second review of the same item an
 * edit even when two arrive at once.
 */
import { outboxPlugin, type OutboxFields } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';

export interface ReviewDoc extends OutboxFields {
  _id: Types.ObjectId;
  itemid: string;
  customerid: string;
  description: string;
  /** ISO date-time, set by the server. */
  date: string;
  noofstars: number;
  reviewstatus: boolean;
  reportreason: string;
  sellerid: string;
  deleted: boolean;
}

export interface ReviewKeyDoc {
  /** `<customerid>:<itemid>` */
  _id: string;
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
  },
  { collection: 'reviews', versionKey: false },
);
reviewSchema.plugin(outboxPlugin);

const keySchema = new Schema<ReviewKeyDoc>(
  { _id: String, reviewId: { type: String, required: true } },
  { collection: 'review_keys', versionKey: false },
);

export function reviewModel(conn: Connection): Model<ReviewDoc> {
  return (conn.models.Review as Model<ReviewDoc> | undefined) ?? conn.model<ReviewDoc>('Review', reviewSchema);
}

export function reviewKeyModel(conn: Connection): Model<ReviewKeyDoc> {
  return (conn.models.ReviewKey as Model<ReviewKeyDoc> | undefined) ?? conn.model<ReviewKeyDoc>('ReviewKey', keySchema);
}

/** The key of a customer's review of an item. */
export const reviewKey = (customerid: string, itemid: string) => `${customerid}:${itemid}`;
