/**
 * Event handlers that build reporting's read models (docs/architecture.md, Expected flows: an
 * order placed is recorded as a sale). Every handler is safe to run twice: writes are guarded by the
 * aggregate version, and sale lines have ids derived from the checkout.
 *
 * A sale counts once its checkout is Confirmed: OrderPlaced keeps the priced lines on the order,
 * OrderConfirmed turns them into sale lines (one per item or package order, with ordering's ids
 * `<OrderID>-I<n>` / `-P<n>`), OrderRejected never does. A seller's OrderStatusChanged moves a
 * line's status (a Cancelled line leaves the figures). PaymentRefunded of a seller's cancellation
 * records the refunded cents on the transaction and on the checkout, whose revenue the
 * admin dashboard counts less them. ReturnRefunded keeps a return's refund by its id for the
 * seller's monthly report (the refund itself reaches the transaction as a PaymentRefunded).
 *
 * After each event that changes a document the dashboard counts, the document is written to the
 * dashboard's search index as it now is (events/dashboardProjection.ts), even when the read-model
 * write was a no-op; a failed index write is logged, and the dashboard projection, which retries
 * until OpenSearch answers, writes it later.
 */
import { colomboMonthKey, type EventData, type EventType } from '@market/contracts';
import {
  applyVersioned,
  insertIfAbsent,
  type EventHandler,
  type EventHandlers,
  type SearchIndex,
  type TypedEnvelope,
} from '@market/platform';
import type { Logger } from 'pino';
import { countedOp, countedRefOf } from './dashboardProjection';
import { type OrderLine, type OrderRM, type ReadModels, type SellerState } from '../store/readModels';

/** The priced lines of an OrderPlaced, with ordering's order ids. */
export function linesOf(data: EventData<'OrderPlaced'>): OrderLine[] {
  const items = data.items.map((l, i) => ({
    kind: 'item' as const,
    lineId: `${data.orderId}-I${i + 1}`,
    productId: l.itemId,
    sellerId: l.sellerId ?? '',
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents ?? 0,
  }));
  const packages = data.packages.map((l, i) => ({
    kind: 'package' as const,
    lineId: `${data.orderId}-P${i + 1}`,
    productId: l.packageId,
    sellerId: l.sellerId ?? '',
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents ?? 0,
  }));
  return [...items, ...packages];
}

/** What the handlers write: the read models and the dashboard's search index. */
export interface ReportingStores {
  rm: ReadModels;
  dashboard: SearchIndex;
  logger: Logger;
}

/**
 * The handlers by event type. Each one of an event that changes a counted document (customer,
 * seller, item, package, review, checkout: `countedRefOf`) then writes that document to the
 * dashboard index.
 */
