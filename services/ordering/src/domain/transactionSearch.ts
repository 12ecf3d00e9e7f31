/**
 * The admin transaction search as a search read model, without I/O:
 * `GET /orderhistory/getItems?q=` for an admin (the /Admin/Transactions page, spec 001 section 2)
 * searches every payment-history record by receipt number or payment type (spec 001 section 9
 * "Search scope"), newest first.
 *
 * Why the search index: a customer's own history is an owner-keyed list (store/orders.ts) and a
 * search walks only that customer's rows; an admin's search has no owner, so walking the `h:all`
 * list reads every record of the marketplace per request (a full scan in effect, on a database
 * that indexes only `_id`). The unfiltered admin list stays the owner-keyed `h:all` list (one head
 * and one or two bucket reads by `_id`), which also keeps answering while OpenSearch is down.
 *
 * Document (`_id` = the checkout's OrderID, external `_version` = the checkout's aggregateVersion
 * of the payment event): `view` is the record as `historyView` answers it (stored, not indexed);
 * `receipt` and `paymentType` are lower-cased keywords (substring search, as before: the whole
 * `q` within either); `sortAt` the payment time; `key` the record id (tie breaker). No card data:
 * the record has none (the card's brand and last four digits stay in the saved card).
 */
import { colomboIso, rupees, type PaymentEventData } from '@market/contracts';
import { LC_KEYWORD, listIndexDefinition, type SearchBody } from '@market/platform';

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
  status: 'Paid' | 'PartiallyRefunded' | 'Refunded';
  RefundedAmount?: number;
}

export interface TransactionDoc {
  view: TransactionView;
  receipt: string;
  paymentType: string;
  sortAt: string;
  key: string;
}

/** What a payment event cannot say and the checkout keeps unchanged once paid. */
export interface PaidCheckoutFacts {
  historyId: string;
  paidAt: Date;
  itemIds: string[];
  packageIds: string[];
}

/**
 * The record's state after a payment event: PaymentCaptured → Paid; PaymentRefunded → the status
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
    status: type === 'PaymentCaptured' ? 'Paid' : (named ?? 'Refunded'),
    ...(type === 'PaymentRefunded' && typeof d.refundedCents === 'number' ? { RefundedAmount: rupees(d.refundedCents) } : {}),
  };
  return { view, receipt: d.RecieptNo, paymentType: d.PaymentType, sortAt: new Date(facts.paidAt).toISOString(), key: facts.historyId };
}

/** Settings and mappings of the transactions index. */
export const transactionIndexDefinition = (replicas: number) =>
  listIndexDefinition(replicas, { receipt: LC_KEYWORD, paymentType: LC_KEYWORD });

/** The search of `q` (whole, case-insensitive) within the receipt number or the payment type, newest first. */
export function transactionSearch(q: string): SearchBody {
  const value = `*${q.toLowerCase().replace(/[\\*?]/g, (c) => `\\${c}`)}*`;
  return {
    query: {
      bool: {
        filter: [
          {
            bool: {
              should: ['receipt', 'paymentType'].map((f) => ({ wildcard: { [f]: { value, case_insensitive: true } } })),
              minimum_should_match: 1,
            },
          },
        ],
      },
    },
    sort: [{ sortAt: { order: 'desc' } }, { key: { order: 'asc' } }],
    track_total_hits: true,
    _source: ['view'],
  };
}
