/**
 * `order_refs` (issue 30 item 6): for each checkout's OrderID, its customer and the sellers of its
 * lines, from OrderPlaced (events/orderRefs.ts), so a contact message can name an order of the
 * customer's (and, to a seller, one with a line of that seller). Read by `_id` only; written once
 * per order (an upsert that only inserts), so a redelivered OrderPlaced changes nothing.
 */
import { Schema, type Connection, type Model } from 'mongoose';

export interface OrderRefDoc {
  /** The checkout's OrderID. */
  _id: string;
  customerId: string;
  sellerIds: string[];
}

const schema = new Schema<OrderRefDoc>(
  { _id: String, customerId: { type: String, required: true }, sellerIds: { type: [String], default: [] } },
  { collection: 'order_refs', versionKey: false },
);

/** The `order_refs` model of a connection (created once per connection). */
export function orderRefModel(conn: Connection): Model<OrderRefDoc> {
  return (conn.models.OrderRef as Model<OrderRefDoc> | undefined) ?? conn.model<OrderRefDoc>('OrderRef', schema);
}
