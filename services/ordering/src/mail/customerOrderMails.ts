/**
 * The customer's e-mails about their orders ("E-mails to the customer when an order is
 * confirmed, rejected (with the refund), shipped, delivered or cancelled"), through the BullMQ
 * `email` queue (templates in services/notifications), each once per order and status:
 *
 * - OrderConfirmed → `order-confirmed` (the order number, receipt, lines and total charged), job
 *   id `order-confirmed-<OrderID>`;
 * - OrderRejected → `order-rejected` (why, and the refund of everything charged), job id
 *   `order-rejected-<OrderID>`;
 * - OrderStatusChanged to Shipped or Delivered → `order-status` for that item or package order,
 *   job id `order-shipped-<orderLineId>` / `order-delivered-<orderLineId>` (the shipped one with the
 *   courier, tracking number and link, expected day and time shipped: issue 31 item 1);
 * - a cancellation is e-mailed by the cancellation saga once the refund is recorded
 *   (`order-cancelled`, cancellation/saga.ts), not here.
 *
 * Once only (platform's mailOnce.ts): the job id is the idempotency key and the `mail_sent`
 * ledger outlives the queue's trimming, so a redelivered event or a crash between steps sends
 * no second mail. What the mail says is read from ordering's own records (the checkout, the
 * order), never from the event: an event about an order this service does not hold (another
 * environment on the shared brokers) or not in the status it announces sends nothing. A customer
 * ordering has no e-mail for (deleted, or known only from before ordering kept customers' e-mails) gets none, logged.
 */
import { colomboDateTime, courierLabel, formatLkr, trackingLink, type Language } from '@market/contracts';
import type { EventHandlers, SendOnce, TypedEnvelope } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { checkoutLineIds, lineKind } from '../cancellation/refunds';
import type { CheckoutDoc } from '../store/checkouts';
import type { ItemOrderDoc, OrderBook, PackageOrderDoc, Shipment } from '../store/orders';
import { customerName, type ReadModels } from '../store/readModels';

/** Statuses a seller moves an order to that this module e-mails (Cancelled is the saga's). */
const STATUS_MAILS = { Shipped: 'shipped', Delivered: 'delivered' } as const;

/**
 * What the shipped e-mail says of a shipment (issue 31 item 1), as the customer's timeline does:
 * courier name, tracking number, the public tracking page when known, the expected day, and when
 * it was shipped in Sri Lanka time (`yyyy-mm-dd HH:MM`).
 */
export function shipmentMailData(s: Shipment) {
  const url = trackingLink(s.courier, s.trackingNumber);
  return {
    courier: courierLabel(s.courier, s.courierName),
    trackingNumber: s.trackingNumber,
    ...(url ? { trackingUrl: url } : {}),
    ...(s.expectedDelivery ? { expectedDelivery: s.expectedDelivery } : {}),
    shippedAt: colomboDateTime(new Date(s.at).toISOString()),
  };
}

/** The product an item or package order is for, as its snapshot names it. */
export function orderProduct(kind: 'item' | 'package', order: ItemOrderDoc | PackageOrderDoc): string {
  const snap = (kind === 'item' ? (order as ItemOrderDoc).Items : (order as PackageOrderDoc).Packages)[0] ?? {};
  return String((kind === 'item' ? snap.Item_name : snap.packageName) ?? 'your order');
}

export function customerOrderMailHandlers(
  checkouts: Model<CheckoutDoc>,
  book: OrderBook,
  rm: ReadModels,
  send: SendOnce,
  logger: Logger,
): EventHandlers {
  /** The customer's address and name, or null (logged) when ordering knows no address. */
  async function recipient(customerId: string, ref: string): Promise<{ to: string; name: string; language?: Language } | null> {
    const customer = await rm.customers.findById(customerId).lean();
    if (!customer?.email || customer.deleted) {
      logger.warn({ ref }, 'no e-mail address for the customer of an order; not e-mailed');
      return null;
    }
    return { to: customer.email, name: customerName(customer), ...(customer.language ? { language: customer.language } : {}) };
  }

  /** The checkout of an outcome event when this service holds it in `status`. */
  async function decidedCheckout(
    e: TypedEnvelope<'OrderConfirmed' | 'OrderRejected'>,
    status: 'Confirmed' | 'Rejected',
  ): Promise<CheckoutDoc | null> {
    const { orderId } = e.data;
    const c = await checkouts.findById(orderId).lean<CheckoutDoc>();
    return c && c.status === status && c.payment ? c : null;
  }

  return {
    OrderConfirmed: async (e) => {
      const c = await decidedCheckout(e, 'Confirmed');
      if (!c) return;
      const to = await recipient(c.customerId, c._id);
      if (!to) return;
      const ids = checkoutLineIds(c._id, c.lines);
      await send(`order-confirmed-${c._id}`, {
        to: to.to,
        ...(to.language ? { language: to.language } : {}),
        template: 'order-confirmed',
        data: {
          name: to.name,
          orderId: c._id,
          receiptNo: c.payment!.RecieptNo,
          lines: c.lines.map((l, n) => `${ids[n]}: ${l.quantity} × ${l.name}, ${formatLkr(l.unitPriceCents * l.quantity)}`),
          total: formatLkr(c.amountCents),
          ...(c.payment!.PaymentType === 'CashOnDelivery' ? { cashOnDelivery: true } : {}),
        },
      });
    },
    OrderRejected: async (e) => {
      const c = await decidedCheckout(e, 'Rejected');
      if (!c) return;
      const to = await recipient(c.customerId, c._id);
      if (!to) return;
      await send(`order-rejected-${c._id}`, {
        to: to.to,
        template: 'order-rejected',
        data: {
          name: to.name,
          orderId: c._id,
          reason: c.rejection?.message ?? 'Sorry, your order could not be reserved. Your payment was refunded and your cart is unchanged.',
          refund: formatLkr(c.amountCents),
          paymentType: c.payment!.PaymentType,
        },
      });
    },
    OrderStatusChanged: async (e) => {
      const s = e.data;
      if (!(s.status in STATUS_MAILS)) return;
      const status = s.status as keyof typeof STATUS_MAILS;
      const kind = lineKind(s.orderLineId);
      if (!kind) return;
      const model = (kind === 'item' ? book.itemOrders : book.packageOrders) as unknown as Model<ItemOrderDoc>;
      const order = await model.findById(s.orderLineId).lean<ItemOrderDoc>();
      // A Shipped order may be Delivered by the time this runs: the Shipped mail still goes once.
      const reached = status === 'Shipped' ? ['Shipped', 'Delivered'] : ['Delivered'];
      if (!order || order.OrderID !== s.orderId || !reached.includes(order.status)) return;
      const to = await recipient(order.CustomerID, order._id);
      if (!to) return;
      await send(`order-${STATUS_MAILS[status]}-${order._id}`, {
        to: to.to,
        ...(to.language ? { language: to.language } : {}),
        template: 'order-status',
        data: {
          name: to.name,
          orderLineId: order._id,
          product: orderProduct(kind, order),
          quantity: order.OQuantity,
          status,
          ...(status === 'Shipped' && order.shipment ? shipmentMailData(order.shipment) : {}),
        },
      });
    },
  };
}
