/**
 * What a paid checkout becomes (spec 000 section 3): one item order per item line, one
 * package order per package line (documented fields: OrderID, SellerID, CustomerID, OQuantity,
 * TransitTime, Items / Packages as snapshots, plus status and prices), one order-history record
 * (RecieptNo, PaymentType, Amount, TransTime, ItemList, PacakgeID, CustomerID) and the
 * customer-order record (CustomerID, Orders).
 *
 * The documents get ids derived from the checkout (`<OrderID>-I1`, `<OrderID>-P1`), and are
 * written with insert-if-absent upserts, so writing them again after a crash or from a second
 * path (a retried pay, the saga consumer) changes nothing. They are read and written by `_id`
 * only; the lists pages show are search read models (README "Search"): the orders index
 * (domain/orderSearch.ts, events/orderProjection.ts), the transactions index for payment history
 * and the customer-orders index (domain/transactionSearch.ts, events/transactionProjection.ts).
 */
import { colomboIso, rupees, type DeliveryAddress, type OrderStatus } from '@market/contracts';
import { insertIfAbsent, type IndexOp, type OutboxFields, outboxPlugin, type SearchIndex } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import type { Logger } from 'pino';
import { orderPut, orderWireView, type IndexableOrder, type OrderKind, type OrderWireView } from '../domain/orderSearch';
import type { PricedLine } from '../domain/pricing';
import { customerOrdersPut, transactionOfCheckout, type CustomerOrdersView, type TransactionView } from '../domain/transactionSearch';
import { codPayment, collectCents, type CodLine } from '../domain/cashOnDelivery';
import { codStatusAfterRefunds } from '../domain/returns';
import type { CheckoutDoc } from './checkouts';
import { codRefusalsModel, type CodRefusalsDoc } from './codRefusals';
import type { OrderCustomer } from './readModels';

export type { OrderKind } from '../domain/orderSearch';

interface OrderBase extends OutboxFields {
  _id: string;
  OrderID: string;
  SellerID: string;
  CustomerID: string;
  OQuantity: number;
  /** Sri Lanka time, ISO. */
  TransitTime: string;
  placedAt: Date;
  status: OrderStatus;
  unitPriceCents: number;
  totalCents: number;
  rejectionReason?: string;
  statusChangedAt: Date;
  /** The checkout's delivery address, copied when the order is written (never rewritten); absent when none was given. */
  DeliverTo?: DeliveryAddress;
  /** Cash on delivery only (issue 29; domain/cashOnDelivery.ts): what to collect and whether it was. */
  cod?: CodLine;
  /** Set when an admin or the marketplace, not the seller, last moved the line (issue 30; fulfilment/changeStatus.ts). */
  statusNote?: StatusNote;
  /** Each status the line reached, oldest first (issue 30 item 8); absent on lines written before it was kept. */
  timeline?: TimelineEntry[];
  /** The shipment the seller gave with Shipped (issue 31 item 1; fulfilment/changeStatus.ts); absent when none was given. */
  shipment?: Shipment;
}

/** A line's shipment: courier key (contracts' COURIERS), its name for "other", tracking number, expected day (`YYYY-MM-DD`, Sri Lanka), when shipped. */
export interface Shipment {
  courier: string;
  courierName?: string;
  trackingNumber: string;
  expectedDelivery?: string;
  at: Date;
}

/** One step of an order line's life: placed, then each status it moved to, when and by whom. */
export interface TimelineEntry {
  status: 'Placed' | OrderStatus;
  at: Date;
  /** Who moved it, when a person did (a seller's, an admin's or the marketplace's move). */
  by?: 'seller' | 'admin' | 'marketplace' | 'customer';
}

/**
 * Who moved a line when it was not its seller, and why (the customer's e-mail and order cards say
 * it; a customer's own cancellation's reason is for the seller, issue 31 item 2).
 */
export interface StatusNote {
  by: 'admin' | 'marketplace' | 'customer';
  /** The admin's id, when `by` is admin. */
  adminId?: string;
  /** What the customer is told. */
  reason: string;
  at: Date;
}

export interface ItemOrderDoc extends OrderBase {
  Items: Record<string, unknown>[];
}

export interface PackageOrderDoc extends OrderBase {
  Packages: Record<string, unknown>[];
}

