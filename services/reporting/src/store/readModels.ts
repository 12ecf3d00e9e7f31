/**
 * Reporting's read models, built only from Kafka events (docs/architecture.md, Services and Consumers).
 * Every document is keyed by its aggregate id (or a derived id for sale lines) and read and
 * written by `_id` (the local FerretDB's indexed read, README "Local infrastructure"), through platform's
 * `applyVersioned` and `insertIfAbsent`. Each keeps the `aggregateVersion` of the event that wrote
 * it, so a duplicate or older event changes nothing.
 *
 * All of them can be dropped and rebuilt by replaying the topics (`npm run reporting:rebuild`).
 */
import type { DeliveryAddress, Language } from '@market/contracts';
import { Schema, type Connection, type Model } from 'mongoose';

interface Versioned {
  _id: string;
  aggregateVersion: number;
}

export interface CustomerRM extends Versioned {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  address: string;
  username: string;
  newlyAddeddate: Date;
  /** `yyyy-mm` of newlyAddeddate in Sri Lanka. */
  month: string;
  deleted: boolean;
}

export type SellerState = 'requested' | 'approved' | 'declined' | 'deleted';

export interface SellerRM extends Versioned {
  ownername: string;
  companyname: string;
  email: string;
  mobile: string;
  address: string;
  year: string;
  acceptedDate?: Date;
  /** `yyyy-mm` of acceptedDate in Sri Lanka. */
  month?: string;
  requestDelete: boolean;
  state: SellerState;
  /** The seller's language for the monthly reports, from SellerUpdated (issue 33 item 3); absent: en. */
  language?: Language;
}

export interface ItemRM extends Versioned {
  Item_name: string;
  Brand: string;
  Model: string;
  Category: string;
  Stock_keeping_unit: string;
  SellerID: string;
  /** Tombstone: the name stays for old sales. */
  deleted: boolean;
}

export interface PackageRM extends Versioned {
  packageName: string;
  description: string;
  seller: string;
  deleted: boolean;
}

export interface OrderLine {
  kind: 'item' | 'package';
  /** `<OrderID>-I<n>` / `<OrderID>-P<n>`: the id of ordering's item or package order. */
  lineId: string;
  productId: string;
  sellerId: string;
  quantity: number;
  unitPriceCents: number;
}

/** A checkout as reporting knows it: its priced lines from OrderPlaced, then its outcome. */
export interface OrderRM extends Versioned {
  customerId: string;
  placedAt: Date;
  month: string;
  amountCents: number;
  lines: OrderLine[];
  status: 'Placed' | 'Confirmed' | 'Rejected';
  /**
   * Cents refunded by sellers' cancellations, from PaymentRefunded; revenue is
   * `amountCents - refundedCents`. Guarded by its own `refundVersion` (the payment topic is not
   * ordered with the order topic, so it must not move `aggregateVersion`).
   */
  refundedCents?: number;
  refundVersion?: number;
  /** 'Card', 'PayPal' or 'CashOnDelivery' (from OrderPlaced; absent before issue 29). */
  paymentType?: string;
  /** The delivery address copied onto the checkout (OrderPlaced `deliverTo`), for packing slips. */
  deliverTo?: DeliveryAddress;
  /** Cash on delivery: cents collected so far, and the lines they came from (each counted once). */
  collectedCents?: number;
  collectedLines?: string[];
}

/** One order line of a Confirmed checkout: one row of a seller's monthly report. */
export interface SaleRM extends OrderLine {
  _id: string;
  orderId: string;
  customerId: string;
  placedAt: Date;
  month: string;
  /** Ordering's order status (Confirmed, Shipped, Delivered, Cancelled). */
  status: string;
  /** Version of the order line that set `status`. */
  statusVersion: number;
  /**
   * Cash on delivery (issue 29): Pending until CashOnDeliveryCollected, which sets Collected and
   * moves `month` to the Sri Lanka month of collection (a line counts when its cash is collected).
   * Absent for card and PayPal lines.
   */
  cod?: 'Pending' | 'Collected';
  collectedAt?: Date;
}

/**
 * One payment-history record (PaymentCaptured, then PaymentRefunded), keyed by the checkout.
 * Sellers' cancellations refund it in parts: `refundedCents` so far, `PartiallyRefunded`
 * until everything is back.
 */
