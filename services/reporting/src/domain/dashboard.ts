/**
 * The admin dashboard's figures as counters (README "Reporting: dashboard counters"). Instead of
 * counting and summing whole collections on every request, each read-model document says what it
 * adds to the dashboard (its *contribution*: named amounts, e.g. `{ customers: 1 }` for a customer
 * who is not deleted), and the store keeps the running totals. This module holds the rules, no I/O:
 *
 * - what each kind of document contributes ({@link contributionOf});
 * - the change to apply when a document's contribution moves from one value to another
 *   ({@link deltaOf});
 * - the dashboard answer from the summed totals ({@link dashboardOf}).
 *
 * Names of amounts: `customers`, `sellers`, `sellerRequests`, `deletionRequests`, `items`,
 * `packages`, `reviews`, `orders` (Confirmed checkouts, all time) and, per month `yyyy-mm` of the
 * checkout in Sri Lanka, `m:<yyyy-mm>:orders` and `m:<yyyy-mm>:revenue` (integer cents of LKR:
 * the checkout's amount less what sellers' cancellations refunded). No name contains a dot, so
 * each is one field of a stored document.
 */
import { rupees, type AdminDashboard } from '@market/contracts';

/** Named amounts (counts, or cents of LKR for `m:*:revenue`). Absent means 0. */
export type Contribution = Record<string, number>;

/** The read-model kinds that count on the dashboard. */
export type CountedKind = 'customer' | 'seller' | 'item' | 'package' | 'review' | 'order';

/** The fields of a read-model document the contribution rules read (any kind). */
export interface CountedFields {
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
}

/**
 * What one document adds to the dashboard, as the scan it replaces counted (a customer, item,
 * package or review that is not deleted; an approved seller, and among those the ones asking to
 * be deleted; a seller waiting for approval; a Confirmed checkout with its month's revenue).
 * A document that does not exist (`null`) adds nothing.
 */
export function contributionOf(kind: CountedKind, doc: CountedFields | null): Contribution {
  if (!doc) return {};
  switch (kind) {
    case 'customer':
      return doc.deleted ? {} : { customers: 1 };
    case 'item':
      return doc.deleted ? {} : { items: 1 };
    case 'package':
      return doc.deleted ? {} : { packages: 1 };
    case 'review':
      return doc.deleted ? {} : { reviews: 1 };
    case 'seller':
      if (doc.state === 'requested') return { sellerRequests: 1 };
      if (doc.state === 'approved') return doc.requestDelete ? { sellers: 1, deletionRequests: 1 } : { sellers: 1 };
      return {};
    case 'order': {
      if (doc.status !== 'Confirmed' || !doc.month) return {};
      const revenue = (doc.amountCents ?? 0) - (doc.refundedCents ?? 0);
      return { orders: 1, [`m:${doc.month}:orders`]: 1, [`m:${doc.month}:revenue`]: revenue };
    }
  }
}

/**
 * The change that turns totals counting `from` into totals counting `to`: `to - from` for every
 * name in either, without the zeros. An empty result means nothing to write.
 */
export function deltaOf(from: Contribution, to: Contribution): Contribution {
  const out: Contribution = {};
  for (const name of new Set([...Object.keys(from), ...Object.keys(to)])) {
    const d = (to[name] ?? 0) - (from[name] ?? 0);
    if (d !== 0) out[name] = d;
  }
  return out;
}

/** Adds several sets of totals (one per counter document) into one. */
export function sumOf(totals: Iterable<Contribution>): Contribution {
  const out: Contribution = {};
  for (const t of totals) for (const [name, n] of Object.entries(t)) out[name] = (out[name] ?? 0) + n;
  return out;
}

/**
 * The `GET /Admin/dashboard` answer from the totals, for the months `months` (`yyyy-mm`, oldest
 * first, the last one being the current month). Revenue is in rupees, exact to the cent.
 */
export function dashboardOf(totals: Contribution, months: readonly string[]): AdminDashboard {
  const n = (name: string) => Math.max(0, totals[name] ?? 0);
  const revenue = (m: string) => totals[`m:${m}:revenue`] ?? 0;
  const current = months[months.length - 1]!;
  return {
    customers: n('customers'),
    sellers: n('sellers'),
    sellerRequests: n('sellerRequests'),
    deletionRequests: n('deletionRequests'),
    items: n('items'),
    packages: n('packages'),
    orders: n('orders'),
    reviews: n('reviews'),
    revenueThisMonth: rupees(revenue(current)),
    currency: 'LKR',
    monthly: months.map((m) => ({ month: m, revenue: rupees(revenue(m)), orders: n(`m:${m}:orders`) })),
  };
}
