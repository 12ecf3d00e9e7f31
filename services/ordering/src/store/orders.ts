/**
 * What a paid checkout becomes (spec 000 section 3): one item order per item line, one
 * package order per package line (documented fields: OrderID, SellerID, CustomerID, OQuantity,
 * TransitTime, Items / Packages as snapshots, plus status and prices), one order-history record
 * (RecieptNo, PaymentType, Amount, TransTime, ItemList, PacakgeID, CustomerID) and the
 * customer-order record (CustomerID, Orders).
 *
 * The documents get ids derived from the checkout (`<OrderID>-I1`, `<OrderID>-P1`), and are
 * written with insert-if-absent upserts, so writing them again after a crash or from a second
 * path (a retried pay, the saga consumer) changes nothing.
 */
import { colomboIso, rupees, type OrderStatus } from '@market/contracts';
import { insertIfAbsent, type ListRow, type OutboxFields, outboxPlugin, ownerLists, type OwnerLists } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import type { PricedLine } from '../domain/pricing';
import type { CheckoutDoc } from './checkouts';
import type { OrderCustomer } from './readModels';
import {
  backfillOrderFilters,
  currentFilterKeys,
  filterClaim,
  filterEntryWrites,
  filterListIds,
  giveFilterSlots,
  hasFilterSlots,
  orderSubListOf,
  statusKey,
  withFilterSlots,
  type FilterableOrder,
} from './orderFilters';

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
  /** The order's slots in its lists (customer's, seller's, everyone's), given once when it is written. */
  listSlots?: ListSlots;
  /** Its slots in its status and month sub-lists, by key (store/orderFilters.ts). */
  filterSlots?: Record<string, ListSlots>;
}

/** An order's slot in the customer's (`c`), the seller's (`s`) and the admins' (`a`) list. */
export interface ListSlots {
  c: number;
  s: number;
  a: number;
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
  status: 'Paid' | 'PartiallyRefunded' | 'Refunded';
  /** Cents given back by sellers' cancellations so far; absent before any. */
  refundedCents?: number;
  captureId: string;
  createdAt: Date;
  /** Its slots in the customer's (`c`) and the admins' (`a`) payment-history list. */
  listSlots?: { c: number; a: number };
}

export interface CustomerOrdersDoc {
  /** The customer's id. */
  _id: string;
  CustomerID: string;
  Orders: string[];
  /** Its slot in the admins' list of customer-order records ({@link CUSTOMER_ORDERS_LIST}) and when it was listed. */
  listSlot?: number;
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
  listSlots: { type: { c: Number, s: Number, a: Number }, _id: false },
  filterSlots: { type: Schema.Types.Mixed, default: undefined },
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
    listSlots: { type: { c: Number, a: Number }, _id: false },
  },
  { collection: 'order_history', versionKey: false },
);
const customerOrdersSchema = new Schema<CustomerOrdersDoc>(
  { _id: String, CustomerID: { type: String, required: true }, Orders: [String], listSlot: Number, listedAt: Date },
  { collection: 'customer_orders', versionKey: false },
);

function model<T>(conn: Connection, name: string, schema: Schema<T>): Model<T> {
  return (conn.models[name] as Model<T> | undefined) ?? conn.model<T>(name, schema);
}

export interface OrderBook {
  itemOrders: Model<ItemOrderDoc>;
  packageOrders: Model<PackageOrderDoc>;
  history: Model<HistoryDoc>;
  customerOrders: Model<CustomerOrdersDoc>;
  /** The paged lists of item and package orders per customer, per seller and for admins (read by `_id`). */
  lists: OwnerLists;
  /** Every model above, for start-up `init()`. */
  models: { init(): Promise<unknown> }[];
}

