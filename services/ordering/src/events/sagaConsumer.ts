/**
 * Ordering's end of the checkout saga (DESIGN.md section 3; issue 5 "Saga"): StockReserved moves
 * a paid checkout and its orders to `Confirmed` (OrderConfirmed); StockRejected moves them to
 * `Rejected`, refunds the capture and tells the customer which line was out of stock
 * (OrderRejected, PaymentRefunded).
 *
 * Safe to run twice: the checkout changes only from `AwaitingStock` (compare-and-set on its
 * version), and the order writes that follow are idempotent, so a redelivery after a crash
 * between the two finishes the job. Decisions about checkouts this service does not hold are
 * ignored (another environment on the same brokers).
 */
import { StockRejectedDataSchema, StockReservedDataSchema, type EventEnvelope } from '@market/contracts';
import { updateAggregate, type EventHandler, type OutboxHint } from '@market/platform';
import type { Model } from 'mongoose';
import type { PaymentProvider } from '../domain/payments';
import { confirmedEvents, rejectedEvents } from '../events/checkoutEvents';
import { writeOrdersOnce, type CheckoutDoc, type CheckoutRejection } from '../store/checkouts';
import { materializeOrders, settleOrders, type OrderBook } from '../store/orders';

const MAX_CAS_ATTEMPTS = 10;

const REASONS: Record<string, string> = {
  'out-of-stock': 'is out of stock',
  unavailable: 'is not available right now',
  'unknown-item': 'is no longer sold',
};

/** The customer-facing text of a rejection. */
export function rejectionMessage(itemName: string, reason: string): string {
  return `Sorry, ${itemName} ${REASONS[reason] ?? 'could not be reserved'}. Your payment was refunded and your cart is unchanged.`;
}

export function sagaHandlers(
  checkouts: Model<CheckoutDoc>,
  book: OrderBook,
  provider: PaymentProvider,
  nudge: (hint?: OutboxHint) => void,
): Record<string, EventHandler> {
  /** Applies a decision to a checkout still awaiting it; returns the checkout as it ends up. */
  async function decide(
    orderId: string,
    decision: (c: CheckoutDoc) => Promise<Partial<CheckoutDoc> | null>,
    events: typeof confirmedEvents,
  ) {
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      const c = await checkouts.findById(orderId).lean<CheckoutDoc>();
      if (!c || c.status !== 'AwaitingStock') return c;
      const set = await decision(c);
      if (!set) return c;
      const next = { ...c, ...set } as CheckoutDoc;
      if (await updateAggregate(checkouts, c._id, c.aggregateVersion, { $set: set }, (v) => events(next, v))) {
        nudge({ model: checkouts, id: c._id });
        return next;
      }
    }
    throw new Error(`checkout ${orderId} kept changing; will retry`);
  }

  async function finish(c: CheckoutDoc | null): Promise<void> {
    if (!c || !c.payment) return;
    // Usually the pay request has written the orders already (ordersWritten): only settle them.
    await writeOrdersOnce(checkouts, c, (paid) => materializeOrders(book, paid));
    await settleOrders(book, c);
  }

  return {
    StockReserved: async (e: EventEnvelope) => {
      const { orderId } = StockReservedDataSchema.parse(e.data);
      const c = await decide(orderId, async () => ({ status: 'Confirmed', decidedAt: new Date() }), confirmedEvents);
      await finish(c);
    },
    StockRejected: async (e: EventEnvelope) => {
      const { orderId, itemId, reason } = StockRejectedDataSchema.parse(e.data);
      const at = new Date();
      const c = await decide(
        orderId,
        async (current) => {
          // Give the money back before recording it; the provider refunds a capture once.
          await provider.refund({ captureId: current.payment!.captureId, amountCents: current.amountCents });
          const line = current.lines.find((l) => l.itemIds.includes(itemId));
          const itemName = line?.kind === 'package' ? `an item of ${line.name}` : (line?.name ?? 'an item');
          const rejection: CheckoutRejection = { itemId, itemName, reason, message: rejectionMessage(itemName, reason) };
          return { status: 'Rejected', decidedAt: at, rejection };
        },
        (next, v) => rejectedEvents(next, v, at),
      );
      await finish(c);
    },
  };
}