export interface HistoryDoc {
  _id: Types.ObjectId;
  RecieptNo: string;
  PaymentType: string;
  amountCents: number;
  TransTime: string;
  ItemList: string[];
  PacakgeID: string[];
  CustomerID: string;
  OrderID: string;
  /**
   * Card and PayPal: Paid, then PartiallyRefunded / Refunded by cancellations. Cash on delivery:
   * PendingCOD as written, or Cancelled once its checkout was rejected; what it becomes after is
   * read from its order lines ({@link codHistoryView}).
   */
  status: 'AwaitingStock' | 'Paid' | 'PartiallyRefunded' | 'Refunded' | 'PendingCOD' | 'Cancelled';
  /** Cents given back by sellers' cancellations so far; absent before any. */
  refundedCents?: number;
  captureId: string;
  createdAt: Date;
}

export interface CustomerOrdersDoc {
  /** The customer's id. */
  _id: string;
  CustomerID: string;
  Orders: string[];
  /** When the record was created (the customer's first order); the admins' list is newest first by it. */
  listedAt?: Date;
}

const orderFields = {
  _id: { type: String, required: true },
  OrderID: { type: String, required: true, index: true },
  SellerID: { type: String, required: true, index: true },
  CustomerID: { type: String, required: true, index: true },
  OQuantity: { type: Number, required: true },
  TransitTime: { type: String, required: true },
  placedAt: { type: Date, required: true },
  status: { type: String, required: true },
  unitPriceCents: { type: Number, required: true },
  totalCents: { type: Number, required: true },
  rejectionReason: String,
  statusChangedAt: { type: Date, required: true },
  DeliverTo: { type: {}, default: undefined },
  cod: { type: {}, default: undefined },
  statusNote: { type: {}, default: undefined },
  timeline: { type: [{}], default: undefined },
  shipment: { type: {}, default: undefined },
};

const itemOrderSchema = new Schema<ItemOrderDoc>(
  { ...orderFields, Items: { type: [{}], default: [] } },
  { collection: 'orders', versionKey: false },
);
itemOrderSchema.plugin(outboxPlugin);
const packageOrderSchema = new Schema<PackageOrderDoc>(
  { ...orderFields, Packages: { type: [{}], default: [] } },
  { collection: 'package_orders', versionKey: false },
);
packageOrderSchema.plugin(outboxPlugin);
const historySchema = new Schema<HistoryDoc>(
  {
    RecieptNo: { type: String, required: true, unique: true },
    PaymentType: { type: String, required: true },
    amountCents: { type: Number, required: true },
    TransTime: { type: String, required: true },
    ItemList: [String],
    PacakgeID: [String],
    CustomerID: { type: String, required: true, index: true },
    OrderID: { type: String, required: true, unique: true },
    status: { type: String, required: true },
    refundedCents: Number,
    captureId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'order_history', versionKey: false },
);
const customerOrdersSchema = new Schema<CustomerOrdersDoc>(
  { _id: String, CustomerID: { type: String, required: true }, Orders: [String], listedAt: Date },
  { collection: 'customer_orders', versionKey: false },
);

function model<T>(conn: Connection, name: string, schema: Schema<T>): Model<T> {
  return (conn.models[name] as Model<T> | undefined) ?? conn.model<T>(name, schema);
}

/** The search read models the write paths also index at once (read-your-writes), with where their failures go. */
export interface OrderSearch {
  orders: SearchIndex<OrderWireView>;
  transactions: SearchIndex<TransactionView>;
  customerOrders: SearchIndex<CustomerOrdersView>;
  logger: Logger;
}

export interface OrderBook {
  itemOrders: Model<ItemOrderDoc>;
  packageOrders: Model<PackageOrderDoc>;
  history: Model<HistoryDoc>;
  customerOrders: Model<CustomerOrdersDoc>;
  /** Refused cash-on-delivery deliveries per customer (store/codRefusals.ts). */
  codRefusals: Model<CodRefusalsDoc>;
  /** The search read models; absent where nothing is indexed on the write path (scripts, tests of the store). */
  search?: OrderSearch;
  /** Every model above, for start-up `init()`. */
  models: { init(): Promise<unknown> }[];
}

export function orderBook(conn: Connection, search?: OrderSearch): OrderBook {
  const book = {
    itemOrders: model(conn, 'ItemOrder', itemOrderSchema),
    packageOrders: model(conn, 'PackageOrder', packageOrderSchema),
    history: model(conn, 'OrderHistory', historySchema),
    customerOrders: model(conn, 'CustomerOrders', customerOrdersSchema),
  };
  const codRefusals = codRefusalsModel(conn);
  return { ...book, codRefusals, search, models: [book.itemOrders, book.packageOrders, book.history, book.customerOrders, codRefusals] };
}