export function orderBook(conn: Connection): OrderBook {
  const lists = ownerLists(conn, 'order', orderSubListOf);
  const book = {
    itemOrders: model(conn, 'ItemOrder', itemOrderSchema),
    packageOrders: model(conn, 'PackageOrder', packageOrderSchema),
    history: model(conn, 'OrderHistory', historySchema),
    customerOrders: model(conn, 'CustomerOrders', customerOrdersSchema),
    lists,
  };
  return {
    ...book,
    models: [book.itemOrders, book.packageOrders, book.history, book.customerOrders, ...lists.models],
  };
}

export type OrderKind = 'item' | 'package';

/** Whose list: a customer's (`c`), a seller's (`s`) or every order (`a`, admins). */
export type ListOwner = { by: 'c' | 's'; id: string } | { by: 'a' };

/** The id of a list of orders, e.g. `io:c:<customerId>` (a customer's item orders) or `po:all`. */
export function orderListId(kind: OrderKind, owner: ListOwner): string {
  const k = kind === 'item' ? 'io' : 'po';
  return owner.by === 'a' ? `${k}:all` : `${k}:${owner.by}:${owner.id}`;
}

function orderListIds(kind: OrderKind, o: Pick<OrderBase, 'CustomerID' | 'SellerID'>): [string, string, string] {
  return [orderListId(kind, { by: 'c', id: o.CustomerID }), orderListId(kind, { by: 's', id: o.SellerID }), orderListId(kind, { by: 'a' })];
}

/**
 * Writes an order's entries in its three lists and in its status and month sub-lists, from the
 * order as stored (read here by `_id`, so a rerun after a crash, or a redelivered event, writes
 * the same entries again), giving a sub-list key its slots first when it has none. An order
 * without slots is skipped.
 */
export async function listOrder(book: OrderBook, kind: OrderKind, o: Pick<OrderBase, '_id'>): Promise<void> {
  const stored = await withFilterSlots(book.lists, kind, filterable(book, kind), o._id);
  if (stored) await writeOrderEntries(book, kind, stored as unknown as OrderBase);
}

/**
 * Writes the entries of an order as given (its lists and sub-lists; store/orderFilters.ts): the
 * rows in one command, then the removals from the lists of statuses it left.
 */
async function writeOrderEntries(book: OrderBook, kind: OrderKind, o: OrderBase): Promise<void> {
  if (!o.listSlots) return;
  const [c, s, a] = orderListIds(kind, o);
  const fields = { t: new Date(o.placedAt).getTime(), s: o.status };
  const rows: ListRow[] = [
    { listId: c, slot: o.listSlots.c, key: o._id, fields },
    { listId: s, slot: o.listSlots.s, key: o._id, fields },
    { listId: a, slot: o.listSlots.a, key: o._id, fields },
  ];
  const { puts, removes } = filterEntryWrites(kind, o as unknown as FilterableOrder);
  await book.lists.putMany([...rows, ...puts]);
  await Promise.all(removes.map((r) => book.lists.remove(r.listId, r.slot, r.key)));
}

const filterable = (book: OrderBook, kind: OrderKind) =>
  (kind === 'item' ? book.itemOrders : book.packageOrders) as unknown as Model<FilterableOrder>;

/**
 * Inserts an order if absent, with its slots in its lists and in the sub-lists of its status and
 * month, and lists it. The slots are handed out only when the order is not there yet, all in one
 * go (the insert is their claim: store/orderFilters.ts); a writer that loses the race to insert
 * releases them.
 */
