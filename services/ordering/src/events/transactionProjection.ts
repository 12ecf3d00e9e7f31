/**
 * The payment-history index (every payment-history list and the admin transaction search;
 * queries in domain/transactionSearch.ts) and the customer-orders index, fed by `ordering.payment.v1` (PaymentCaptured, PaymentRefunded: a rejected checkout's and each
 * seller cancellation's refund, which change the record's status) through a
 * {@link transactionsProjection} in its own consumer group (`<service group>-transactions`).
 *
 * One document per checkout, written at the payment event's aggregateVersion with external
 * versioning: a duplicate or an older event (a PaymentCaptured replayed after its refund) is a
 * no-op, so the index ends at the newest payment state whatever the order of delivery. The event
 * carries the money, receipt, type and status; the facts it lacks (the record's id, the payment
 * time, the item and package ids) are read from the checkout by `_id`, where they never change
 * once it is paid. An event whose checkout this database does not hold, or that is not a payment
 * event, is skipped. A PaymentCaptured also writes the
 * paying customer's customer-order record as stored ({@link customerOrdersOps}).
 */
import { Topics, type EventEnvelope } from '@market/contracts';
import {
  SearchIndex as PlatformSearchIndex,
  defineProjection,
  searchAliasOf,
  type AnyEventEnvelope,
  type IndexOp,
  type SearchIndex,
  type TypedEnvelope,
} from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { OrderingConfig } from '../config';
import {
  customerOrdersIndexDefinition,
  customerOrdersPut,
  awaitsStock,
  transactionDoc,
  transactionIndexDefinition,
  type CustomerOrdersView,
  type TransactionView,
} from '../domain/transactionSearch';
import type { CheckoutDoc } from '../store/checkouts';
import { transactionOpOf, type CustomerOrdersDoc, type OrderBook } from '../store/orders';

/** A payment event, its data parsed. */
type PaymentEvent = TypedEnvelope<'PaymentCaptured' | 'PaymentRefunded'>;

/** The newest payment event per checkout in a batch. */
export function newestPayments(events: AnyEventEnvelope[]): PaymentEvent[] {
  const newest = new Map<string, PaymentEvent>();
  for (const e of events) {
    if (e.type !== 'PaymentCaptured' && e.type !== 'PaymentRefunded') continue;
    const have = newest.get(e.aggregateId);
    if (!have || have.aggregateVersion < e.aggregateVersion) newest.set(e.aggregateId, e);
  }
  return [...newest.values()];
}

/** The index write of one payment event, or null when it cannot be applied (unknown checkout). */
export async function transactionOp(checkouts: Model<CheckoutDoc>, e: PaymentEvent): Promise<IndexOp | null> {
  const c = await checkouts.findById(e.data.orderId).lean<CheckoutDoc>();
  if (!c?.payment) return null;
  // A cancellation's refund names the new status and what was refunded so far.
  const doc = transactionDoc(e.type, e.data, {
    historyId: c.payment.historyId,
    paidAt: c.payment.paidAt,
    itemIds: c.lines.filter((l) => l.kind === 'item').map((l) => l.id),
    packageIds: c.lines.filter((l) => l.kind === 'package').map((l) => l.id),
    // As the checkout is now: a write at the capture's version after the confirmation says Paid,
    // which every later version says too (or a refund, at its own higher version).
    awaitingStock: awaitsStock(c),
  });
  return { kind: 'put', id: c._id, doc, version: e.aggregateVersion };
}

/**
 * The customer-orders index writes of a chunk of payment events: each paying customer's record as
 * stored (read by `_id`; written at the version of how many orders it holds, so an older state is a
 * no-op). A customer this database has no record of is skipped.
 */
export async function customerOrdersOps(records: Model<CustomerOrdersDoc>, events: EventEnvelope[]): Promise<IndexOp[]> {
  const customers = new Set<string>();
  for (const e of events) {
    const id = (e.data as { customerId?: unknown } | undefined)?.customerId;
    if (e.type === 'PaymentCaptured' && typeof id === 'string') customers.add(id);
  }
  const found = await Promise.all([...customers].map((id) => records.findById(id).lean<CustomerOrdersDoc>()));
  return found.filter((r): r is CustomerOrdersDoc => r !== null).map(customerOrdersPut);
}

/** What the payment projection reads by `_id`: the checkouts, the customer-order records and (cash on delivery) the order lines. */
export interface TransactionSources {
  checkouts: Model<CheckoutDoc>;
  customerOrders: Model<CustomerOrdersDoc>;
  book: OrderBook;
}

