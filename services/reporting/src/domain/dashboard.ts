/**
 * The admin dashboard's read model on OpenSearch (README "Reporting: admin dashboard"): one
 * document per counted aggregate (customer, seller, item, package, review, checkout), holding only
 * the fields the dashboard counts by, and the `GET /Admin/dashboard` answer as aggregations over
 * them. This module holds the rules, no I/O:
 *
 * - the index's settings and mappings ({@link dashboardIndexDefinition});
 * - the write that puts one read-model document into the index ({@link dashboardOpOf});
 * - the search whose aggregations are the dashboard ({@link dashboardQuery}) and the answer built
 *   from them ({@link dashboardOf}).
 *
 * What counts, as the dashboard has always counted it: a customer, item, package or review that is
 * not deleted; an approved seller, and among those the ones asking to be deleted; a seller waiting
 * for approval; a Confirmed checkout, in the month `yyyy-mm` of its placedAt in Sri Lanka, with
 * its revenue (its amount less what sellers' cancellations refunded).
 */
import { rupees, type AdminDashboard } from '@market/contracts';
import type { IndexOp, SearchBody } from '@market/platform';

/** The read-model kinds that count on the dashboard. */
export type CountedKind = 'customer' | 'seller' | 'item' | 'package' | 'review' | 'order';

export const COUNTED_KINDS: readonly CountedKind[] = ['customer', 'seller', 'item', 'package', 'review', 'order'];

/** The fields of a read-model document the rules read (any kind; see store/readModels.ts). */
export interface CountedFields {
  aggregateVersion?: number;
  deleted?: boolean;
  /** Seller: requested | approved | declined | deleted. */
  state?: string;
  requestDelete?: boolean;
  /** Checkout: Placed | Confirmed | Rejected. */
  status?: string;
  /** Checkout: `yyyy-mm` of placedAt in Sri Lanka. */
  month?: string;
  amountCents?: number;
  refundedCents?: number;
  /** Checkout: version of the payment event that set `refundedCents` (its own sequence). */
  refundVersion?: number;
  /** Checkout: 'CashOnDelivery' counts only `collectedCents` as revenue (issue 29). */
  paymentType?: string;
  collectedCents?: number;
  collectedLines?: string[];
}

/** One document of the index (`deleted` is added by the platform's SearchIndex). */
export interface DashboardDoc {
  kind: CountedKind;
  /** Seller only. */
  state?: string;
  requestDelete?: boolean;
  /** Checkout only. */
  status?: string;
  month?: string;
  /** Checkout only: amountCents − refundedCents, integer cents of LKR. */
  revenueCents?: number;
}

/**
 * Settings and mappings: one shard (the index holds one small document per aggregate, millions
 * fit), strict mappings of the counted fields only, OpenSearch's default refresh (within a second
 * while the dashboard is read).
 */
export function dashboardIndexDefinition(replicas: number) {
  return {
    settings: { number_of_shards: 1, number_of_replicas: replicas },
    mappings: {
      dynamic: 'strict',
      properties: {
        kind: { type: 'keyword' },
        state: { type: 'keyword' },
        requestDelete: { type: 'boolean' },
        status: { type: 'keyword' },
        month: { type: 'keyword' },
        revenueCents: { type: 'long' },
        deleted: { type: 'boolean' },
      },
    },
  };
}

/** The index `_id` of a read-model document: `<kind>:<aggregate id>` (kinds share the index). */
export const dashboardIdOf = (kind: CountedKind, id: string) => `${kind}:${id}`;

/**
 * The version a document is written at: its `aggregateVersion`; for a checkout plus its
 * `refundVersion` (the payment topic's sequence, not ordered with the order topic's). Both only
 * grow and every change of the document raises one of them, so the sum grows with each change
 * and two reads of the same state give the same number: external versioning then keeps the newest
 * state whichever write arrives last, and a redelivered event's write is a no-op.
 */
export function dashboardVersionOf(kind: CountedKind, doc: CountedFields): number | null {
  if (kind === 'order') {
    if (doc.aggregateVersion === undefined && doc.refundVersion === undefined) return null;
    // Collections only add up (one per line), so they order the cash-on-delivery states too.
    return (doc.aggregateVersion ?? 0) + (doc.refundVersion ?? 0) + (doc.collectedLines?.length ?? 0);
  }
  return doc.aggregateVersion ?? null;
}

/**
 * The index write of read-model document `id` of `kind` as it is now: a tombstone for a deleted
 * customer, item, package or review, else the counted fields. Null when there is nothing to write
 * (no such document, or one without a version).
 */