async function insertListedOrder(book: OrderBook, kind: OrderKind, doc: OrderBase & Record<string, unknown>): Promise<void> {
  const m = (kind === 'item' ? book.itemOrders : book.packageOrders) as unknown as Model<OrderBase>;
  let order = await m.findById(doc._id).lean<OrderBase>();
  if (!order) {
    const keys = currentFilterKeys(doc);
    const ids = [...orderListIds(kind, doc), ...keys.flatMap((key) => filterListIds(kind, doc, key))];
    const slots = await book.lists.allocate(ids);
    const at = (i: number) => ({ c: slots[i]!, s: slots[i + 1]!, a: slots[i + 2]! });
    const listSlots = at(0);
    const filterSlots = Object.fromEntries(keys.map((key, k) => [key, at(3 + 3 * k)]));
    await insertIfAbsent(m, { ...doc, listSlots, filterSlots });
    order = await m.findById(doc._id).lean<OrderBase>();
    if (order && order.listSlots?.c !== listSlots.c) await Promise.all(ids.map((id) => book.lists.release(id)));
  }
  if (!order) return;
  // An order written before its sub-list slots were handed out with it gets them now.
  if (hasFilterSlots(order)) await writeOrderEntries(book, kind, order);
  else await listOrder(book, kind, order);
}

/** The id of a payment-history list: a customer's (`h:c:<customerId>`) or everyone's (`h:all`, admins). */
export function historyListId(owner: { by: 'c'; id: string } | { by: 'a' }): string {
  return owner.by === 'a' ? 'h:all' : `h:c:${owner.id}`;
}

/** Writes a history record's entries (`{ t, r: RecieptNo, p: PaymentType }`, for the search) from the record as stored. */
export async function listHistory(book: OrderBook, h: HistoryDoc): Promise<void> {
  if (!h.listSlots) return;
  const fields = { t: new Date(h.createdAt).getTime(), r: h.RecieptNo, p: h.PaymentType };
  const key = String(h._id);
  await book.lists.putMany([
    { listId: historyListId({ by: 'c', id: h.CustomerID }), slot: h.listSlots.c, key, fields },
    { listId: historyListId({ by: 'a' }), slot: h.listSlots.a, key, fields },
  ]);
}

/** Inserts a history record if absent, with its slots (handed out only when it is not there yet), and lists it. */
async function insertListedHistory(book: OrderBook, doc: Omit<HistoryDoc, 'listSlots'>): Promise<void> {
  let h = await book.history.findById(doc._id).lean<HistoryDoc>();
  if (!h) {
    const ids = [historyListId({ by: 'c', id: doc.CustomerID }), historyListId({ by: 'a' })];
    const [c, a] = await book.lists.allocate(ids);
    const listSlots = { c: c!, a: a! };
    await insertIfAbsent(book.history, { ...doc, listSlots });
    h = await book.history.findById(doc._id).lean<HistoryDoc>();
    if (h && h.listSlots?.c !== listSlots.c) await Promise.all(ids.map((id) => book.lists.release(id)));
  }
  if (h) await listHistory(book, h);
}

/**
 * Gives every order, payment-history record and customer-order record written before the lists
 * existed its slots and entries, oldest first, once per kind (markers in the heads collection record it). A one-off
 * scan at start-up, not a request path.
 * @returns how many rows were listed
 */
