/**
 * A seller moves an order line of their own along (`PUT /Orders/status/{id}` for item orders,
 * `PUT /PackageOrders/status/{id}` for package orders; spec 001 section 7): Confirmed → Shipped or
 * Cancelled, Shipped → Delivered (contracts' SELLER_STATUS_MOVES). An admin resolves any seller's
 * line (`PUT /Orders/resolve/{id}`, issue 30), and the marketplace cancels the unshipped lines of
 * a removed seller (sellerRemoved.ts), with ADMIN_STATUS_MOVES and a reason kept on the line as
 * `statusNote` (`{ by, reason, at }`; the customer's e-mail and order cards say it).
 *
 * A compare-and-set on the line's version sets `status` and `statusChangedAt` and records
 * OrderStatusChanged (`{ orderId, orderLineId, kind, status, sellerId, customerId }`); a
 * cancellation also records OrderCancelled, which starts the cancellation saga (stock back, refund,
 * e-mail: cancellation/saga.ts). The line is then indexed at once (`refresh=wait_for`, best
 * effort; the orders projection writes the same), so the seller's list shows the new status.
 *
 * Issue 31: a seller's Shipped may carry the shipment (courier, tracking number, expected day),
 * kept on the line as `shipment` and answered as `Shipment`; it stays optional because the
 * documented client (spec 001 section 7) sends only `{ status }` (our web app's form requires
 * courier and tracking number). A customer cancels an own Confirmed line (actor `{ customerId }`,
 * `PUT /Orders/cancel/{id}`): another customer's line is 404, a shipped one 409 ALREADY_SHIPPED,
 * and the reason is kept as `statusNote` `{ by: 'customer' }` for the seller's e-mail. A `version`
 * given (the line's version the caller saw) must be the stored one, else 409 ORDER_CHANGED.
 */
import {
  ADMIN_STATUS_MOVES,
  ALREADY_SHIPPED,
  COD_DELIVER_WITH_CASH,
  NOT_CANCELLABLE,
  ORDER_CHANGED,
  SELLER_STATUS_MOVES,
  type OrderStatus,
} from '@market/contracts';
import { conflict, notFound, pendingEvent, updateAggregate, type OutboxHint } from '@market/platform';
import type { Model } from 'mongoose';
import { orderCancelled } from '../cancellation/events';
import {
  indexOrders,
  type ItemOrderDoc,
  type OrderBook,
  type PackageOrderDoc,
  type Shipment,
  type StatusNote,
  type TimelineEntry,
} from '../store/orders';

/**
 * The seller of a line (someone else's is 404), an admin / the marketplace resolving any seller's
 * line with a note, or the line's customer cancelling it with a reason (issue 31 item 2).
 */
export type LineActor = { sellerId: string } | { note: Omit<StatusNote, 'at'> } | { customerId: string; reason: string };

/** A customer may only cancel a Confirmed line (issue 31 item 2: before it is shipped). */
export const CUSTOMER_STATUS_MOVES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  AwaitingStock: [],
  Confirmed: ['Cancelled'],
  Rejected: [],
  Shipped: [],
  Delivered: [],
  Cancelled: [],
};

/** The line `actor` may act on and the moves it may make; 404 for another seller's or customer's line. */
export function actorMoves(
  actor: LineActor,
  order: { SellerID: string; CustomerID: string } | null,
): Readonly<Record<OrderStatus, readonly OrderStatus[]>> {
  if (!order) throw notFound();
  if ('sellerId' in actor) {
    if (order.SellerID !== actor.sellerId) throw notFound();
    return SELLER_STATUS_MOVES;
  }
  if ('customerId' in actor) {
    if (order.CustomerID !== actor.customerId) throw notFound();
    return CUSTOMER_STATUS_MOVES;
  }
  return ADMIN_STATUS_MOVES;
}

/** The fields a move by `actor` at `at` sets besides the status (the note of an admin's, the marketplace's or the customer's move). */
export function actorFields(actor: LineActor, at: Date): { statusNote?: StatusNote } {
  if ('customerId' in actor) return { statusNote: { by: 'customer', reason: actor.reason, at } };
  return 'note' in actor ? { statusNote: { ...actor.note, at } } : {};
}