/** One order line: its kind and its id (`<OrderID>-I<n>` / `-P<n>`). */
export interface OrderRef {
  kind: OrderKind;
  id: string;
}

/** Each line of a checkout with the id of its order: `<OrderID>-I<n>` for items, `-P<n>` for packages. */
function orderLines(c: Pick<CheckoutDoc, '_id' | 'lines'>): { line: PricedLine; id: string }[] {
  let i = 0;
  let p = 0;
  return c.lines.map((line) => ({ line, id: line.kind === 'item' ? `${c._id}-I${++i}` : `${c._id}-P${++p}` }));
}

/** The order lines of a checkout (whether written yet or not). */
export function orderLineIds(c: Pick<CheckoutDoc, '_id' | 'lines'>): OrderRef[] {
  return orderLines(c).map(({ line, id }) => ({ kind: line.kind, id }));
}

const orderModel = (book: OrderBook, kind: OrderKind) =>
  (kind === 'item' ? book.itemOrders : book.packageOrders) as unknown as Model<IndexableOrder>;

/** The orders index writes of `refs` as stored now (read by `_id`; one not written yet is left out). */
export async function orderOps(book: OrderBook, refs: OrderRef[]): Promise<IndexOp[]> {
  const found = await Promise.all(refs.map(async (r) => ({ r, o: await orderModel(book, r.kind).findById(r.id).lean<IndexableOrder>() })));
  return found.filter(({ o }) => o !== null).map(({ r, o }) => orderPut(r.kind, o!));
}

/**
 * Writes index documents on the request path (the person who made the change sees it in the next
 * list read with `refresh`). Never fails the caller: the projections write the same versions
 * from the events, so a write lost here (OpenSearch down) is caught up.
 */
async function indexNow<V>(book: OrderBook, index: SearchIndex<V>, ops: IndexOp[], refresh?: 'wait_for'): Promise<void> {
  try {
    await index.bulk(ops, refresh ? { refresh } : {});
  } catch (err) {
    book.search?.logger.warn({ err, index: index.alias }, 'not indexed on the request path; the projection will catch up');
  }
}

/** Indexes the orders `refs` as stored now (see {@link indexNow}); nothing without {@link OrderBook.search}. */
export async function indexOrders(book: OrderBook, refs: OrderRef[], refresh?: 'wait_for'): Promise<void> {
  if (!book.search || refs.length === 0) return;
  await indexNow(book, book.search.orders, await orderOps(book, refs), refresh);
}

/**
 * Indexes a finished checkout's records as stored now: its orders, its payment-history row and
 * its customer's customer-order record (see {@link indexNow}).
 */
export async function indexCheckout(book: OrderBook, c: CheckoutDoc, refresh?: 'wait_for'): Promise<void> {
  if (!book.search || !c.payment) return;
  const rec = await book.customerOrders.findById(c.customerId).lean<CustomerOrdersDoc>();
  await Promise.all([
    indexOrders(book, orderLineIds(c), refresh),
    indexNow(book, book.search.transactions, [await transactionOpOf(book, c)], refresh),
    rec ? indexNow(book, book.search.customerOrders, [customerOrdersPut(rec)], refresh) : undefined,
  ]);
}

/**
 * The transactions index write of paid checkout `c` as stored. A card or PayPal payment's state is
 * the checkout's (domain/transactionSearch.ts `transactionOfCheckout`); a cash-on-delivery one's is
 * read from its order lines ({@link codHistoryState}: PendingCOD, Paid or Cancelled, with
 * `CollectedAmount`), versioned by the checkout's version and the lines settled so far, both of
 * which only grow.
 */
export async function transactionOpOf(book: OrderBook, c: CheckoutDoc): Promise<IndexOp> {
  const op = transactionOfCheckout(c);
  const pay = c.payment!;
  if (pay.PaymentType !== 'CashOnDelivery' || op.kind !== 'put') return op;
  const doc = op.doc as { view: TransactionView };
  const state = await codHistoryState(book, {
    OrderID: c._id,
    ItemList: doc.view.ItemList,
    PacakgeID: doc.view.PacakgeID,
    status: c.status === 'Rejected' ? 'Cancelled' : 'PendingCOD',
    PaymentType: pay.PaymentType,
  });
  // A return refunded by bank transfer (issue 31 item 3) shows on a collected payment.
  const status = codStatusAfterRefunds(state.status, state.collectedCents ?? 0, c.refundedCents ?? 0);
  const view: TransactionView = { ...doc.view, status, CollectedAmount: rupees(state.collectedCents ?? 0) };
  return { ...op, doc: { ...doc, view }, version: c.aggregateVersion * 1000 + state.settled };
}

