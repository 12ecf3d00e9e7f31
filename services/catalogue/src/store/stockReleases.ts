/**
 * Stock given back by sellers' cancellations, read and written by `_id` alone:
 *
 * - `stock_release_lines`, one per cancelled order line and item (`_id` `${orderLineId}:${itemId}`):
 *   the units of that item this cancellation gave back (written once the item write landed);
 * - `stock_releases`, one per cancelled order line (`_id` the order line id, e.g.
 *   `XV1SLTBGTVBX-P1`): the decision with its StockReleased event (outbox). Existing means done, so
 *   a redelivered OrderCancelled changes nothing.
 *
 * The order's stock holds (stockHolds.ts) stay as they were: they record what the checkout took.
 * What the catalogue holds for a checkout is its holds less these releases.
 */
import { outboxPlugin, type OutboxFields } from '@market/platform';
import { Schema, type Connection, type Model } from 'mongoose';

export interface StockReleaseLineDoc {
  /** `${orderLineId}:${itemId}`, see {@link releaseLineId}. */
  _id: string;
  orderId: string;
  orderLineId: string;
  itemId: string;
  /** Units given back to the item (0 when the item was gone). */
  quantity: number;
  at: Date;
}

export interface StockReleaseDoc extends OutboxFields {
  /** The cancelled order line's id. */
  _id: string;
  orderId: string;
  lines: { itemId: string; quantity: number }[];
  releasedAt: Date;
}

const lineSchema = new Schema<StockReleaseLineDoc>(
  {
    _id: { type: String, required: true },
    orderId: { type: String, required: true },
    orderLineId: { type: String, required: true },
    itemId: { type: String, required: true },
    quantity: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'stock_release_lines', versionKey: false },
);

const releaseSchema = new Schema<StockReleaseDoc>(
  {
    _id: { type: String, required: true },
    orderId: { type: String, required: true },
    lines: { type: [{ _id: false, itemId: String, quantity: Number }], default: [] },
    releasedAt: { type: Date, required: true },
  },
  { collection: 'stock_releases', versionKey: false },
);
releaseSchema.plugin(outboxPlugin);

/** The release-line `_id` of one item of a cancelled order line. */
export const releaseLineId = (orderLineId: string, itemId: string) => `${orderLineId}:${itemId}`;

export function stockReleaseLineModel(conn: Connection): Model<StockReleaseLineDoc> {
  return (conn.models.StockReleaseLine as Model<StockReleaseLineDoc>) ?? conn.model<StockReleaseLineDoc>('StockReleaseLine', lineSchema);
}

export function stockReleaseModel(conn: Connection): Model<StockReleaseDoc> {
  return (conn.models.StockRelease as Model<StockReleaseDoc>) ?? conn.model<StockReleaseDoc>('StockRelease', releaseSchema);
}