export async function backfillOrderLists(book: OrderBook): Promise<number> {
  let n = 0;
  const ORDERS = '$backfill:orders:v1';
  if (!(await book.lists.isMarked(ORDERS))) {
    for (const kind of ['item', 'package'] as const) {
      const m = (kind === 'item' ? book.itemOrders : book.packageOrders) as unknown as Model<OrderBase>;
      for (const o of await m.find({}).sort({ placedAt: 1, _id: -1 }).lean<OrderBase[]>()) {
        if (o.listSlots) continue;
        const [c, s, a] = await book.lists.allocate(orderListIds(kind, o));
        const listSlots = { c: c!, s: s!, a: a! };
        await m.updateOne({ _id: o._id }, { $set: { listSlots } });
        await listOrder(book, kind, o);
        n++;
      }
    }
    await book.lists.mark(ORDERS);
  }
  const HISTORY = '$backfill:history:v1';
  if (!(await book.lists.isMarked(HISTORY))) {
    for (const h of await book.history.find({}).sort({ createdAt: 1, _id: -1 }).lean<HistoryDoc[]>()) {
      if (h.listSlots) continue;
      const [c, a] = await book.lists.allocate([historyListId({ by: 'c', id: h.CustomerID }), historyListId({ by: 'a' })]);
      const listSlots = { c: c!, a: a! };
      await book.history.updateOne({ _id: h._id }, { $set: { listSlots } });
      await listHistory(book, { ...h, listSlots });
      n++;
    }
    await book.lists.mark(HISTORY);
  }
  const CUSTOMER_ORDERS = '$backfill:customer-orders:v1';
  if (!(await book.lists.isMarked(CUSTOMER_ORDERS))) {
    for (const rec of await book.customerOrders.find({}).sort({ _id: 1 }).lean<CustomerOrdersDoc[]>()) {
      if (rec.listSlot !== undefined) continue;
      const [slot] = await book.lists.allocate([CUSTOMER_ORDERS_LIST]);
      const listed = { listSlot: slot!, listedAt: new Date() };
      await book.customerOrders.updateOne({ _id: rec._id }, { $set: listed });
      await listCustomerOrders(book, { ...rec, ...listed });
      n++;
    }
    await book.lists.mark(CUSTOMER_ORDERS);
  }
  // The status and month sub-lists of orders listed before them (store/orderFilters.ts).
  await backfillOrderFilters(book.lists, {
    item: book.itemOrders as unknown as Model<FilterableOrder>,
    package: book.packageOrders as unknown as Model<FilterableOrder>,
  });
  return n;
}

/** Each line of a checkout with the id of its order: `<OrderID>-I<n>` for items, `-P<n>` for packages. */
function orderLines(c: CheckoutDoc): { line: PricedLine; id: string }[] {
  let i = 0;
  let p = 0;
  return c.lines.map((line) => ({ line, id: line.kind === 'item' ? `${c._id}-I${++i}` : `${c._id}-P${++p}` }));
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
      aggregateVersion: 1,
      pendingEvents: [],
      ...(c.rejection ? { rejectionReason: c.rejection.message } : {}),
    };
    if (line.kind === 'item') await insertListedOrder(book, 'item', { _id: id, ...base, Items: [line.snapshot] });
    else await insertListedOrder(book, 'package', { _id: id, ...base, Packages: [line.snapshot] });
  }
  await insertListedHistory(book, {
    _id: new Types.ObjectId(pay.historyId),
    RecieptNo: pay.RecieptNo,
    PaymentType: pay.PaymentType,
    amountCents: c.amountCents,
    TransTime: TransitTime,
    ItemList: c.lines.filter((l) => l.kind === 'item').map((l) => l.id),
    PacakgeID: c.lines.filter((l) => l.kind === 'package').map((l) => l.id),
    CustomerID: c.customerId,
    OrderID: c._id,
    status: 'Paid',
    captureId: pay.captureId,
    createdAt: pay.paidAt,
  });
  await recordCustomerOrder(book, c.customerId, c._id);
}

/**
 * The admins' list of customer-order records (`GET /customerOrders/getCusOrder` as an admin):
 * one owner-keyed list over every record, newest record first (a record is listed when the
 * customer's first order is written), read by `_id` (the list used to be a sort,
 * skip and count over the whole collection).
 */
export const CUSTOMER_ORDERS_LIST = 'co:all';

/** Lists a customer-order record (from the record as stored, so a rerun writes the same entry). */
async function listCustomerOrders(book: OrderBook, rec: CustomerOrdersDoc): Promise<void> {
  if (rec.listSlot === undefined) return;
  await book.lists.put(CUSTOMER_ORDERS_LIST, rec.listSlot, rec._id, { t: new Date(rec.listedAt ?? 0).getTime() });
}

/**
 * Adds an order number to the customer's record, creating the record with its slot in the admins'
 * list when it is not there yet (a writer that loses the race to create it releases its slot).
 */