/** Events after which a cash-on-delivery payment's state may have changed: its lines were collected, refused or cancelled, or its checkout rejected. */
const COD_LINE_EVENTS = new Set(['CashOnDeliveryCollected', 'DeliveryRefused', 'OrderCancelled', 'OrderRejected']);

/**
 * The transactions index writes of the checkouts whose state `events` changed without a payment
 * event, each as stored now (store/orders.ts `transactionOpOf`): the cash-on-delivery checkouts
 * named (issue 29: their state is read from their lines), and every confirmed checkout
 * (OrderConfirmed: a card or PayPal payment goes from AwaitingStock to Paid; issue 30 item 5).
 * @returns the writes, and the ids of the cash-on-delivery checkouts (their payment events' own writes give way)
 */
export async function settledTransactionOps(
  src: TransactionSources,
  events: AnyEventEnvelope[],
): Promise<{ ops: IndexOp[]; cod: Set<string> }> {
  const codIds = new Set<string>();
  const confirmed = new Set<string>();
  for (const e of events) {
    const orderId = (e.data as { orderId?: unknown } | undefined)?.orderId;
    if (typeof orderId !== 'string') continue;
    const cod =
      COD_LINE_EVENTS.has(e.type) ||
      // A cash-on-delivery capture, or the bank-transfer refund of a return (issue 31 item 3).
      ((e.type === 'PaymentCaptured' || e.type === 'PaymentRefunded') &&
        (e.data as { PaymentType?: unknown }).PaymentType === 'CashOnDelivery');
    if (cod) codIds.add(orderId);
    if (e.type === 'OrderConfirmed') confirmed.add(orderId);
  }
  const ids = [...new Set([...codIds, ...confirmed])];
  const checkouts = (await Promise.all(ids.map((id) => src.checkouts.findById(id).lean<CheckoutDoc>()))).filter(
    (c): c is CheckoutDoc => !!c?.payment && (c.payment.PaymentType === 'CashOnDelivery' || confirmed.has(c._id)),
  );
  return {
    ops: await Promise.all(checkouts.map((c) => transactionOpOf(src.book, c))),
    cod: new Set(checkouts.filter((c) => c.payment!.PaymentType === 'CashOnDelivery').map((c) => c._id)),
  };
}

/**
 * The payment topic's projection into the transactions and customer-orders indices (consumer
 * group `<service group>-transactions`), declared once for main.ts and searchRebuild.ts.
 * OpenSearch being down at start is fine: the lists answer 503 and the projection retries.
 */
export const transactionsProjection = defineProjection<'transactions' | 'customerOrders', TransactionSources>({
  name: 'transactions',
  topics: [Topics.payment, Topics.order],
  indices: ['transactions', 'customerOrders'],
  ops: async (events, src) => {
    const tx = await Promise.all(newestPayments(events).map((e) => transactionOp(src.checkouts, e)));
    const settled = await settledTransactionOps(src, events);
    return {
      transactions: [...tx.filter((op): op is IndexOp => op !== null && !settled.cod.has(op.id)), ...settled.ops],
      customerOrders: await customerOrdersOps(src.customerOrders, events),
    };
  },
});

/**
 * The transactions index (alias `<SEARCH_INDEX or ordering[-MONGO_DB]>-transactions`: payment
 * history) and the customer-orders index (`…-customer-orders`), closed at shutdown.
 */
export function transactionSearchIndices(opts: {
  config: OrderingConfig;
  logger: Logger;
  shutdown: { add(name: string, fn: () => Promise<unknown>): void };
}): { transactions: SearchIndex<TransactionView>; customerOrders: SearchIndex<CustomerOrdersView> } {
  const { config } = opts;
  const common = { url: config.OPENSEARCH_URL, replicas: config.OPENSEARCH_REPLICAS, logger: opts.logger };
  const transactions = new PlatformSearchIndex<TransactionView>({
    ...common,
    alias: searchAliasOf(config, 'ordering', 'transactions'),
    definition: transactionIndexDefinition,
  });
  const customerOrders = new PlatformSearchIndex<CustomerOrdersView>({
    ...common,
    alias: searchAliasOf(config, 'ordering', 'customer-orders'),
    definition: customerOrdersIndexDefinition,
  });
  opts.shutdown.add('transaction search clients', () => Promise.all([transactions.close(), customerOrders.close()]));
  return { transactions, customerOrders };
}
