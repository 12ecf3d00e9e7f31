/**
 * What a paid checkout becomes (spec 000 section 3; issue 5): one item order per item line, one
 * package order per package line (documented fields: OrderID, SellerID, CustomerID, OQuantity,
 * TransitTime, Items / Packages as snapshots, plus status and prices), one order-history record
 * (RecieptNo, PaymentType, Amount, TransTime, ItemList, PacakgeID, CustomerID) and the
 * customer-order record (CustomerID, Orders).
 *
 * The documents get ids derived from the checkout (`<OrderID>-I1`, `<OrderID>-P1`), and are
 * written with insert-if-absent upserts, so writing them again after a crash or from a second
 * path (a retried pay, the saga consumer) changes nothing.
 */
import type { OrderStatus } from '@market/contracts';
import { outboxPlugin, type OutboxFields } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { colomboIso } from '../domain/time';
import type { PricedLine } from '../domain/pricing';
import type { CheckoutDoc } from './checkouts';

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
  status: 'Paid' | 'Refunded';
  captureId: string;
  createdAt: Date;
}

export interface CustomerOrdersDoc {
  /** The customer's id. */
  _id: string;
  CustomerID: string;
  Orders: string[];
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
    captureId: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'order_history', versionKey: false },
);
const customerOrdersSchema = new Schema<CustomerOrdersDoc>(
  { _id: String, CustomerID: { type: String, required: true }, Orders: [String] },
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
}

export function orderBook(conn: Connection): OrderBook {
  return {
    itemOrders: model(conn, 'ItemOrder', itemOrderSchema),
    packageOrders: model(conn, 'PackageOrder', packageOrderSchema),
    history: model(conn, 'OrderHistory', historySchema),
    customerOrders: model(conn, 'CustomerOrders', customerOrdersSchema),
  };
}

async function insertIfAbsent<T>(m: Model<T>, doc: Record<string, unknown> & { _id: unknown }): Promise<void> {
  try {
    await m.updateOne({ _id: doc._id }, { $setOnInsert: doc }, { upsert: true });
  } catch (err) {
    // Two writers raced on the same derived id: the other one inserted it.
    if ((err as { code?: unknown }).code !== 11000) throw err;
  }
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
    status: 'Paid',
    captureId: pay.captureId,
    createdAt: pay.paidAt,
  });
  await book.customerOrders.updateOne(
    { _id: c.customerId },
    { $setOnInsert: { CustomerID: c.customerId }, $addToSet: { Orders: c._id } },
    { upsert: true },
  );
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
  // Each order by its derived id: FerretDB 1.x scans the collection for any filter but a lone
  // `_id`. Only settle calls write an AwaitingStock order (sellers cannot move one), so the
  // read-then-write needs no version guard.
  for (const { line, id } of orderLines(c)) {
    const model = (line.kind === 'item' ? book.itemOrders : book.packageOrders) as Model<ItemOrderDoc>;
    const order = await model.findById(id).lean<ItemOrderDoc>();
    if (order?.status === 'AwaitingStock') await model.updateOne({ _id: id }, { $set: set });
  }
  if (c.status === 'Rejected' && c.payment) {
    await book.history.updateOne({ _id: new Types.ObjectId(c.payment.historyId) }, { $set: { status: 'Refunded' } });
  }
}

const rupees = (cents: number) => cents / 100;

/** An item order as answered (money in rupees), with the customer's name for seller cards. */
export function itemOrderView(o: ItemOrderDoc, customerName: string) {
  const { unitPriceCents, totalCents, placedAt: _p, pendingEvents: _e, aggregateVersion: _v, outboxLeaseUntil: _l, ...rest } = o;
  return { ...rest, CustomerName: customerName, UnitPrice: rupees(unitPriceCents), TotalPrice: rupees(totalCents) };
}

/** A package order as answered, with the customer's name and the seller company's name and logo. */
export function packageOrderView(o: PackageOrderDoc, customerName: string, seller: { companyname: string; logo: string }) {
  const { unitPriceCents, totalCents, placedAt: _p, pendingEvents: _e, aggregateVersion: _v, outboxLeaseUntil: _l, ...rest } = o;
  return { ...rest, CustomerName: customerName, SellerCompany: seller, UnitPrice: rupees(unitPriceCents), TotalPrice: rupees(totalCents) };
}

/** An order-history record as answered (Amount in rupees). */
export function historyView(h: HistoryDoc) {
  const { amountCents, captureId: _c, createdAt: _t, ...rest } = h;
  // An empty list can be missing from the stored record (an item-only checkout's record came back
  // without `PacakgeID`), yet clients read both lists as arrays (documented shape): always send them.
  return { ...rest, ItemList: h.ItemList ?? [], PacakgeID: h.PacakgeID ?? [], _id: String(h._id), Amount: rupees(amountCents) };
}
