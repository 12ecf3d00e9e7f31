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
 * Finding orders (issue 30 item 8): `recipient` (text) and `phone` (digits, keyword) come from the
 * delivery address copied onto the order at checkout, which never changes, so a seller or admin
 * finds a customer's orders by the name or phone the parcel goes to; `totalCents` sorts by total.
 *
 * External version ({@link orderIndexVersion}): the order's aggregateVersion, doubled, plus one
 * once the stock decision settled it: settling moves the status without an event of the order
 * line (the event is the checkout's), and every later change (a seller's status move) bumps the
 * aggregateVersion, so the number grows with every state the order passes through.
 */
import { colomboMonthKey, courierLabel, rupees, trackingLink, type ORDER_SORTS, type OrderStatus } from '@market/contracts';
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
  recipient: string;
  phone: string;
  totalCents: number;
  /** Who cancelled it (customer, seller, admin, marketplace), '' unless Cancelled. */
  cancelledBy: string;
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
  'timeline',
  'shipment',
]);

/** A timeline step as stored (store/orders.ts `TimelineEntry`; dates may come back as ISO text from the index). */
type StoredStep = { status: string; at: Date | string; by?: string };

/** A shipment as stored (store/orders.ts `Shipment`; the date may come back as ISO text from the index). */
type StoredShipment = { courier: string; courierName?: string; trackingNumber: string; expectedDelivery?: string; at: Date | string };

/** A shipment as answered: the courier's name and its public tracking page when known (contracts' couriers.ts). */
function shipmentView(s: StoredShipment) {
  const url = trackingLink(s.courier, s.trackingNumber);
  return {
    courier: s.courier,
    courierName: courierLabel(s.courier, s.courierName),
    trackingNumber: s.trackingNumber,
    ...(url ? { trackingUrl: url } : {}),
    ...(s.expectedDelivery ? { expectedDelivery: s.expectedDelivery } : {}),
    shippedAt: new Date(s.at).toISOString(),
  };
}

/**
 * Who cancelled a Cancelled line (issue 31: the lists filter a customer's cancellations): the
 * `by` of its Cancelled step, the seller when the step names nobody; '' for any other status.
 */
export function cancelledBy(o: Pick<IndexableOrder, 'status'> & { timeline?: unknown }): string {
  if (o.status !== 'Cancelled') return '';
  const steps = (o.timeline as StoredStep[] | undefined) ?? [];
  const step = [...steps].reverse().find((t) => t.status === 'Cancelled');
  return step?.by ?? 'seller';
}

/** An order's wire fields: the stored ones less the internal ones, money in rupees. */
export function orderWireView(o: IndexableOrder): OrderWireView {
  const rest = Object.fromEntries(Object.entries(o).filter(([k]) => !INTERNAL.has(k)));
  const cod = o.cod as CodLine | undefined;
  const note = o.statusNote as { by: string; reason: string; at: Date | string } | undefined;
  const ship = o.shipment as StoredShipment | undefined;
  // Lines written before the timeline was kept: placed, then their current status.
  const steps = (o.timeline as StoredStep[] | undefined) ?? [
    { status: 'Placed', at: o.placedAt },
    ...(o.status === 'AwaitingStock' ? [] : [{ status: o.status, at: (o.statusChangedAt as Date | string | undefined) ?? o.placedAt }]),
  ];
  const view: Record<string, unknown> = {
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
    // Every status it reached, when and by whom (issue 30 item 8).
    Timeline: steps.map((t) => ({ status: t.status, at: new Date(t.at).toISOString(), ...(t.by ? { by: t.by } : {}) })),
    // Who resolved it, when not the seller (issue 30); never the admin's id.
    ...(note ? { StatusNote: { by: note.by, reason: note.reason, at: new Date(note.at).toISOString() } } : {}),
    // The courier and tracking given with Shipped (issue 31 item 1).
    ...(ship ? { Shipment: shipmentView(ship) } : {}),
    version: o.aggregateVersion ?? 1,
  };
  return view as OrderWireView;
}