/**
 * Writes the orders, the history record and the customer-order entry of a paid checkout, if
 * they are not there yet. Orders take the checkout's status while it is still deciding.
 */
export async function materializeOrders(book: OrderBook, c: CheckoutDoc): Promise<void> {
  const pay = c.payment;
  if (!pay) return;
  const TransitTime = colomboIso(pay.paidAt);
  const status: OrderStatus = c.status === 'Open' ? 'AwaitingStock' : (c.status as OrderStatus);
  const cod = pay.PaymentType === 'CashOnDelivery';
  const lineIds = orderLines(c).map((l) => l.id);
  for (const { line, id } of orderLines(c)) {
    const base = {
      OrderID: c._id,
      SellerID: line.sellerId,
      CustomerID: c.customerId,
      OQuantity: line.quantity,
      TransitTime,
      placedAt: pay.paidAt,
      status,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.unitPriceCents * line.quantity,
      statusChangedAt: pay.paidAt,
      timeline: [
        { status: 'Placed', at: pay.paidAt },
        ...(status === 'AwaitingStock' ? [] : [{ status, at: c.decidedAt ?? pay.paidAt }]),
      ] as TimelineEntry[],
      aggregateVersion: 1,
      pendingEvents: [],
      ...(c.rejection ? { rejectionReason: c.rejection.message } : {}),
      ...(c.DeliverTo ? { DeliverTo: c.DeliverTo } : {}),
      ...(cod ? { cod: { status: 'Pending', collectCents: collectCents(lineIds, id, line.unitPriceCents * line.quantity) } } : {}),
    };
    if (line.kind === 'item') await insertIfAbsent(book.itemOrders, { _id: id, ...base, Items: [line.snapshot] });
    else await insertIfAbsent(book.packageOrders, { _id: id, ...base, Packages: [line.snapshot] });
  }
  await insertIfAbsent(book.history, {
    _id: new Types.ObjectId(pay.historyId),
    RecieptNo: pay.RecieptNo,
    PaymentType: pay.PaymentType,
    amountCents: c.amountCents,
    TransTime: TransitTime,
    ItemList: c.lines.filter((l) => l.kind === 'item').map((l) => l.id),
    PacakgeID: c.lines.filter((l) => l.kind === 'package').map((l) => l.id),
    CustomerID: c.customerId,
    OrderID: c._id,
    status: cod ? (c.status === 'Rejected' ? 'Cancelled' : 'PendingCOD') : paidHistoryStatus(c),
    captureId: pay.captureId,
    createdAt: pay.paidAt,
  });
  await insertIfAbsent(book.customerOrders, { _id: c.customerId, CustomerID: c.customerId, Orders: [], listedAt: pay.paidAt });
  await book.customerOrders.updateOne({ _id: c.customerId }, { $addToSet: { Orders: c._id } });
}

/** A card or PayPal payment's history status: AwaitingStock until the stock decision confirms it (issue 30 item 5), Refunded once rejected. */
function paidHistoryStatus(c: CheckoutDoc): HistoryDoc['status'] {
  if (c.status === 'Confirmed') return 'Paid';
  return c.status === 'Rejected' ? 'Refunded' : 'AwaitingStock';
}

/**
 * Moves the orders of a decided checkout from AwaitingStock to its outcome (Confirmed or
 * Rejected with the reason); the history record of a card or PayPal payment becomes Paid on a
 * confirmation (from AwaitingStock only: a refund recorded since stays), Refunded on a rejection.
 */
export async function settleOrders(book: OrderBook, c: CheckoutDoc): Promise<void> {
  if (c.status !== 'Confirmed' && c.status !== 'Rejected') return;
  const set = {
    status: c.status,
    statusChangedAt: c.decidedAt ?? new Date(),
    ...(c.rejection ? { rejectionReason: c.rejection.message } : {}),
  };
  // Each order by its derived id (reads by `_id` only). Only settle calls move an AwaitingStock
  // order (sellers cannot), and a pay and the saga may settle the same order at once: the move is
  // a compare-and-set on the status.
  for (const { line, id } of orderLines(c)) {
    await orderModel(book, line.kind).updateOne(
      { _id: id, status: 'AwaitingStock' },
      { $set: set, $push: { timeline: { status: c.status, at: set.statusChangedAt } } },
    );
  }
  if (c.status === 'Confirmed' && c.payment && c.payment.PaymentType !== 'CashOnDelivery') {
    await book.history.updateOne({ _id: new Types.ObjectId(c.payment.historyId), status: 'AwaitingStock' }, { $set: { status: 'Paid' } });
  }
  if (c.status === 'Rejected' && c.payment) {
    // Cash on delivery took nothing, so nothing comes back: the payment is only Cancelled.
    const status = c.payment.PaymentType === 'CashOnDelivery' ? 'Cancelled' : 'Refunded';
    await book.history.updateOne({ _id: new Types.ObjectId(c.payment.historyId) }, { $set: { status } });
  }
}

