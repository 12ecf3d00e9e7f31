/**
 * What happened at the door of a cash-on-delivery order (issue 29; README "Cash on delivery"):
 * the seller of an own Shipped line says `collected` or `refused` (`PUT /Orders/cod/{id}`,
 * `PUT /PackageOrders/cod/{id}`).
 *
 * One compare-and-set on the line's version, with its events in the same write (outbox):
 * - `collected`: status Delivered, `cod.status` Collected with `collectedAt`; OrderStatusChanged
 *   and CashOnDeliveryCollected (the cents collected: reporting counts them as income in the Sri
 *   Lanka month of collection);
 * - `refused`: status Cancelled, `cod.status` Refused; OrderStatusChanged, DeliveryRefused and
 *   OrderCancelled, which starts the cancellation saga: catalogue releases the stock, and then
 *   ordering counts the refusal for the customer and e-mails them, refunding nothing
 *   (cancellation/saga.ts).
 * The line is then indexed at once (`refresh=wait_for`), as a status change is.
 */
import { COD_NOT_COD, COD_NOT_SHIPPED } from '@market/contracts';
import { conflict, pendingEvent, updateAggregate } from '@market/platform';
import type { Model } from 'mongoose';
import { orderCancelled } from '../cancellation/events';
import { indexOrders, type ItemOrderDoc, type PackageOrderDoc } from '../store/orders';
import { actorFields, actorMoves, timelineStep, type LineActor, type StatusDeps } from './changeStatus';

export interface CodOutcome {
  /** The line's seller (someone else's line is 404), or an admin for any seller's line (its note kept on the line). */
  actor: LineActor;
  kind: 'item' | 'package';
  /** The order line's `_id`, already checked for its form by the route. */
  orderLineId: string;
  outcome: 'collected' | 'refused';
}

/**
 * @returns the line as written
 * @throws HttpError 404 when there is no such line or it is another seller's; 409 when the line
 *   was not paid by cash on delivery, is not Shipped, or changed meanwhile
 */
export async function recordCodOutcome(d: StatusDeps, { actor, kind, orderLineId, outcome }: CodOutcome): Promise<ItemOrderDoc> {
  const model = (kind === 'item' ? d.book.itemOrders : d.book.packageOrders) as Model<ItemOrderDoc> | Model<PackageOrderDoc>;
  const found = await (model as Model<ItemOrderDoc>).findById(orderLineId).lean<ItemOrderDoc>();
  actorMoves(actor, found);
  const order = found!;
  if (!order.cod) throw conflict(COD_NOT_COD);
  if (order.status !== 'Shipped' || order.cod.status !== 'Pending') throw conflict(COD_NOT_SHIPPED);
  const at = new Date();
  const note = actorFields(actor, at);
  const collected = outcome === 'collected';
  const step = timelineStep(actor, collected ? 'Delivered' : 'Cancelled', at);
  const status = collected ? 'Delivered' : 'Cancelled';
  const cod = collected ? { ...order.cod, status: 'Collected' as const, collectedAt: at } : { ...order.cod, status: 'Refused' as const };
  const line = { orderId: order.OrderID, orderLineId: order._id, kind, sellerId: order.SellerID, customerId: order.CustomerID };
  const written = await updateAggregate(
    model,
    order._id,
    order.aggregateVersion,
    { $set: { status, statusChangedAt: at, cod, ...note }, $push: { timeline: step } },
    (v) => [
      pendingEvent('OrderStatusChanged', order.OrderID, v, { ...line, status }),
      collected
        ? pendingEvent('CashOnDeliveryCollected', order.OrderID, v + 1, { ...line, amountCents: cod.collectCents, at: at.toISOString() })
        : pendingEvent('DeliveryRefused', order.OrderID, v + 1, { ...line, at: at.toISOString() }),
      ...(collected ? [] : [orderCancelled(kind, order, v + 2, at)]),
    ],
  );
  if (!written) throw conflict('This order was changed meanwhile, please try again');
  d.nudge({ model, id: order._id });
  await indexOrders(d.book, [{ kind, id: order._id }], 'wait_for');
  return { ...order, status, statusChangedAt: at, cod, ...note, timeline: [...(order.timeline ?? []), step] };
}
