/**
 * What the checkout flows (start.ts, pay.ts, decide.ts, finish.ts) work with; `main.ts` builds it
 * once and hands it to the route (http/checkout.ts) and the saga consumer (events/sagaConsumer.ts).
 * Each flow takes only the part it needs (`Pick<CheckoutDeps, ...>`).
 */
import type { OutboxHint } from '@market/platform';
import type { Model } from 'mongoose';
import type { PaymentProvider } from '../domain/payments';
import type { CardDoc } from '../store/cards';
import type { CheckoutDoc } from '../store/checkouts';
import type { OrderBook } from '../store/orders';
import type { ReadModels } from '../store/readModels';
import type { CvcGuard } from './cvcLimits';

export interface CheckoutDeps {
  checkouts: Model<CheckoutDoc>;
  cards: Model<CardDoc>;
  /** The catalogue read models the lines are priced and re-checked from. */
  rm: ReadModels;
  book: OrderBook;
  provider: PaymentProvider;
  /** The key of the cards' CVC hashes (config `CARD_HASH_SECRET`). */
  cardSecret: string;
  /** The wrong-CVC lockout of cards and accounts (cvcLimits.ts; issue 27 item 5). */
  cvcGuard: CvcGuard;
  /** Honour `X-Demo-Placed-At` (demo seeding only; config `DEMO_BACKDATING`). */
  demoBackdating?: boolean;
  /** Wakes the outbox relay after a write that recorded events. */
  nudge: (hint?: OutboxHint) => void;
  /** The largest checkout, rupees, cash on delivery may pay (config `COD_LIMIT_RUPEES`; issue 29). */
  codLimitRupees: number;
}