export function dashboardOpOf(kind: CountedKind, id: string, doc: CountedFields | null): IndexOp | null {
  if (!doc) return null;
  const version = dashboardVersionOf(kind, doc);
  if (version === null) return null;
  const _id = dashboardIdOf(kind, id);
  switch (kind) {
    case 'customer':
    case 'item':
    case 'package':
    case 'review':
      return doc.deleted ? { kind: 'delete', id: _id, version } : { kind: 'put', id: _id, version, doc: { kind } satisfies DashboardDoc };
    case 'seller':
      return {
        kind: 'put',
        id: _id,
        version,
        doc: { kind, state: doc.state ?? 'requested', requestDelete: doc.requestDelete ?? false } satisfies DashboardDoc,
      };
    case 'order':
      return {
        kind: 'put',
        id: _id,
        version,
        doc: {
          kind,
          status: doc.status ?? 'Placed',
          ...(doc.month ? { month: doc.month } : {}),
          revenueCents: revenueOf(doc),
        } satisfies DashboardDoc,
      };
  }
}

/**
 * A checkout's revenue, cents: what was charged less what its cancellations refunded; for cash on
 * delivery, only the cash collected so far (README "Cash on delivery").
 */
export function revenueOf(doc: Pick<CountedFields, 'amountCents' | 'refundedCents' | 'paymentType' | 'collectedCents'>): number {
  if (doc.paymentType === 'CashOnDelivery') return doc.collectedCents ?? 0;
  return (doc.amountCents ?? 0) - (doc.refundedCents ?? 0);
}

const term = (field: string, value: unknown) => ({ term: { [field]: value } });
const all = (...filters: object[]) => ({ filter: { bool: { filter: filters } } });
const CONFIRMED = [term('kind', 'order'), term('status', 'Confirmed')];

/**
 * The dashboard's search for the months `months` (`yyyy-mm`): no hits, one aggregation per count
 * and, over the Confirmed checkouts of those months, orders and revenue per month.
 */
export function dashboardQuery(months: readonly string[]): SearchBody {
  return {
    query: { match_all: {} },
    aggs: {
      customers: all(term('kind', 'customer')),
      items: all(term('kind', 'item')),
      packages: all(term('kind', 'package')),
      reviews: all(term('kind', 'review')),
      sellers: all(term('kind', 'seller'), term('state', 'approved')),
      sellerRequests: all(term('kind', 'seller'), term('state', 'requested')),
      deletionRequests: all(term('kind', 'seller'), term('state', 'approved'), term('requestDelete', true)),
      orders: all(...CONFIRMED),
      monthly: {
        ...all(...CONFIRMED, { terms: { month: [...months] } }),
        aggs: { month: { terms: { field: 'month', size: months.length }, aggs: { revenue: { sum: { field: 'revenueCents' } } } } },
      },
    },
  };
}

type Count = { doc_count: number };
/** The aggregations of {@link dashboardQuery} as OpenSearch answers them. */
export interface DashboardAggregations {
  customers: Count;
  items: Count;
  packages: Count;
  reviews: Count;
  sellers: Count;
  sellerRequests: Count;
  deletionRequests: Count;
  orders: Count;
  monthly: { month: { buckets: { key: string; doc_count: number; revenue: { value: number } }[] } };
}

/**
 * The `GET /Admin/dashboard` answer from the aggregations, for the months `months` (`yyyy-mm`,
 * oldest first, the last one being the current month). Revenue is in rupees, exact to the cent
 * (the sums are of integer cents, exact below 2^53).
 */
export function dashboardOf(aggs: DashboardAggregations, months: readonly string[]): AdminDashboard {
  const byMonth = new Map(aggs.monthly.month.buckets.map((b) => [b.key, { orders: b.doc_count, cents: Math.round(b.revenue.value) }]));
  const revenue = (m: string) => rupees(byMonth.get(m)?.cents ?? 0);
  const current = months[months.length - 1]!;
  return {
    customers: aggs.customers.doc_count,
    sellers: aggs.sellers.doc_count,
    sellerRequests: aggs.sellerRequests.doc_count,
    deletionRequests: aggs.deletionRequests.doc_count,
    items: aggs.items.doc_count,
    packages: aggs.packages.doc_count,
    orders: aggs.orders.doc_count,
    reviews: aggs.reviews.doc_count,
    revenueThisMonth: revenue(current),
    currency: 'LKR',
    monthly: months.map((m) => ({ month: m, revenue: revenue(m), orders: byMonth.get(m)?.orders ?? 0 })),
  };
}
