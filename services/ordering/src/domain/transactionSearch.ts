/**
 * The admin transaction search as a search read model, without I/O:
 * `GET /orderhistory/getItems?q=` for an admin (the /Admin/Transactions page, spec 001 section 2)
 * searches every payment-history record by receipt number or payment type (spec 001 section 9
 * "Search scope"), newest first.
 *
 * The same index answers every payment-history list (issue 28, one read side): a customer's own
 * (`customerId`, a keyword) and its search, and an admin's unfiltered list, newest first.
 *
 * Document (`_id` = the checkout's OrderID, external `_version` = the checkout's aggregateVersion
 * of the payment event): `view` is the record as `historyView` answers it (stored, not indexed);
 * `receipt` and `paymentType` are lower-cased keywords (substring search, as before: the whole
 * `q` within either); `customerId` the customer (keyword); `sortAt` the payment time; `key` the record id (tie
 * breaker). No card data:
 * the record has none (the card's brand and last four digits stay in the saved card).
 */
import { colomboIso, rupees, type PaymentEventData } from '@market/contracts';
import { LC_KEYWORD, listIndexDefinition, type IndexOp, type SearchBody } from '@market/platform';
import type { CheckoutDoc } from '../store/checkouts';
import { paymentData } from './payments';

/** A payment-history record as `GET /orderhistory/getItems` answers it. */
export interface TransactionView {
  _id: string;
  RecieptNo: string;
  PaymentType: string;
  Amount: number;
  TransTime: string;
  ItemList: string[];
  PacakgeID: string[];
  CustomerID: string;
  OrderID: string;
  status: 'AwaitingStock' | 'Paid' | 'PartiallyRefunded' | 'Refunded' | 'PendingCOD' | 'Cancelled';
  RefundedAmount?: number;
  /** Cash on delivery: rupees collected so far (store/orders.ts `transactionOpOf`). */
  CollectedAmount?: number;
}

export interface TransactionDoc {
  view: TransactionView;
  receipt: string;
  paymentType: string;
  customerId: string;
  sortAt: string;
  key: string;
}

/** What a payment event cannot say and the checkout keeps unchanged once paid. */
export interface PaidCheckoutFacts {
  historyId: string;
  paidAt: Date;
  itemIds: string[];
  packageIds: string[];
  /** The checkout still waits for its stock decision: a capture is AwaitingStock, not Paid yet (issue 30 item 5). */
  awaitingStock: boolean;
}

/**
 * The record's state after a payment event: PaymentCaptured → Paid once the checkout is confirmed
 * (AwaitingStock before, `facts.awaitingStock`); PaymentRefunded → the status
 * it names (a seller's cancellation: PartiallyRefunded or Refunded, with what was refunded so
 * far), else Refunded (a rejected checkout, refunded whole).
 */
export function transactionDoc(
  type: 'PaymentCaptured' | 'PaymentRefunded',
  d: Omit<PaymentEventData, 'status' | 'refundedCents'> & { status?: unknown; refundedCents?: unknown },
  facts: PaidCheckoutFacts,
): TransactionDoc {
  const named = d.status === 'PartiallyRefunded' || d.status === 'Refunded' ? d.status : undefined;
  const view: TransactionView = {
    _id: facts.historyId,
    RecieptNo: d.RecieptNo,
    PaymentType: d.PaymentType,
    Amount: rupees(d.amountCents),
    TransTime: colomboIso(new Date(facts.paidAt)),
    ItemList: facts.itemIds,
    PacakgeID: facts.packageIds,
    CustomerID: d.customerId,
    OrderID: d.orderId,
    status: type === 'PaymentCaptured' ? (facts.awaitingStock ? 'AwaitingStock' : 'Paid') : (named ?? 'Refunded'),
    ...(type === 'PaymentRefunded' && typeof d.refundedCents === 'number' ? { RefundedAmount: rupees(d.refundedCents) } : {}),
  };
  return {
    view,
    receipt: d.RecieptNo,
    paymentType: d.PaymentType,
    customerId: d.customerId,
    sortAt: new Date(facts.paidAt).toISOString(),
    key: facts.historyId,
  };
}

