/**
 * Events of a seller's cancellation (contracts in packages/contracts saga-events.ts):
 * OrderCancelled, recorded with the order line's write, and the PaymentRefunded of the refund,
 * recorded with the checkout's write (so the transaction's events keep one version sequence).
 * Money in cents.
 */
import type { OrderCancelledData, PaymentEventData } from '@market/contracts';
import { pendingEvent, type PendingEvent } from '@market/platform';
import { paymentData } from '../domain/payments';
import type { CheckoutDoc } from '../store/checkouts';
import type { ItemOrderDoc, PackageOrderDoc } from '../store/orders';
import type { RefundPlan } from './refunds';

/**
 * The units a cancelled order gives back: its item `OQuantity` times, or every item of its
 * package `OQuantity` times (from the snapshot kept on the order: ids are the snapshot's `_id`s).
 */
export function releasedUnits(
  kind: 'item' | 'package',
  order: ItemOrderDoc | PackageOrderDoc,
): { productId: string; items: { itemId: string; quantity: number }[] } {
  const snap = (kind === 'item' ? (order as ItemOrderDoc).Items : (order as PackageOrderDoc).Packages)[0] ?? {};
  const productId = String(snap._id ?? '');
  const ids = kind === 'item' ? [productId] : ((snap.content as { _id: unknown }[] | undefined) ?? []).map((c) => String(c._id));
  const totals = new Map<string, number>();
  for (const id of ids) if (id) totals.set(id, (totals.get(id) ?? 0) + order.OQuantity);
  return { productId, items: [...totals].map(([itemId, quantity]) => ({ itemId, quantity })) };
}

/** OrderCancelled of an order line at its version `v` (aggregate: the order line). */
export function orderCancelled(kind: 'item' | 'package', order: ItemOrderDoc | PackageOrderDoc, v: number, at: Date): PendingEvent {
  const { productId, items } = releasedUnits(kind, order);
  const data: OrderCancelledData = {
    orderId: order.OrderID,
    orderLineId: order._id,
    kind,
    productId,
    quantity: order.OQuantity,
    items,
    sellerId: order.SellerID,
    customerId: order.CustomerID,
    totalCents: order.totalCents,
    at: at.toISOString(),
  };
  return pendingEvent('OrderCancelled', order._id, v, data);
}

/** PaymentRefunded of one cancelled line at the checkout's version `v`; `c` carries its payment. */
export function lineRefunded(c: CheckoutDoc, v: number, lineId: string, plan: RefundPlan, at: Date): PendingEvent {
  const data: PaymentEventData = {
    ...paymentData(c, at),
    refundCents: plan.refundCents,
    refundedCents: plan.refundedCents,
    orderLineId: lineId,
    status: plan.status,
  };
  return pendingEvent('PaymentRefunded', c._id, v, data);
}
