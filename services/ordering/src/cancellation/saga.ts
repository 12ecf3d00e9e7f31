/**
 * Ordering's end of the cancellation saga: a seller cancels a Confirmed item
 * or package order (`PUT /Orders/status/{id}` / `PUT /PackageOrders/status/{id}` with
 * `Cancelled`), which records OrderCancelled with the order's write (http/orders.ts); catalogue
 * gives the stock of the order back and answers StockReleased; then, here:
 *
 * 1. the refund is recorded on the checkout (the payment's aggregate) in one compare-and-set
 *    write that appends `{ lineId, amountCents }` to `refunds` and records PaymentRefunded with
 *    the amounts (refunds.ts: the line's total, plus delivery and VAT with the last line);
 * 2. the payment provider gives that amount back (one refund per order line: the line id is the
 *    provider's idempotency key, so repeating the call after a crash refunds once);
 * 3. the payment-history record shows it (`PartiallyRefunded` / `Refunded`, `refundedCents`);
 * 4. the customer is e-mailed once (template `order-cancelled`, platform's mailOnce.ts; one the
 *    customer cancelled themselves, issue 31 item 2, says so: `byCustomer`; the seller's e-mail
 *    of it is mail/sellerCancelMails.ts).
 *
 * Each step is safe to repeat: a redelivered StockReleased (or the same event under a new id)
 * finds the line's refund on the checkout and only repeats the idempotent steps 2–4, so nothing is
 * refunded or e-mailed twice. StockReleased for an order this service does not hold, or not
 * Cancelled, has no refund to make and is ignored. Amounts in cents.
 *
 * A cash-on-delivery line (issue 29) took nothing: no refund and no history change (its payment's
 * state is read from its lines); a refused delivery is counted for the customer, who is e-mailed
 * (template `cod-cancelled`).
 */
import { formatLkr } from '@market/contracts';
import { updateAggregate, type EventHandlers, type OutboxHint, type SendOnce } from '@market/platform';
import { Types, type Model } from 'mongoose';
import type { Logger } from 'pino';
import type { PaymentProvider } from '../domain/payments';
import { orderProduct } from '../mail/customerOrderMails';
import type { CheckoutDoc } from '../store/checkouts';
import type { ItemOrderDoc, OrderBook, PackageOrderDoc } from '../store/orders';
import { customerName, type ReadModels } from '../store/readModels';
import { recordRefusal } from '../store/codRefusals';
import { lineRefunded } from './events';
import { checkoutLineIds, lineKind, planRefund, type LineRefund } from './refunds';

const MAX_CAS_ATTEMPTS = 10;

export interface CancellationDeps {
  checkouts: Model<CheckoutDoc>;
  book: OrderBook;
  rm: ReadModels;
  provider: PaymentProvider;
  nudge: (hint?: OutboxHint) => void;
  send: SendOnce;
  logger: Logger;
}

type AnyOrder = ItemOrderDoc | PackageOrderDoc;

