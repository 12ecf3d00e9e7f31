/**
 * A seller moves an order line of their own along (`PUT /Orders/status/{id}` for item orders,
 * `PUT /PackageOrders/status/{id}` for package orders; spec 001 section 7): Confirmed → Shipped or
 * Cancelled, Shipped → Delivered (contracts' SELLER_STATUS_MOVES).
 *
 * A compare-and-set on the line's version sets `status` and `statusChangedAt` and records
 * OrderStatusChanged (`{ orderId, orderLineId, kind, status, sellerId, customerId }`); a
 * cancellation also records OrderCancelled, which starts the cancellation saga (stock back, refund,
 * e-mail: cancellation/saga.ts). The line is then indexed at once (`refresh=wait_for`, best
 * effort; the orders projection writes the same), so the seller's list shows the new status.
 */
import { COD_DELIVER_WITH_CASH, SELLER_STATUS_MOVES, type OrderStatus } from '@market/contracts';
import { conflict, notFound, pendingEvent, updateAggregate, type OutboxHint } from '@market/platform';
import type { Model } from 'mongoose';
import { orderCancelled } from '../cancellation/events';
import { indexOrders, type ItemOrderDoc, type OrderBook, type PackageOrderDoc } from '../store/orders';

export interface ChangeStatus {
  /** The calling seller; someone else's line is 404. */
  sellerId: string;
  kind: 'item' | 'package';
  /** The order line's `_id` (`<OrderID>-I<n>` / `-P<n>`), already checked for its form by the route. */
  orderLineId: string;
  /** The new status (contracts' OrderStatusChangeSchema). */
  status: OrderStatus;
}

export interface StatusDeps {
  book: OrderBook;
  /** Wakes the outbox relay after a write that recorded events. */
  nudge: (hint?: OutboxHint) => void;
}

/**
 * @returns the line as written (new `status`, `statusChangedAt` now)
 * @throws HttpError 404 when there is no such line or it is another seller's; 409 `An order that
 *   is <status> cannot be marked <status>` for a move the seller may not make; 409 when it changed meanwhile
 */
export async function changeOrderStatus(d: StatusDeps, { sellerId, kind, orderLineId, status }: ChangeStatus): Promise<ItemOrderDoc> {
  // Both kinds share the fields read and written here.
  const model = (kind === 'item' ? d.book.itemOrders : d.book.packageOrders) as Model<ItemOrderDoc> | Model<PackageOrderDoc>;
  const order = await (model as Model<ItemOrderDoc>).findById(orderLineId).lean<ItemOrderDoc>();
  if (!order || order.SellerID !== sellerId) throw notFound();
  if (!SELLER_STATUS_MOVES[order.status].includes(status)) {
    throw conflict(`An order that is ${order.status} cannot be marked ${status}`);
  }
  // Cash on delivery is delivered only with its cash (fulfilment/cashOnDelivery.ts; issue 29).
  if (order.cod && status === 'Delivered') throw conflict(COD_DELIVER_WITH_CASH);
  const at = new Date();
  const written = await updateAggregate(model, order._id, order.aggregateVersion, { $set: { status, statusChangedAt: at } }, (v) => [
    pendingEvent('OrderStatusChanged', order.OrderID, v, {
      orderId: order.OrderID,
      orderLineId: order._id,
      kind,
      status,
      sellerId: order.SellerID,
      customerId: order.CustomerID,
    }),
    // A cancellation starts its saga (cancellation/saga.ts): stock back, refund, e-mail.
    ...(status === 'Cancelled' ? [orderCancelled(kind, order, v + 1, at)] : []),
  ]);
  if (!written) throw conflict('This order was changed meanwhile, please try again');
  d.nudge({ model, id: order._id });
  // The seller sees the new status in the list they come back to (the projection writes the same).
  await indexOrders(d.book, [{ kind, id: order._id }], 'wait_for');
  return { ...order, status, statusChangedAt: at };
}
