/**
 * Events of a checkout, recorded through the outbox (docs/architecture.md, Sagas; contracts in
 * `saga-events.ts`): OrderPlaced and PaymentCaptured when paid, OrderConfirmed, or OrderRejected
 * and PaymentRefunded, when catalogue decided. Keyed by the order number.
 */
import type { OrderOutcomeData, OrderPlacedData } from '@market/contracts';
import { pendingEvent, type PendingEvent } from '@market/platform';
import { paymentData } from '../domain/payments';
import type { CheckoutDoc } from '../store/checkouts';

function placedData(c: CheckoutDoc): OrderPlacedData {
  return {
    orderId: c._id,
    customerId: c.customerId,
    items: c.lines
      .filter((l) => l.kind === 'item')
      .map((l) => ({ itemId: l.id, quantity: l.quantity, sellerId: l.sellerId, unitPriceCents: l.unitPriceCents })),
    packages: c.lines
      .filter((l) => l.kind === 'package')
      .map((l) => ({ packageId: l.id, quantity: l.quantity, itemIds: l.itemIds, sellerId: l.sellerId, unitPriceCents: l.unitPriceCents })),
    amountCents: c.amountCents,
    placedAt: c.payment?.paidAt.toISOString(),
    ...(c.payment ? { paymentType: c.payment.PaymentType } : {}),
    ...(c.DeliverTo ? { deliverTo: c.DeliverTo } : {}),
  };
}

function outcomeData(c: CheckoutDoc): OrderOutcomeData {
  return {
    orderId: c._id,
    customerId: c.customerId,
    items: c.lines.filter((l) => l.kind === 'item').map((l) => ({ itemId: l.id, quantity: l.quantity })),
    packages: c.lines.filter((l) => l.kind === 'package').map((l) => ({ packageId: l.id, quantity: l.quantity, itemIds: l.itemIds })),
    ...(c.rejection ? { rejectedItemId: c.rejection.itemId, reason: c.rejection.reason } : {}),
    // An admin's cancellation names the admin and the reason given (the audit log, issue 30 item 10).
    ...(c.rejection?.resolvedBy ? { byAdmin: { adminId: c.rejection.resolvedBy, reason: c.rejection.note ?? '' } } : {}),
  };
}

/** OrderPlaced then PaymentCaptured, at versions `v` and `v + 1`; `c` carries its payment. */
export const paidEvents = (c: CheckoutDoc, v: number): PendingEvent[] => [
  pendingEvent('OrderPlaced', c._id, v, placedData(c)),
  pendingEvent('PaymentCaptured', c._id, v + 1, paymentData(c, c.payment!.paidAt)),
];

/** OrderConfirmed at version `v`. */
export const confirmedEvents = (c: CheckoutDoc, v: number): PendingEvent[] => [pendingEvent('OrderConfirmed', c._id, v, outcomeData(c))];

/**
 * OrderRejected then PaymentRefunded, at versions `v` and `v + 1`. A cash-on-delivery checkout took
 * nothing, so it refunds nothing: OrderRejected alone.
 */
export const rejectedEvents = (c: CheckoutDoc, v: number, at: Date): PendingEvent[] => [
  pendingEvent('OrderRejected', c._id, v, outcomeData(c)),
  ...(c.payment?.PaymentType === 'CashOnDelivery' ? [] : [pendingEvent('PaymentRefunded', c._id, v + 1, paymentData(c, at))]),
];