export interface TransactionRM extends Versioned {
  RecieptNo: string;
  PaymentType: string;
  customerId: string;
  amountCents: number;
  at: Date;
  month: string;
  /** AwaitingStock: captured, its stock decision not yet known (then Paid, or Refunded when rejected). */
  status: 'AwaitingStock' | 'Paid' | 'PartiallyRefunded' | 'Refunded' | 'PendingCOD';
  /** Cents given back; absent on records written before cancellations existed (a `Refunded` one gave back everything). */
  refundedCents?: number;
  /** Cash on delivery: cents collected so far (the transaction's income), and their lines. */
  collectedCents?: number;
  collectedLines?: string[];
}

/** Cents a transaction gave back: its `refundedCents`, else all of it when Refunded, else none. */
export function refundedOf(t: Pick<TransactionRM, 'status' | 'amountCents' | 'refundedCents'>): number {
  if (t.refundedCents !== undefined) return t.refundedCents;
  return t.status === 'Refunded' ? t.amountCents : 0;
}

export interface ReviewRM extends Versioned {
  itemid: string;
  customerid: string;
  noofstars: number;
  description: string;
  date: Date;
  deleted: boolean;
}

const opts = (collection: string) => ({ collection, versionKey: false as const, strict: false as const });
const loose = <T>(collection: string) => new Schema<T>({ _id: String } as never, opts(collection));

function model<T>(conn: Connection, name: string, collection: string): Model<T> {
  return (conn.models[name] as Model<T> | undefined) ?? conn.model<T>(name, loose<T>(collection));
}

export interface ReadModels {
  customers: Model<CustomerRM>;
  sellers: Model<SellerRM>;
  items: Model<ItemRM>;
  packages: Model<PackageRM>;
  orders: Model<OrderRM>;
  sales: Model<SaleRM>;
  transactions: Model<TransactionRM>;
  reviews: Model<ReviewRM>;
  codCollections: Model<CodCollectionRM>;
  returnRefunds: Model<ReturnRefundRM>;
}

/**
 * A return's refund (ReturnRefunded; issue 31 item 3), kept by the return id (`RMA-<line>`), so it
 * counts once: the seller's monthly report shows the month's refunds of their returned goods,
 * counted in the Sri Lanka month the refund was paid (`month`, `YYYY-MM`). Cents.
 */
export interface ReturnRefundRM {
  _id: string;
  sellerId: string;
  kind: 'item' | 'package';
  month: string;
  amountCents: number;
  at: Date;
}

/**
 * A cash-on-delivery line's collection (CashOnDeliveryCollected), kept by the line's id so it
 * counts once whichever comes first: the collection (payment topic) or the confirmation that
 * writes the sale line (order topic; a restarted consumer may read one topic ahead of the other).
 */
export interface CodCollectionRM {
  _id: string;
  orderId: string;
  amountCents: number;
  at: Date;
}

/** Collections of the read models (what a rebuild drops). */
export const READ_MODEL_COLLECTIONS = [
  'rm_customers',
  'rm_sellers',
  'rm_items',
  'rm_packages',
  'rm_orders',
  'rm_sales',
  'rm_transactions',
  'rm_reviews',
  'rm_cod_collections',
  'rm_return_refunds',
  // The collection of the dashboard's former counters, should an older version have left it.
  'rm_dashboard_counters',
] as const;

export function readModels(conn: Connection): ReadModels {
  return {
    customers: model(conn, 'CustomerRM', 'rm_customers'),
    sellers: model(conn, 'SellerRM', 'rm_sellers'),
    items: model(conn, 'ItemRM', 'rm_items'),
    packages: model(conn, 'PackageRM', 'rm_packages'),
    orders: model(conn, 'OrderRM', 'rm_orders'),
    sales: model(conn, 'SaleRM', 'rm_sales'),
    transactions: model(conn, 'TransactionRM', 'rm_transactions'),
    reviews: model(conn, 'ReviewRM', 'rm_reviews'),
    codCollections: model(conn, 'CodCollectionRM', 'rm_cod_collections'),
    returnRefunds: model(conn, 'ReturnRefundRM', 'rm_return_refunds'),
  };
}