export function reportingHandlers({ rm, dashboard, logger }: ReportingStores): EventHandlers {
  /** `write`, then the dashboard index's document of the read-model document the event changed. */
  const counted =
    <T extends EventType>(write: EventHandler<T>): EventHandler<T> =>
    async (e, meta) => {
      await write(e, meta);
      const ref = countedRefOf(e);
      const op = ref ? await countedOp(rm, ref) : null;
      if (!op) return;
      try {
        await dashboard.bulk([op]);
      } catch (err) {
        logger.warn({ err, type: e.type, id: op.id }, 'dashboard index not written; the dashboard projection writes it later');
      }
    };

  const customer: EventHandler<'CustomerRegistered' | 'CustomerUpdated'> = async (e) => {
    const c = e.data;
    const added = new Date(c.newlyAddeddate);
    await applyVersioned(rm.customers, c.customerId, e.aggregateVersion, {
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phoneNumber: c.phoneNumber,
      address: c.address,
      username: c.username,
      newlyAddeddate: added,
      month: colomboMonthKey(added),
      deleted: false,
    });
  };

  const seller =
    (state: SellerState): EventHandler<'SellerRequested' | 'SellerApproved' | 'SellerUpdated'> =>
    async (e) => {
      const s = e.data;
      const accepted = s.acceptedDate ? new Date(s.acceptedDate) : undefined;
      await applyVersioned(rm.sellers, s.sellerId, e.aggregateVersion, {
        ownername: s.ownername,
        companyname: s.companyname,
        email: s.email,
        mobile: s.mobile,
        address: s.address,
        year: s.year,
        requestDelete: s.requestDelete ?? false,
        state: accepted ? 'approved' : state,
        ...(accepted ? { acceptedDate: accepted, month: colomboMonthKey(accepted) } : {}),
        // The language of the seller's monthly reports (issue 33 item 3).
        ...(s.language ? { language: s.language } : {}),
      });
    };
  const sellerRef =
    (
      set: Record<string, unknown>,
    ): EventHandler<'SellerDeclined' | 'SellerDeletionRequested' | 'SellerDeletionDeclined' | 'SellerDeleted'> =>
    async (e) => {
      const { sellerId } = e.data;
      await applyVersioned(rm.sellers, sellerId, e.aggregateVersion, set);
    };

  const item: EventHandler<'ItemCreated' | 'ItemUpdated'> = async (e) => {
    const i = e.data;
    await applyVersioned(rm.items, i.itemId, e.aggregateVersion, {
      Item_name: i.Item_name,
      Brand: i.Brand,
      Model: i.Model,
      Category: i.Category,
      Stock_keeping_unit: i.Stock_keeping_unit,
      SellerID: i.SellerID,
      deleted: false,
    });
  };
  const pkg: EventHandler<'PackageCreated' | 'PackageUpdated'> = async (e) => {
    const p = e.data;
    await applyVersioned(rm.packages, p.packageId, e.aggregateVersion, {
      packageName: p.packageName,
      description: p.description,
      seller: p.seller,
      deleted: false,
    });
  };

  const review: EventHandler<'ReviewCreated' | 'ReviewUpdated'> = async (e) => {
    const r = e.data;
    const cur = await rm.reviews.findById(r.reviewId, { date: 1, description: 1 }).lean();
    await applyVersioned(rm.reviews, r.reviewId, e.aggregateVersion, {
      itemid: r.itemid,
      customerid: r.customerid,
      noofstars: r.noofstars,
      description: r.description ?? cur?.description ?? '',
      // The review's own date, else when it was first written.
      date: r.date ? new Date(r.date) : (cur?.date ?? new Date(e.occurredAt)),
      deleted: false,
    });
  };

  /** Applies an outcome to a checkout's order, at most once per version. */
  async function outcome(e: TypedEnvelope<'OrderConfirmed' | 'OrderRejected'>, status: 'Confirmed' | 'Rejected'): Promise<void> {
    const { orderId } = e.data;
    const order = await rm.orders.findById(orderId).lean<OrderRM>();
    // OrderPlaced always comes first on the checkout's partition; without it this is another
    // environment's checkout (or a gap): nothing to count.
    if (!order) return;
    if (order.aggregateVersion >= e.aggregateVersion) return;
    if (status === 'Confirmed') {
      // Lines first, then the status: a crash in between redelivers, and the lines are idempotent.
      for (const line of order.lines) {
        await insertIfAbsent(rm.sales, {
          ...line,
          _id: line.lineId,
          orderId,
          customerId: order.customerId,
          placedAt: order.placedAt,
          month: order.month,
          status: 'Confirmed',
          statusVersion: 1,
          // Cash on delivery counts once its cash is collected (CashOnDeliveryCollected below).
          ...(order.paymentType === 'CashOnDelivery' ? { cod: 'Pending' as const } : {}),
        });
        // A collection read before this confirmation counts now.
        if (order.paymentType === 'CashOnDelivery') await applyCollection(line.lineId);
      }
    }
    await rm.orders.updateOne({ _id: orderId }, { $set: { status, aggregateVersion: e.aggregateVersion } });
    if (status === 'Confirmed') await paidOnceConfirmed(orderId);
  }

  /**
   * A card or PayPal transaction captured before its stock decision reads AwaitingStock (as
   * ordering's payment history does) and becomes Paid with its checkout's confirmation. The two
   * arrive on different topics in either order, so each side writes, then looks at the other:
   * whichever comes second moves it, and a refund's status is never overwritten.
   */
  async function paidOnceConfirmed(orderId: string): Promise<void> {
    await rm.transactions.updateOne({ _id: orderId, status: 'AwaitingStock' }, { $set: { status: 'Paid' } });
  }

  const payment =
    (kind: 'Paid' | 'Refunded'): EventHandler<'PaymentCaptured' | 'PaymentRefunded'> =>
    async (e) => {
      const p = e.data;
      const cur = await rm.transactions.findById(p.orderId, { at: 1 }).lean();
      // The transaction keeps its capture time; a refund only changes its status and refunded cents.
      const at = kind === 'Paid' || !cur ? new Date(p.at) : cur.at;
      // A cancellation's refund says how much and whether all is back; a rejected
      // checkout's refund gave back everything.
      // Cash on delivery took nothing at pay: its income is what the couriers collect.
      const cod = p.PaymentType === 'CashOnDelivery';
      const status = kind === 'Paid' ? (cod ? 'PendingCOD' : 'AwaitingStock') : (p.status ?? 'Refunded');
      const refundedCents = kind === 'Paid' ? 0 : (p.refundedCents ?? p.amountCents);
      await applyVersioned(rm.transactions, p.orderId, e.aggregateVersion, {
        RecieptNo: p.RecieptNo,
        PaymentType: p.PaymentType,
        customerId: p.customerId,
        amountCents: p.amountCents,
        at,
        month: colomboMonthKey(at),
        status,
        refundedCents,
      });
      if (kind === 'Refunded' && p.refundedCents !== undefined) await refundOrder(p.orderId, e.aggregateVersion, p.refundedCents);
      if (status === 'AwaitingStock') {
        const order = await rm.orders.findById(p.orderId, { status: 1 }).lean<OrderRM>();
        if (order?.status === 'Confirmed') await paidOnceConfirmed(p.orderId);
      }
    };

  /** The checkout's revenue loses what its cancellations refunded (dashboard), once per version. */
  async function refundOrder(orderId: string, version: number, refundedCents: number): Promise<void> {
    const cur = await rm.orders.findById(orderId, { refundVersion: 1 }).lean<OrderRM>();
    if (cur && (cur.refundVersion ?? 0) >= version) return;
    await rm.orders.updateOne({ _id: orderId }, { $set: { refundedCents, refundVersion: version } }, { upsert: true });
  }

  /**
   * A cash-on-delivery line's cash was collected (issue 29): the collection is kept by the line's
   * id, then applied ({@link applyCollection}). Its sale line may not exist yet (its checkout's
   * confirmation comes on the order topic, which a restarted consumer may read behind the payment
   * topic): the confirmation applies it then.
   */
  const cashCollected: EventHandler<'CashOnDeliveryCollected'> = async (e) => {
    const { orderId, orderLineId, amountCents } = e.data;
    await insertIfAbsent(rm.codCollections, { _id: orderLineId, orderId, amountCents, at: new Date(e.data.at) });
    await applyCollection(orderLineId);
  };

  /**
   * Counts a kept collection once its sale line exists: the sale line counts from then on, in the
   * Sri Lanka month of collection, and the checkout's and the transaction's collected cents grow
   * by it, once per line (guarded by `collectedLines`); a transaction with all its cash is Paid.
   */
  async function applyCollection(orderLineId: string): Promise<void> {
    const col = await rm.codCollections.findById(orderLineId).lean();
    if (!col) return;
    const sale = await rm.sales.findById(orderLineId, { cod: 1 }).lean();
    if (!sale) return;
    const at = new Date(col.at);
    if (sale.cod === 'Pending') {
      await rm.sales.updateOne(
        { _id: orderLineId, cod: 'Pending' },
        { $set: { cod: 'Collected', collectedAt: at, month: colomboMonthKey(at) } },
      );
    }
    const once = { collectedLines: { $ne: orderLineId } };
    const add = { $inc: { collectedCents: col.amountCents }, $push: { collectedLines: orderLineId } };
    await rm.orders.updateOne({ _id: col.orderId, ...once }, add);
    await rm.transactions.updateOne({ _id: col.orderId, ...once }, add);
    const t = await rm.transactions.findById(col.orderId, { amountCents: 1, collectedCents: 1 }).lean();
    if (t && (t.collectedCents ?? 0) >= t.amountCents)
      await rm.transactions.updateOne({ _id: col.orderId, status: 'PendingCOD' }, { $set: { status: 'Paid' } });
  }

  return {
    CustomerRegistered: counted(customer),
    CustomerUpdated: counted(customer),
    CustomerDeleted: counted(async (e) => {
      const { customerId } = e.data;
      await applyVersioned(rm.customers, customerId, e.aggregateVersion, { deleted: true });
    }),
    SellerRequested: counted(seller('requested')),
    SellerApproved: counted(seller('approved')),
    SellerUpdated: counted(seller('approved')),
    SellerDeclined: counted(sellerRef({ state: 'declined' })),
    SellerDeletionRequested: counted(sellerRef({ requestDelete: true })),
    SellerDeletionDeclined: counted(sellerRef({ requestDelete: false })),
    SellerDeleted: counted(sellerRef({ state: 'deleted', requestDelete: false })),
    ItemCreated: counted(item),
    ItemUpdated: counted(item),
    ItemDeleted: counted(async (e) => {
      const { itemId } = e.data;
      await applyVersioned(rm.items, itemId, e.aggregateVersion, { deleted: true });
    }),
    PackageCreated: counted(pkg),
    PackageUpdated: counted(pkg),
    PackageDeleted: counted(async (e) => {
      const { packageId } = e.data;
      await applyVersioned(rm.packages, packageId, e.aggregateVersion, { deleted: true });
    }),
    OrderPlaced: async (e) => {
      const data = e.data;
      const placedAt = new Date(data.placedAt ?? e.occurredAt);
      await applyVersioned(rm.orders, data.orderId, e.aggregateVersion, {
        customerId: data.customerId,
        placedAt,
        month: colomboMonthKey(placedAt),
        amountCents: data.amountCents ?? 0,
        lines: linesOf(data),
        status: 'Placed',
        ...(data.paymentType ? { paymentType: data.paymentType } : {}),
        ...(data.deliverTo ? { deliverTo: data.deliverTo } : {}),
      });
    },
    OrderConfirmed: counted((e) => outcome(e, 'Confirmed')),
    OrderRejected: counted((e) => outcome(e, 'Rejected')),
    OrderStatusChanged: async (e) => {
      const s = e.data;
      const sale = await rm.sales.findById(s.orderLineId, { statusVersion: 1 }).lean();
      if (!sale || sale.statusVersion >= e.aggregateVersion) return;
      await rm.sales.updateOne({ _id: s.orderLineId }, { $set: { status: s.status, statusVersion: e.aggregateVersion } });
    },
    PaymentCaptured: payment('Paid'),
    CashOnDeliveryCollected: counted(cashCollected),
    // A cancellation's refund lowers the checkout's revenue on the dashboard.
    PaymentRefunded: counted(payment('Refunded')),
    // A return's refund (issue 31 item 3) counts in the seller's report of the month it was paid, once.
    ReturnRefunded: async (e) => {
      const { ret, amountCents } = e.data;
      const at = new Date(ret.updatedAt);
      await insertIfAbsent(rm.returnRefunds, {
        _id: ret._id,
        sellerId: ret.sellerId,
        kind: ret.kind,
        month: colomboMonthKey(at),
        amountCents: amountCents ?? ret.refundCents,
        at,
      });
    },
    ReviewCreated: counted(review),
    ReviewUpdated: counted(review),
    ReviewDeleted: counted(async (e) => {
      const { reviewId } = e.data;
      await applyVersioned(rm.reviews, reviewId, e.aggregateVersion, { deleted: true });
    }),
  };
}