async function recordCustomerOrder(book: OrderBook, customerId: string, orderId: string): Promise<void> {
  let rec = await book.customerOrders.findById(customerId).lean<CustomerOrdersDoc>();
  if (!rec) {
    const [slot] = await book.lists.allocate([CUSTOMER_ORDERS_LIST]);
    await insertIfAbsent(book.customerOrders, {
      _id: customerId,
      CustomerID: customerId,
      Orders: [],
      listSlot: slot,
      listedAt: new Date(),
    });
    rec = await book.customerOrders.findById(customerId).lean<CustomerOrdersDoc>();
    if (rec && rec.listSlot !== slot) await book.lists.release(CUSTOMER_ORDERS_LIST);
  }
  await book.customerOrders.updateOne({ _id: customerId }, { $addToSet: { Orders: orderId } });
  if (rec) await listCustomerOrders(book, rec);
}

/**
 * Moves the orders of a decided checkout from AwaitingStock to its outcome (Confirmed or
 * Rejected with the reason); a rejection also marks the history record Refunded.
 */
export async function settleOrders(book: OrderBook, c: CheckoutDoc): Promise<void> {
  if (c.status !== 'Confirmed' && c.status !== 'Rejected') return;
  const set = {
    status: c.status,
    statusChangedAt: c.decidedAt ?? new Date(),
    ...(c.rejection ? { rejectionReason: c.rejection.message } : {}),
  };
  // Each order by its derived id (reads by `_id` only: README "Local infrastructure"). Only settle
  // calls move an AwaitingStock order (sellers cannot), and a pay and the saga may settle the same
  // order at once: the move is a compare-and-set on the status, and it also claims the new
  // status's sub-list key, so its winner alone hands out those slots (store/orderFilters.ts).
  for (const { line, id } of orderLines(c)) {
    const model = filterable(book, line.kind);
    const order = await model.findById(id).lean<FilterableOrder>();
    if (!order) continue;
    if (order.status === 'AwaitingStock') {
      const key = statusKey(c.status);
      const claim = order.filterSlots?.[key] ? {} : { [`filterSlots.${key}`]: filterClaim() };
      const moved = await model.updateOne({ _id: id, status: 'AwaitingStock' }, { $set: { ...set, ...claim } });
      if (moved.modifiedCount === 1 && order.listSlots && !order.filterSlots?.[key])
        await giveFilterSlots(book.lists, line.kind, model, order, key);
    }
    // The winner lists the order as stored; so does a rerun (a redelivery after a crash between
    // the writes) or the loser, whose claimed key is left to the winner.
    await listOrder(book, line.kind, order);
  }
  if (c.status === 'Rejected' && c.payment) {
    await book.history.updateOne({ _id: new Types.ObjectId(c.payment.historyId) }, { $set: { status: 'Refunded' } });
  }
}

/** An order's wire fields: the stored ones less the internal ones, money in rupees. */
function orderWire<T extends ItemOrderDoc | PackageOrderDoc>(o: T) {
  const {
    unitPriceCents,
    totalCents,
    placedAt: _p,
    pendingEvents: _e,
    aggregateVersion: _v,
    outboxLeaseUntil: _l,
    listSlots: _s,
    filterSlots: _f,
    ...rest
  } = o;
  return { ...rest, UnitPrice: rupees(unitPriceCents), TotalPrice: rupees(totalCents) };
}

/**
 * An item order as answered (money in rupees), with the customer's name, delivery address and
 * phone for seller cards ({@link OrderCustomer}).
 */
export function itemOrderView(o: ItemOrderDoc, customer: OrderCustomer) {
  return { ...orderWire(o), ...customer };
}

/** A package order as answered, with the customer as {@link itemOrderView} and the seller company's name and logo. */
export function packageOrderView(o: PackageOrderDoc, customer: OrderCustomer, seller: { companyname: string; logo: string }) {
  return { ...orderWire(o), ...customer, SellerCompany: seller };
}

/** An order-history record as answered (Amount in rupees). */
export function historyView(h: HistoryDoc) {
  const { amountCents, refundedCents, captureId: _c, createdAt: _t, listSlots: _s, ...rest } = h;
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
