/**
 * Checkouts: the aggregate of the checkout saga (docs/architecture.md, Sagas). One checkout is
 * one order number (`_id` = OrderID) with its server-priced lines. Status: `Open` (priced, not
 * paid) → `AwaitingStock` (paid; OrderPlaced recorded) → `Confirmed` (StockReserved) or
 * `Rejected` (StockRejected; payment refunded). Events go through the per-document outbox.
 */
import { DELIVERY_AND_VAT, rupees, type CheckoutStatus, type DeliveryAddress } from '@market/contracts';
import { outboxPlugin, type OutboxFields } from '@market/platform';
import { Schema, type Connection, type Model } from 'mongoose';
import type { LineRefund } from '../cancellation/refunds';
import type { PricedLine } from '../domain/pricing';

export interface CheckoutPayment {
  PaymentType: 'Card' | 'PayPal' | 'CashOnDelivery';
  cardId?: string;
  /** The provider's capture; '' for cash on delivery (nothing is taken at pay). */
  captureId: string;
  RecieptNo: string;
  /** Id of the order-history record. */
  historyId: string;
  paidAt: Date;
}

export interface CheckoutRejection {
  itemId: string;
  itemName: string;
  reason: string;
  message: string;
  /** An admin's resolution of a stuck checkout (issue 30 item 1): who, and the reason they gave. */
  resolvedBy?: string;
  note?: string;
}

export interface CheckoutDoc extends OutboxFields {
  /** The order number. */
  _id: string;
  customerId: string;
  status: CheckoutStatus;
  lines: PricedLine[];
  subtotalCents: number;
  amountCents: number;
  payment?: CheckoutPayment;
  rejection?: CheckoutRejection;
  createdAt: Date;
  decidedAt?: Date;
  /** Refunds of orders its sellers cancelled, one per order line (cancellation/refunds.ts). */
  refunds?: LineRefund[];
  /** Cents refunded by those refunds so far. */
  refundedCents?: number;
  /**
   * True once every record of the paid checkout was written: its orders, payment-history record,
   * customer-order record (`materializeOrders`). Whoever finishes the checkout
   * next (the saga, a repeated pay) then only settles the orders instead of writing them all
   * again; before the mark, both write them, which is safe (idempotent) but costs about ten
   * writes per order line on the checkout path (bench/results: the checkout curve).
   */
  ordersWritten?: boolean;
  /**
   * Where to deliver: a copy of the address the customer chose at pay (contracts' DeliveryAddress),
   * copied again onto each order line, so a later edit of the address book never rewrites it.
   * Absent when the pay command carried none (the documents' client has no address).
   */
  DeliverTo?: DeliveryAddress;
}

const schema = new Schema<CheckoutDoc>(
  {
    _id: { type: String, required: true },
    customerId: { type: String, required: true, index: true },
    status: { type: String, required: true },
    lines: { type: [{}], default: [] },
    subtotalCents: { type: Number, required: true },
    amountCents: { type: Number, required: true },
    payment: { type: {}, default: undefined },
    rejection: { type: {}, default: undefined },
    createdAt: { type: Date, required: true },
    decidedAt: Date,
    refunds: { type: [{}], default: undefined },
    refundedCents: Number,
    ordersWritten: Boolean,
    DeliverTo: { type: {}, default: undefined },
  },
  { collection: 'checkouts', versionKey: false },
);
schema.plugin(outboxPlugin);

export function checkoutModel(conn: Connection): Model<CheckoutDoc> {
  return (conn.models.Checkout as Model<CheckoutDoc> | undefined) ?? conn.model<CheckoutDoc>('Checkout', schema);
}

/**
 * Writes the records of a paid checkout (see {@link CheckoutDoc.ordersWritten}) unless the checkout
 * as read says they are all written, then marks it. The mark is a plain `$set` beside the
 * aggregate's version, so it never makes a compare-and-set of the checkout fail.
 */
export async function writeOrdersOnce(
  checkouts: Model<CheckoutDoc>,
  c: CheckoutDoc,
  write: (c: CheckoutDoc) => Promise<void>,
): Promise<void> {
  if (c.ordersWritten || !c.payment) return;
  await write(c);
  await checkouts.updateOne({ _id: c._id }, { $set: { ordersWritten: true } });
}

/** The checkout as its customer sees it (money in rupees). */
export function checkoutView(c: CheckoutDoc) {
  return {
    checkoutId: c._id,
    OrderID: c._id,
    status: c.status,
    Subtotal: rupees(c.subtotalCents),
    DeliveryAndVat: DELIVERY_AND_VAT,
    Amount: rupees(c.amountCents),
    ...(c.DeliverTo ? { DeliverTo: c.DeliverTo } : {}),
    lines: c.lines.map((l) => ({
      kind: l.kind,
      id: l.id,
      name: l.name,
      image: l.image,
      quantity: l.quantity,
      unitPrice: rupees(l.unitPriceCents),
      total: rupees(l.unitPriceCents * l.quantity),
    })),
    receipt: c.payment
      ? {
          _id: c.payment.historyId,
          RecieptNo: c.payment.RecieptNo,
          PaymentType: c.payment.PaymentType,
          Amount: rupees(c.amountCents),
          TransTime: c.payment.paidAt,
        }
      : undefined,
    // What the customer is shown; who resolved it and their note stay for the back office.
    rejection: c.rejection && {
      itemId: c.rejection.itemId,
      itemName: c.rejection.itemName,
      reason: c.rejection.reason,
      message: c.rejection.message,
    },
  };
}
