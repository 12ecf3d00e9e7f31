/**
 * Stock holds of the checkout saga: the units one order took of one item, one
 * small document per order line, `_id` `${orderId}:${itemId}`, read and written by `_id` alone.
 * The item document no longer keeps every order that ever bought it; it carries only the
 * in-flight marks of the few reservations being written right now (`ItemDoc.stockMarks`).
 *
 * The decision document of the order (`stock_reservations`, by order id) lists the order's
 * lines, so everything an order holds is found by `_id` from it: release by order (a later
 * cancellation) reads the decision, then each `holdId(orderId, itemId)`.
 */
import { Schema, type Connection, type Model } from 'mongoose';

export interface StockHoldDoc {
  /** `${orderId}:${itemId}`, see {@link holdId}. */
  _id: string;
  orderId: string;
  itemId: string;
  /** Units taken from the item, > 0. */
  quantity: number;
  /** `taken`: the units are off the item's Quantity; `released`: given back. */
  status: 'taken' | 'released';
  at: Date;
}

const schema = new Schema<StockHoldDoc>(
  {
    _id: { type: String, required: true },
    orderId: { type: String, required: true },
    itemId: { type: String, required: true },
    quantity: { type: Number, required: true },
    status: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'stock_holds', versionKey: false },
);

/** The hold `_id` of one order line. */
export const holdId = (orderId: string, itemId: string) => `${orderId}:${itemId}`;

export function stockHoldModel(conn: Connection): Model<StockHoldDoc> {
  return (conn.models.StockHold as Model<StockHoldDoc>) ?? conn.model<StockHoldDoc>('StockHold', schema);
}
