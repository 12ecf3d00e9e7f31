/**
 * Ordering's end of the checkout saga (docs/architecture.md, Sagas): catalogue's StockReserved confirms a
 * paid checkout and StockRejected rejects and refunds it. A thin adapter: it parses the event's
 * data and calls the flow (checkout/decide.ts, which also says why a redelivery is safe).
 */
import { StockRejectedDataSchema, StockReservedDataSchema, type EventEnvelope } from '@market/contracts';
import type { EventHandlers, OutboxHint } from '@market/platform';
import type { Model } from 'mongoose';
import { confirmCheckout, rejectCheckout } from '../checkout/decide';
import type { PaymentProvider } from '../domain/payments';
import type { CheckoutDoc } from '../store/checkouts';
import type { OrderBook } from '../store/orders';

export function sagaHandlers(
  checkouts: Model<CheckoutDoc>,
  book: OrderBook,
  provider: PaymentProvider,
  nudge: (hint?: OutboxHint) => void,
): EventHandlers {
  const d = { checkouts, book, provider, nudge };
  return {
    StockReserved: async (e: EventEnvelope) => {
      const { orderId } = StockReservedDataSchema.parse(e.data);
      await confirmCheckout(d, orderId);
    },
    StockRejected: async (e: EventEnvelope) => {
      const { orderId, itemId, reason } = StockRejectedDataSchema.parse(e.data);
      await rejectCheckout(d, { orderId, itemId, reason });
    },
  };
}