/** Who an actor is on the timeline. */
const actorName = (actor: LineActor): NonNullable<TimelineEntry['by']> =>
  'customerId' in actor ? 'customer' : 'note' in actor ? actor.note.by : 'seller';

/** The timeline step a move by `actor` to `status` at `at` adds (issue 30 item 8). */
export function timelineStep(actor: LineActor, status: OrderStatus, at: Date): TimelineEntry {
  return { status, at, by: actorName(actor) };
}

/** The 409 message of a move `actor` may not make from `from` to `to`. */
function refusal(actor: LineActor, from: OrderStatus, to: OrderStatus): string {
  if ('customerId' in actor) return from === 'Shipped' || from === 'Delivered' ? ALREADY_SHIPPED : NOT_CANCELLABLE;
  return `An order that is ${from} cannot be marked ${to}`;
}

export interface ChangeStatus {
  actor: LineActor;
  kind: 'item' | 'package';
  /** The order line's `_id` (`<OrderID>-I<n>` / `-P<n>`), already checked for its form by the route. */
  orderLineId: string;
  /** The new status (contracts' OrderStatusChangeSchema). */
  status: OrderStatus;
  /** The courier and tracking given with Shipped (issue 31 item 1), already validated. */
  shipment?: Omit<Shipment, 'at'>;
  /** The line's version the caller saw; a different stored one is 409 ORDER_CHANGED. */
  version?: number;
}

export interface StatusDeps {
  book: OrderBook;
  /** Wakes the outbox relay after a write that recorded events. */
  nudge: (hint?: OutboxHint) => void;
}

/**
 * @returns the line as written (new `status`, `statusChangedAt` now)
 * @throws HttpError 404 when there is no such line or it is another seller's; 409 `An order that
 *   is <status> cannot be marked <status>` for a move the actor may not make; 409 when it changed meanwhile
 */
export async function changeOrderStatus(
  d: StatusDeps,
  { actor, kind, orderLineId, status, shipment, version }: ChangeStatus,
): Promise<ItemOrderDoc> {
  // Both kinds share the fields read and written here.
  const model = (kind === 'item' ? d.book.itemOrders : d.book.packageOrders) as Model<ItemOrderDoc> | Model<PackageOrderDoc>;
  const found = await (model as Model<ItemOrderDoc>).findById(orderLineId).lean<ItemOrderDoc>();
  const moves = actorMoves(actor, found);
  const order = found!;
  if (!moves[order.status].includes(status)) throw conflict(refusal(actor, order.status, status));
  if (version !== undefined && version !== order.aggregateVersion) throw conflict(ORDER_CHANGED);
  // Cash on delivery is delivered only with its cash (fulfilment/cashOnDelivery.ts; issue 29).
  if (order.cod && status === 'Delivered') throw conflict(COD_DELIVER_WITH_CASH);
  const at = new Date();
  const set = {
    status,
    statusChangedAt: at,
    ...actorFields(actor, at),
    ...(shipment && status === 'Shipped' ? { shipment: { ...shipment, at } } : {}),
  };
  const step = timelineStep(actor, status, at);
  const written = await updateAggregate(model, order._id, order.aggregateVersion, { $set: set, $push: { timeline: step } }, (v) => [
    pendingEvent('OrderStatusChanged', order.OrderID, v, {
      orderId: order.OrderID,
      orderLineId: order._id,
      kind,
      status,
      sellerId: order.SellerID,
      customerId: order.CustomerID,
      // An admin's resolution names the admin and the reason (the audit log, issue 30 item 10).
      ...('note' in actor && actor.note.by === 'admin' && actor.note.adminId
        ? { byAdmin: { adminId: actor.note.adminId, reason: actor.note.reason } }
        : {}),
    }),
    // A cancellation starts its saga (cancellation/saga.ts): stock back, refund, e-mail.
    ...(status === 'Cancelled' ? [orderCancelled(kind, order, v + 1, at)] : []),
  ]);
  if (!written) throw conflict(ORDER_CHANGED);
  d.nudge({ model, id: order._id });
  // The seller sees the new status in the list they come back to (the projection writes the same).
  await indexOrders(d.book, [{ kind, id: order._id }], 'wait_for');
  return { ...order, ...set, timeline: [...(order.timeline ?? []), step] };
}
