/**
 * The order lists as a search read model, without I/O: `GET /Orders/getOrders` and
 * `GET /PackageOrders/getOrders` (spec 000 section 7, spec 001 section 7) page a customer's own
 * orders, a seller's, or every order for an admin, newest first, filtered by status, the Sri Lanka
 * month or year the order was placed in, and OrderID (the checkout's number), with exact totals.
 *
 * One index for both aggregates (item orders and package orders have the same fields apart from
 * their snapshot): document `_id` = the order line's id (`<OrderID>-I<n>` / `-P<n>`, unique across
 * both kinds), `kind` = `item` | `package`. Owner fields (`customerId`, `sellerId`), `status`,
 * `month` (`YYYY-MM`, Sri Lanka) and `orderId` are keywords; `sortAt` is the time the order was
 * placed (a date) and `key` the line id (the tie-breaker of orders placed at the same instant, as
 * the lines of one checkout are). `view` is the order as {@link orderWireView} answers it, less
 * the customer's name, address and phone and a package seller's company, which the list joins at
 * read time by `_id` (they change with the customer's and seller's profile, not with the order).
 *
 * External version ({@link orderIndexVersion}): the order's aggregateVersion, doubled, plus one
 * once the stock decision settled it: settling moves the status without an event of the order
 * line (the event is the checkout's), and every later change (a seller's status move) bumps the
 * aggregateVersion, so the number grows with every state the order passes through.
 */
import { colomboMonthKey, rupees, type OrderStatus } from '@market/contracts';
import { listIndexDefinition, type IndexOp, type SearchBody } from '@market/platform';
import type { CodLine } from './cashOnDelivery';

/** Which aggregate an order line is: an item order or a package order. */
export type OrderKind = 'item' | 'package';

/** The stored order fields the index reads (store/orders.ts `ItemOrderDoc` / `PackageOrderDoc`). */
export interface IndexableOrder {
  _id: string;
  OrderID: string;
  SellerID: string;
  CustomerID: string;
  status: OrderStatus;
  placedAt: Date;
  unitPriceCents: number;
  totalCents: number;
  aggregateVersion: number;
  [field: string]: unknown;
}

/** An order row as the lists answer it before the customer (and a package's seller company) is joined in. */
export type OrderWireView = Record<string, unknown> & {
  _id: string;
  OrderID: string;
  SellerID: string;
  CustomerID: string;
  status: OrderStatus;
  UnitPrice: number;
  TotalPrice: number;
};

export interface OrderSearchDoc {
  view: OrderWireView;
  kind: OrderKind;
  customerId: string;
  sellerId: string;
  status: string;
  month: string;
  orderId: string;
  sortAt: string;
  key: string;
}

/**
 * Fields that never leave the service: outbox and version, the cents the view turns into rupees,
 * and the list slots an earlier build stored on orders (`listSlots`, `filterSlots`).
 */
const INTERNAL = new Set([
  'unitPriceCents',
  'totalCents',
  'placedAt',
  'pendingEvents',
  'aggregateVersion',
  'outboxLeaseUntil',
  'listSlots',
  'filterSlots',
  'cod',
  'statusNote',
]);

/** An order's wire fields: the stored ones less the internal ones, money in rupees. */
export function orderWireView(o: IndexableOrder): OrderWireView {
  const rest = Object.fromEntries(Object.entries(o).filter(([k]) => !INTERNAL.has(k)));
  const cod = o.cod as CodLine | undefined;
  const note = o.statusNote as { by: string; reason: string; at: Date | string } | undefined;
  return {
    ...rest,
    UnitPrice: rupees(o.unitPriceCents),
    TotalPrice: rupees(o.totalCents),
    // Cash on delivery (issue 29): what the courier collects and whether it was.
    ...(cod
      ? {
          CashOnDelivery: {
            status: cod.status,
            Amount: rupees(cod.collectCents),
            ...(cod.collectedAt ? { CollectedAt: new Date(cod.collectedAt).toISOString() } : {}),
          },
        }
      : {}),
    // Who resolved it, when not the seller (issue 30); never the admin's id.
    ...(note ? { StatusNote: { by: note.by, reason: note.reason, at: new Date(note.at).toISOString() } } : {}),
  } as OrderWireView;
}

/** The external version of an order's state (see the module's note). */
export function orderIndexVersion(o: Pick<IndexableOrder, 'aggregateVersion' | 'status'>): number {
  return (o.aggregateVersion ?? 1) * 2 + (o.status === 'AwaitingStock' ? 0 : 1);
}

/** The index write of an order as stored. */
export function orderPut(kind: OrderKind, o: IndexableOrder): IndexOp {
  const placedAt = new Date(o.placedAt);
  const doc: OrderSearchDoc = {
    view: orderWireView(o),
    kind,
    customerId: o.CustomerID,
    sellerId: o.SellerID,
    status: o.status,
    month: colomboMonthKey(placedAt),
    orderId: o.OrderID,
    sortAt: placedAt.toISOString(),
    key: o._id,
  };
  return { kind: 'put', id: o._id, doc, version: orderIndexVersion(o) };
}

/** Settings and mappings of the orders index. */
export const orderIndexDefinition = (replicas: number) =>
  listIndexDefinition(replicas, {
    kind: { type: 'keyword' },
    customerId: { type: 'keyword' },
    sellerId: { type: 'keyword' },
    status: { type: 'keyword' },
    month: { type: 'keyword' },
    orderId: { type: 'keyword' },
  });

/** Whose orders a list shows: a customer's, a seller's, or every order (an admin). */
export type OrderListOwner = { customerId: string } | { sellerId: string } | 'everyone';

/** The filters of an order list (all optional). */
export interface OrderListFilters {
  status?: string;
  OrderID?: string;
  /** One seller's orders (an admin's filter; a seller's list is theirs anyway). */
  sellerId?: string;
  /** A Sri Lanka month, `YYYY-MM`. */
  month?: string;
  /** The placedAt range of a Sri Lanka year, ms (`to` exclusive). */
  from?: number;
  to?: number;
}

/** The search of one kind of order of `owner` matching `f`, newest first (placed time, then line id). */
export function orderListSearch(kind: OrderKind, owner: OrderListOwner, f: OrderListFilters): SearchBody {
  const filter: Record<string, unknown>[] = [{ term: { kind } }];
  if (owner !== 'everyone') filter.push({ term: owner });
  if (f.status) filter.push({ term: { status: f.status } });
  if (f.OrderID) filter.push({ term: { orderId: f.OrderID } });
  if (f.sellerId) filter.push({ term: { sellerId: f.sellerId } });
  if (f.month) filter.push({ term: { month: f.month } });
  if (f.from !== undefined && f.to !== undefined) filter.push({ range: { sortAt: { gte: f.from, lt: f.to, format: 'epoch_millis' } } });
  return {
    query: { bool: { filter } },
    sort: [{ sortAt: { order: 'desc' } }, { key: { order: 'desc' } }],
    track_total_hits: true,
    _source: ['view'],
  };
}
