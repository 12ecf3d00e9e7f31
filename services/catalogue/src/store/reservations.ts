/**
 * Stock reservation decisions of the checkout saga (docs/architecture.md, Sagas), one per order: the
 * outcome and its StockReserved / StockRejected event, written with the outbox. Existing means
 * decided, so a redelivered OrderPlaced changes nothing.
 */
import { outboxPlugin, type OutboxFields } from '@market/platform';
import { Schema, type Connection, type Model } from 'mongoose';

export interface ReservationDoc extends OutboxFields {
  /** The order id. */
  _id: string;
  /** `released`: ordering gave the checkout up (OrderRejected) and whatever it held went back. */
  status: 'reserved' | 'rejected' | 'released';
  lines: { itemId: string; quantity: number }[];
  rejectedItemId?: string;
  decidedAt: Date;
}

const schema = new Schema<ReservationDoc>(
  {
    _id: { type: String, required: true },
    status: { type: String, required: true },
    lines: { type: [{ _id: false, itemId: String, quantity: Number }], default: [] },
    rejectedItemId: String,
    decidedAt: { type: Date, required: true },
  },
  { collection: 'stock_reservations', versionKey: false },
);
schema.plugin(outboxPlugin);

export function reservationModel(conn: Connection): Model<ReservationDoc> {
  return (conn.models.Reservation as Model<ReservationDoc>) ?? conn.model<ReservationDoc>('Reservation', schema);
}
