/**
 * Ordering's end of the checkout saga (docs/architecture.md, Sagas): catalogue's StockReserved confirms a
 * paid checkout and StockRejected rejects and refunds it. A thin adapter: it calls the flow
 * (checkout/decide.ts, which also says why a redelivery is safe) with the event's parsed data;
 * after a confirmation, the lines of a seller removed meanwhile are cancelled
 * (fulfilment/sellerRemoved.ts).
 */
import type { EventHandlers, OutboxHint } from '@market/platform';
import type { Model } from 'mongoose';
import { confirmCheckout, rejectCheckout } from '../checkout/decide';
import type { PaymentProvider } from '../domain/payments';
import { cancelLinesOfRemovedSellers } from '../fulfilment/sellerRemoved';
import type { CheckoutDoc } from '../store/checkouts';
import type { OrderBook } from '../store/orders';
import type { ReadModels } from '../store/readModels';

export function sagaHandlers(
  checkouts: Model<CheckoutDoc>,
  book: OrderBook,
  rm: ReadModels,
  provider: PaymentProvider,
  nudge: (hint?: OutboxHint) => void,
): EventHandlers {
  const d = { checkouts, book, provider, nudge };
  return {
    StockReserved: async (e) => {
      const { orderId } = e.data;
      const c = await confirmCheckout(d, orderId);
      if (c) await cancelLinesOfRemovedSellers({ book, rm, nudge }, c);
    },
    StockRejected: async (e) => {
      const { orderId, itemId, reason } = e.data;
      await rejectCheckout(d, { orderId, itemId, reason });
    },
  };
}