export function cancellationHandlers(deps: CancellationDeps): EventHandlers {
  const { checkouts, book, rm, provider, nudge, send, logger } = deps;

  /** Records the line's refund on its checkout once; answers the checkout with it and the refund. */
  async function recordRefund(order: AnyOrder): Promise<{ c: CheckoutDoc; refund: LineRefund } | null> {
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      const c = await checkouts.findById(order.OrderID).lean<CheckoutDoc>();
      if (!c?.payment) return null;
      const done = c.refunds?.find((r) => r.lineId === order._id);
      if (done) return { c, refund: done };
      const plan = planRefund(c.amountCents, checkoutLineIds(c._id, c.lines), c.refunds ?? [], order._id, order.totalCents);
      const refund: LineRefund = { lineId: order._id, amountCents: plan.refundCents, at: new Date() };
      const next: CheckoutDoc = { ...c, refunds: [...(c.refunds ?? []), refund], refundedCents: plan.refundedCents };
      const written = await updateAggregate(
        checkouts,
        c._id,
        c.aggregateVersion,
        { $push: { refunds: refund }, $set: { refundedCents: plan.refundedCents } },
        (v) => [lineRefunded(next, v, order._id, plan, refund.at)],
      );
      if (written) {
        nudge({ model: checkouts, id: c._id });
        return { c: next, refund };
      }
    }
    throw new Error(`checkout ${order.OrderID} kept changing while refunding ${order._id}; will retry`);
  }

  /** The history record shows what the checkout records (never goes back to a smaller total). */
  async function recordInHistory(c: CheckoutDoc): Promise<void> {
    const refundedCents = c.refundedCents ?? 0;
    const status = refundedCents >= c.amountCents ? 'Refunded' : 'PartiallyRefunded';
    await book.history.updateOne(
      {
        _id: new Types.ObjectId(c.payment!.historyId),
        $or: [{ refundedCents: { $exists: false } }, { refundedCents: { $lt: refundedCents } }],
      },
      { $set: { status, refundedCents } },
    );
  }

  async function mailCustomer(c: CheckoutDoc, order: AnyOrder, kind: 'item' | 'package', refund: LineRefund): Promise<void> {
    const customer = await rm.customers.findById(order.CustomerID).lean();
    if (!customer?.email || customer.deleted) {
      logger.warn({ orderLineId: order._id }, 'no e-mail address for the customer of a cancelled order; not e-mailed');
      return;
    }
    const product = orderProduct(kind, order);
    await send(`order-cancelled-${order._id}`, {
      to: customer.email,
      ...(customer.language ? { language: customer.language } : {}),
      template: 'order-cancelled',
      data: {
        name: customerName(customer),
        orderLineId: order._id,
        product,
        quantity: order.OQuantity,
        refund: formatLkr(refund.amountCents),
        refundedTotal: formatLkr(c.refundedCents ?? refund.amountCents),
        charged: formatLkr(c.amountCents),
        paymentType: c.payment!.PaymentType,
        // The customer's own cancellation (issue 31 item 2), or the marketplace's or an admin's reason (issue 30).
        ...(order.statusNote?.by === 'customer'
          ? { byCustomer: true }
          : order.statusNote
            ? { reason: order.statusNote.reason.replace(/[.!\s]+$/, '') }
            : {}),
      },
    });
  }

  /**
   * A cash-on-delivery line took nothing, so it refunds nothing: a refused delivery is counted for
   * the customer (once per line, store/codRefusals.ts), and the customer is e-mailed once.
   */
  async function endCashOnDelivery(order: AnyOrder, kind: 'item' | 'package'): Promise<void> {
    const refused = order.cod?.status === 'Refused';
    if (refused) await recordRefusal(book.codRefusals, order.CustomerID, order._id, order.statusChangedAt ?? new Date());
    const customer = await rm.customers.findById(order.CustomerID).lean();
    if (!customer?.email || customer.deleted) {
      logger.warn({ orderLineId: order._id }, 'no e-mail address for the customer of a cancelled order; not e-mailed');
      return;
    }
    await send(`order-cancelled-${order._id}`, {
      to: customer.email,
      ...(customer.language ? { language: customer.language } : {}),
      template: 'cod-cancelled',
      data: {
        name: customerName(customer),
        orderLineId: order._id,
        product: orderProduct(kind, order),
        quantity: order.OQuantity,
        refused,
        ...(order.statusNote?.by === 'customer' ? { byCustomer: true } : {}),
      },
    });
  }

  return {
    StockReleased: async (e) => {
      const { orderId, orderLineId } = e.data;
      const kind = lineKind(orderLineId);
      if (!kind) return;
      const model = (kind === 'item' ? book.itemOrders : book.packageOrders) as unknown as Model<AnyOrder>;
      const order = await model.findById(orderLineId).lean<AnyOrder>();
      if (!order || order.OrderID !== orderId || order.status !== 'Cancelled') return;
      if (order.cod) {
        await endCashOnDelivery(order, kind);
        return;
      }
      const recorded = await recordRefund(order);
      if (!recorded) return;
      const { c, refund } = recorded;
      if (refund.amountCents > 0) {
        await provider.refund({ captureId: c.payment!.captureId, amountCents: refund.amountCents, idempotencyKey: order._id });
      }
      await recordInHistory(c);
      await mailCustomer(c, order, kind, refund);
    },
  };
}