/** The external version of an order's state (see the module's note). */
export function orderIndexVersion(o: Pick<IndexableOrder, 'aggregateVersion' | 'status'>): number {
  return (o.aggregateVersion ?? 1) * 2 + (o.status === 'AwaitingStock' ? 0 : 1);
}

/** The index write of an order as stored. */
export function orderPut(kind: OrderKind, o: IndexableOrder): IndexOp {
  const placedAt = new Date(o.placedAt);
  const to = o.DeliverTo as { recipient?: string; phone?: string } | undefined;
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
    recipient: to?.recipient ?? '',
    phone: digits(to?.phone ?? ''),
    totalCents: o.totalCents,
    cancelledBy: cancelledBy(o),
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
    recipient: { type: 'text' },
    phone: { type: 'keyword' },
    totalCents: { type: 'long' },
    cancelledBy: { type: 'keyword' },
  });

/** The digits of a phone number (`077 123 4567` and `0771234567` are one number). */
const digits = (phone: string) => phone.replace(/\D/g, '');

/** Whose orders a list shows: a customer's, a seller's, or every order (an admin). */
export type OrderListOwner = { customerId: string } | { sellerId: string } | 'everyone';

/** The filters of an order list (all optional). */
export interface OrderListFilters {
  status?: string;
  /** Cancelled lines by who cancelled them (issue 31). */
  cancelledBy?: string;
  OrderID?: string;
  /** One seller's orders (an admin's filter; a seller's list is theirs anyway). */
  sellerId?: string;
  /** A Sri Lanka month, `YYYY-MM`. */
  month?: string;
  /** The placedAt range, ms (`to` exclusive): a Sri Lanka year, or the days asked for. */
  from?: number;
  to?: number;
  /** Words of the delivery recipient's name, or a phone number. */
  customer?: string;
  sort?: (typeof ORDER_SORTS)[number];
}

const SORTS: Record<(typeof ORDER_SORTS)[number], Record<string, unknown>[]> = {
  newest: [{ sortAt: { order: 'desc' } }, { key: { order: 'desc' } }],
  oldest: [{ sortAt: { order: 'asc' } }, { key: { order: 'asc' } }],
  'total-high': [{ totalCents: { order: 'desc' } }, { sortAt: { order: 'desc' } }, { key: { order: 'desc' } }],
  'total-low': [{ totalCents: { order: 'asc' } }, { sortAt: { order: 'desc' } }, { key: { order: 'desc' } }],
};

/**
 * The search of one kind of order (both kinds for `null`: the CSV export, issue 30 item 9) of
 * `owner` matching `f`, newest first (placed time, then line id) unless `f.sort` says otherwise.
 */
export function orderListSearch(kind: OrderKind | null, owner: OrderListOwner, f: OrderListFilters): SearchBody {
  const filter: Record<string, unknown>[] = kind ? [{ term: { kind } }] : [];
  if (owner !== 'everyone') filter.push({ term: owner });
  if (f.status) filter.push({ term: { status: f.status } });
  if (f.cancelledBy) filter.push({ term: { cancelledBy: f.cancelledBy } });
  if (f.OrderID) filter.push({ term: { orderId: f.OrderID } });
  if (f.sellerId) filter.push({ term: { sellerId: f.sellerId } });
  if (f.month) filter.push({ term: { month: f.month } });
  if (f.from !== undefined || f.to !== undefined) {
    filter.push({
      range: {
        sortAt: { ...(f.from !== undefined ? { gte: f.from } : {}), ...(f.to !== undefined ? { lt: f.to } : {}), format: 'epoch_millis' },
      },
    });
  }
  const must: Record<string, unknown>[] = [];
  if (f.customer) {
    const phone = digits(f.customer);
    must.push({
      bool: {
        should: [
          { match: { recipient: { query: f.customer, operator: 'and' } } },
          ...(phone.length >= 3 ? [{ wildcard: { phone: { value: `*${phone}*` } } }] : []),
        ],
        minimum_should_match: 1,
      },
    });
  }
  return {
    query: { bool: { filter, must } },
    sort: SORTS[f.sort ?? 'newest'],
    track_total_hits: true,
    _source: ['view'],
  };
}