/** Settings and mappings of the transactions index. */
export const transactionIndexDefinition = (replicas: number) =>
  listIndexDefinition(replicas, { receipt: LC_KEYWORD, paymentType: LC_KEYWORD, customerId: { type: 'keyword' } });

/**
 * The payment-history records of `customerId` (every customer's when absent), newest first; with
 * `q`, those with `q` (whole, case-insensitive) within the receipt number or the payment type.
 */
export function transactionSearch(q: string | undefined, customerId?: string): SearchBody {
  const filter: Record<string, unknown>[] = customerId ? [{ term: { customerId } }] : [];
  if (q) {
    const value = `*${q.toLowerCase().replace(/[\\*?]/g, (c) => `\\${c}`)}*`;
    filter.push({
      bool: {
        should: ['receipt', 'paymentType'].map((f) => ({ wildcard: { [f]: { value, case_insensitive: true } } })),
        minimum_should_match: 1,
      },
    });
  }
  return {
    query: filter.length ? { bool: { filter } } : { match_all: {} },
    sort: [{ sortAt: { order: 'desc' } }, { key: { order: 'asc' } }],
    track_total_hits: true,
    _source: ['view'],
  };
}

/** Whether a paid checkout still waits for its stock decision. */
export const awaitsStock = (c: Pick<CheckoutDoc, 'status'>): boolean => c.status === 'AwaitingStock' || c.status === 'Open';

/**
 * The transactions index write of a paid checkout as stored: its payment-history row as of the
 * checkout's aggregateVersion, the state its newest payment event describes (PaymentCaptured:
 * Paid; a rejection's PaymentRefunded: Refunded; a cancellation's: what it refunded so far), so the
 * pay request's own write and the projection's agree on every version. `c.payment` must be set.
 */
export function transactionOfCheckout(c: CheckoutDoc): IndexOp {
  const pay = c.payment!;
  const refundedCents = c.refundedCents ?? 0;
  const cancelled = refundedCents > 0 ? { status: refundedCents >= c.amountCents ? 'Refunded' : 'PartiallyRefunded', refundedCents } : {};
  const refunded = c.status === 'Rejected' || refundedCents > 0;
  const doc = transactionDoc(
    refunded ? 'PaymentRefunded' : 'PaymentCaptured',
    { ...paymentData(c, new Date(pay.paidAt)), ...cancelled },
    {
      historyId: pay.historyId,
      paidAt: pay.paidAt,
      itemIds: c.lines.filter((l) => l.kind === 'item').map((l) => l.id),
      packageIds: c.lines.filter((l) => l.kind === 'package').map((l) => l.id),
      awaitingStock: awaitsStock(c),
    },
  );
  return { kind: 'put', id: c._id, doc, version: c.aggregateVersion };
}

/** A customer-order record as `GET /customerOrders/getCusOrder` answers it. */
export interface CustomerOrdersView {
  _id: string;
  CustomerID: string;
  Orders: string[];
}

/**
 * The customer-orders index write of a record as stored (store/orders.ts `CustomerOrdersDoc`):
 * `_id` the customer, `sortAt` when the record was created (the admins' list is newest record
 * first), version = how many orders it holds (it only grows, by `$addToSet`, so a later state
 * always has the higher number).
 */
export function customerOrdersPut(rec: { _id: string; CustomerID: string; Orders: string[]; listedAt?: Date }): IndexOp {
  const view: CustomerOrdersView = { _id: rec._id, CustomerID: rec.CustomerID, Orders: rec.Orders };
  return {
    kind: 'put',
    id: rec._id,
    doc: { view, sortAt: new Date(rec.listedAt ?? 0).toISOString(), key: rec._id },
    version: rec.Orders.length,
  };
}

/** Settings and mappings of the customer-orders index. */
export const customerOrdersIndexDefinition = (replicas: number) => listIndexDefinition(replicas, {});

/** Every customer-order record, newest first. */
export const customerOrdersSearch = (): SearchBody => ({
  query: { match_all: {} },
  sort: [{ sortAt: { order: 'desc' } }, { key: { order: 'asc' } }],
  track_total_hits: true,
  _source: ['view'],
});
