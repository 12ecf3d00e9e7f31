/**
 * The refund of a received return (issue 31 item 3), the saga step after the seller marked the
 * goods received (ReturnReceived). Cents of LKR throughout.
 *
 * Card and PayPal (the return stays Received until refunded):
 * 1. the refund is recorded on the checkout (the payment's aggregate) in one compare-and-set write
 *    that appends `{ lineId: <return id>, amountCents }` to `refunds` and records PaymentRefunded
 *    (like a cancellation's, cancellation/saga.ts). The amount is domain/returns.ts
 *    `returnRefundCents`: unit price × quantity, never the delivery and VAT charge, never more than
 *    the line's total less what was refunded for the line, nor more than is left of the payment;
 * 2. the payment provider gives it back, with the return id as the idempotency key;
 * 3. the payment-history record shows it (`PartiallyRefunded` / `Refunded`, `refundedCents`);
 * 4. the return moves Received → Refunded (compare-and-set, ReturnRefunded with `amountCents`).
 *
 * Cash on delivery: the return moves Received → RefundDue (ReturnRefundDue); an admin pays it by
 * bank transfer and records it (`PUT /Returns/{id}/refund-paid`, returns/decide.ts), which records
 * ReturnRefunded; on it, steps 1 and 3 run here (no provider: the money went by bank), so the
 * payment history and reporting show it like any refund.
 *
 * Every step is safe to repeat: step 1 finds the return's refund on the checkout, the provider
 * refunds once per key, step 3 never lowers what the record shows, and step 4 only moves a
 * Received return. So a redelivered event, or a crash between any two steps followed by a
 * redelivery, refunds exactly once.
 */
import { updateAggregate, type EventHandlers } from '@market/platform';
import { Types } from 'mongoose';
import { lineRefunded } from '../cancellation/events';
import type { LineRefund, RefundPlan } from '../cancellation/refunds';
import { returnRefundCents } from '../domain/returns';
import type { CheckoutDoc } from '../store/checkouts';
import type { ReturnDoc } from '../store/returns';
import { writeReturn, type ReturnDeps } from './deps';
import { findLine, refundedForLine } from './request';

const MAX_CAS_ATTEMPTS = 10;

/**
 * Records the return's refund on its checkout once.
 * @returns the checkout with it and the refund; null when the checkout has no payment
 * @throws when the checkout kept changing (the event is retried)
 */
export async function recordReturnRefund(d: ReturnDeps, r: ReturnDoc): Promise<{ c: CheckoutDoc; refund: LineRefund } | null> {
  const line = await findLine(d, r.orderLineId);
  for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
    const c = await d.checkouts.findById(r.orderId).lean<CheckoutDoc>();
    if (!c?.payment) return null;
    const done = c.refunds?.find((x) => x.lineId === r._id);
    if (done) return { c, refund: done };
    const before = c.refundedCents ?? 0;
    const lineTotal = line?.order.totalCents ?? r.unitPriceCents * r.quantity;
    const amountCents = returnRefundCents(
      { unitPriceCents: r.unitPriceCents, totalCents: lineTotal },
      r.quantity,
      refundedForLine(c, r.orderLineId),
      Math.max(0, c.amountCents - before),
    );
    const refundedCents = before + amountCents;
    const plan: RefundPlan = {
      refundCents: amountCents,
      refundedCents,
      status: refundedCents >= c.amountCents ? 'Refunded' : 'PartiallyRefunded',
    };
    const refund: LineRefund = { lineId: r._id, amountCents, at: new Date() };
    const next: CheckoutDoc = { ...c, refunds: [...(c.refunds ?? []), refund], refundedCents };
    const written = await updateAggregate(
      d.checkouts,
      c._id,
      c.aggregateVersion,
      { $push: { refunds: refund }, $set: { refundedCents } },
      (v) => [lineRefunded(next, v, r.orderLineId, plan, refund.at)],
    );
    if (written) {
      d.nudge({ model: d.checkouts, id: c._id });
      return { c: next, refund };
    }
  }
  throw new Error(`checkout ${r.orderId} kept changing while refunding return ${r._id}; will retry`);
}

/** The history record shows what the checkout records (never goes back to a smaller total). */
export async function recordInHistory(d: Pick<ReturnDeps, 'book'>, c: CheckoutDoc): Promise<void> {
  const refundedCents = c.refundedCents ?? 0;
  const status = refundedCents >= c.amountCents ? 'Refunded' : 'PartiallyRefunded';
  await d.book.history.updateOne(
    {
      _id: new Types.ObjectId(c.payment!.historyId),
      $or: [{ refundedCents: { $exists: false } }, { refundedCents: { $lt: refundedCents } }],
    },
    // Cash on delivery's status is read from its lines (store/orders.ts codHistoryView); only the amount is kept.
    { $set: c.payment!.PaymentType === 'CashOnDelivery' ? { refundedCents } : { status, refundedCents } },
  );
}

/**
 * Moves a Received return on by the marketplace (Refunded with the refund, or RefundDue), based on
 * the version read; a lost race reads it again.
 */
async function settle(d: ReturnDeps, id: string, to: 'Refunded' | 'RefundDue', amountCents?: number): Promise<void> {
  for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
    const r = await d.returns.findById(id).lean<ReturnDoc>();
    if (!r || r.status !== 'Received') return;
    const now = new Date();
    const written =
      to === 'Refunded'
        ? await writeReturn(
            d,
            r,
            { refundedAt: now, refundedCents: amountCents },
            { status: 'Refunded', at: now, by: 'marketplace' },
            'ReturnRefunded',
            { amountCents },
          )
        : await writeReturn(d, r, {}, { status: 'RefundDue', at: now, by: 'marketplace' }, 'ReturnRefundDue');
    if (written) return;
  }
  throw new Error(`return ${id} kept changing while settling it; will retry`);
}

/** The refund saga's handlers (see the module comment). */
export function returnRefundHandlers(d: ReturnDeps): EventHandlers {
  return {
    ReturnReceived: async (e) => {
      const r = await d.returns.findById(e.data.ret._id).lean<ReturnDoc>();
      if (!r || r.status !== 'Received') return;
      if (r.paymentType === 'CashOnDelivery') {
        await settle(d, r._id, 'RefundDue');
        return;
      }
      const recorded = await recordReturnRefund(d, r);
      if (!recorded) {
        d.logger.warn({ returnId: r._id }, 'the checkout of a received return has no payment; nothing refunded');
        return;
      }
      const { c, refund } = recorded;
      if (refund.amountCents > 0)
        await d.provider.refund({ captureId: c.payment!.captureId, amountCents: refund.amountCents, idempotencyKey: r._id });
      await recordInHistory(d, c);
      await settle(d, r._id, 'Refunded', refund.amountCents);
    },
    // A cash-on-delivery refund paid by bank transfer is recorded like any refund (card ones already were: no-ops).
    ReturnRefunded: async (e) => {
      const r = await d.returns.findById(e.data.ret._id).lean<ReturnDoc>();
      if (!r || r.status !== 'Refunded') return;
      const recorded = await recordReturnRefund(d, r);
      if (recorded) await recordInHistory(d, recorded.c);
    },
  };
}