/**
 * An item order as answered (money in rupees), with the customer's name, delivery address and
 * phone for seller cards ({@link OrderCustomer}).
 */
export function itemOrderView(o: OrderWireView | ItemOrderDoc, customer: OrderCustomer) {
  return { ...wire(o), ...customer };
}

/** A package order as answered, with the customer as {@link itemOrderView} and the seller company's name and logo. */
export function packageOrderView(
  o: OrderWireView | PackageOrderDoc,
  customer: OrderCustomer,
  seller: { companyname: string; logo: string },
) {
  return { ...wire(o), ...customer, SellerCompany: seller };
}

/** The wire fields of a stored order, or an indexed row as is. */
const wire = (o: OrderWireView | OrderBase): OrderWireView =>
  'unitPriceCents' in o ? orderWireView(o as unknown as IndexableOrder) : (o as OrderWireView);

/**
 * The order lines of a checkout's history record, read by their derived ids (`ItemList` and
 * `PacakgeID` hold one id per line, in the checkout's order).
 */
async function linesOfHistory(book: OrderBook, h: Pick<HistoryDoc, 'OrderID' | 'ItemList' | 'PacakgeID'>): Promise<OrderBase[]> {
  const refs: OrderRef[] = [
    ...(h.ItemList ?? []).map((_, i) => ({ kind: 'item' as const, id: `${h.OrderID}-I${i + 1}` })),
    ...(h.PacakgeID ?? []).map((_, i) => ({ kind: 'package' as const, id: `${h.OrderID}-P${i + 1}` })),
  ];
  const found = await Promise.all(refs.map((r) => orderModel(book, r.kind).findById(r.id).lean<IndexableOrder>()));
  return found.filter((o) => o !== null) as unknown as OrderBase[];
}

/**
 * A cash-on-delivery record as its order lines say now (domain/cashOnDelivery.ts `codPayment`):
 * `status` PendingCOD / Paid / Cancelled and `collectedCents`, plus `settled` (how many lines are
 * settled: it only grows, so it versions the transactions index). Other records are answered as stored.
 */
export async function codHistoryState(
  book: OrderBook,
  h: Pick<HistoryDoc, 'OrderID' | 'ItemList' | 'PacakgeID' | 'status' | 'PaymentType'>,
): Promise<{ status: HistoryDoc['status']; collectedCents?: number; settled: number }> {
  if (h.PaymentType !== 'CashOnDelivery') return { status: h.status, settled: 0 };
  const p = codPayment(h.status === 'Cancelled', await linesOfHistory(book, h));
  return { status: p.status, collectedCents: p.collectedCents, settled: p.settled };
}

/** {@link historyView} of a record, a cash-on-delivery one with its state read from its lines ({@link codHistoryState}). */
export async function codHistoryView(book: OrderBook, h: HistoryDoc) {
  const view = historyView(h);
  if (h.PaymentType !== 'CashOnDelivery') return view;
  const state = await codHistoryState(book, h);
  // A return refunded by bank transfer (issue 31 item 3) shows on a collected payment.
  const status = codStatusAfterRefunds(state.status, state.collectedCents ?? 0, h.refundedCents ?? 0);
  return { ...view, status, CollectedAmount: rupees(state.collectedCents ?? 0) };
}

/** An order-history record as answered (Amount in rupees). */
export function historyView(h: HistoryDoc) {
  // `listSlots`: what an earlier build stored on the record for its lists; never sent.
  const { amountCents, refundedCents, captureId: _c, createdAt: _t, listSlots: _s, ...rest } = h as HistoryDoc & { listSlots?: unknown };
  // An empty list can be missing from the stored record (an item-only checkout's record came back
  // without `PacakgeID`), yet clients read both lists as arrays (documented shape): always send them.
  return {
    ...rest,
    ItemList: h.ItemList ?? [],
    PacakgeID: h.PacakgeID ?? [],
    _id: String(h._id),
    Amount: rupees(amountCents),
    ...(refundedCents !== undefined ? { RefundedAmount: rupees(refundedCents) } : {}),
  };
}
