/**
 * Catalogue's decision on a paid checkout (the checkout saga, docs/architecture.md, Sagas), called by the
 * saga consumer (events/sagaConsumer.ts) with the event's fields:
 * - `confirmCheckout`: StockReserved moves the checkout `AwaitingStock` → `Confirmed` and records
 *   OrderConfirmed;
 * - `rejectCheckout`: StockRejected refunds the capture (the full `amountCents`, in cents), then
 *   moves it to `Rejected` with the customer-facing reason and records OrderRejected and
 *   PaymentRefunded.
 * Both then finish the checkout (finish.ts: its orders follow the decision).
 *
 * Safe to run twice: the checkout changes only from `AwaitingStock` (compare-and-set on its
 * version, retried while it keeps changing), and the writes that follow are idempotent, so a
 * redelivery after a crash between the two finishes the job. A decision about a checkout this
 * service does not hold (a database restored from before it) has nothing to decide: answers null.
 * Throws a plain Error (the consumer retries the event) when the checkout kept changing.
 */
import { updateAggregate, type PendingEvent } from '@market/platform';
import { confirmedEvents, rejectedEvents } from '../events/checkoutEvents';
import type { CheckoutDoc, CheckoutRejection } from '../store/checkouts';
import type { CheckoutDeps } from './deps';
import { finishCheckout } from './finish';

const MAX_CAS_ATTEMPTS = 10;

type DecideDeps = Pick<CheckoutDeps, 'checkouts' | 'book' | 'provider' | 'nudge'>;

/** StockReserved for order `orderId`: the checkout as it ends up, or null when unknown here. */
export async function confirmCheckout(d: DecideDeps, orderId: string): Promise<CheckoutDoc | null> {
  const c = await decide(d, orderId, async () => ({ status: 'Confirmed', decidedAt: new Date() }), confirmedEvents);
  return c && finishCheckout(d, c);
}

export interface RejectCheckout {
  orderId: string;
  /** The item catalogue could not reserve (for a package line, one of its items). */
  itemId: string;
  /** Catalogue's reason: `out-of-stock`, `unavailable`, `unknown-item` (others get a general text). */
  reason: string;
}

/** StockRejected: the checkout as it ends up (refunded, `Rejected`), or null when unknown here. */
export async function rejectCheckout(d: DecideDeps, { orderId, itemId, reason }: RejectCheckout): Promise<CheckoutDoc | null> {
  const at = new Date();
  const c = await decide(
    d,
    orderId,
    async (current) => {
      // Give the money back before recording it; the provider refunds a capture once. Cash on
      // delivery took nothing.
      if (current.payment!.PaymentType !== 'CashOnDelivery') {
        await d.provider.refund({ captureId: current.payment!.captureId, amountCents: current.amountCents });
      }
      const line = current.lines.find((l) => l.itemIds.includes(itemId));
      const itemName = line?.kind === 'package' ? `an item of ${line.name}` : (line?.name ?? 'an item');
      const rejection: CheckoutRejection = {
        itemId,
        itemName,
        reason,
        message: rejectionMessage(itemName, reason, current.payment!.PaymentType === 'CashOnDelivery'),
      };
      return { status: 'Rejected', decidedAt: at, rejection };
    },
    (next, v) => rejectedEvents(next, v, at),
  );
  return c && finishCheckout(d, c);
}

/** Why ordering gave a checkout up without the catalogue's decision. */
export type GiveUp = { by: 'timeout' } | { by: 'admin'; adminId: string; note: string };

/** The rejection reason recorded (and sent in OrderRejected) for a checkout given up. */
export const GIVE_UP_REASONS = { timeout: 'decision-timeout', admin: 'cancelled-by-admin' } as const;

/**
 * Gives up a checkout still awaiting its stock decision (issue 30 item 1, "every saga ends"): the
 * deadline (checkout/deadline.ts) or an admin's resolution. Refunds the capture (nothing for cash
 * on delivery), moves it to `Rejected` and records OrderRejected and PaymentRefunded, exactly as a
 * StockRejected does; the catalogue then gives back whatever it reserved for the order, whenever
 * its decision comes (events/stockConsumer.ts in catalogue). A checkout already decided changes
 * nothing.
 * @returns the checkout as it ends up, or null when there is none
 * @throws Error when it kept changing (the caller retries)
 */
export async function giveUpCheckout(d: DecideDeps, orderId: string, why: GiveUp): Promise<CheckoutDoc | null> {
  const at = new Date();
  const c = await decide(
    d,
    orderId,
    async (current) => {
      const cod = current.payment!.PaymentType === 'CashOnDelivery';
      if (!cod) await d.provider.refund({ captureId: current.payment!.captureId, amountCents: current.amountCents });
      const money = cod ? 'Nothing was charged' : 'Your payment was refunded';
      const message =
        why.by === 'timeout'
          ? `Sorry, your order could not be confirmed in time. ${money} and your cart is unchanged.`
          : `Your order was cancelled by our support team: ${why.note} ${money} and your cart is unchanged.`;
      const rejection: CheckoutRejection = {
        itemId: '',
        itemName: '',
        reason: GIVE_UP_REASONS[why.by],
        message,
        ...(why.by === 'admin' ? { resolvedBy: why.adminId, note: why.note } : {}),
      };
      return { status: 'Rejected', decidedAt: at, rejection };
    },
    (next, v) => rejectedEvents(next, v, at),
  );
  return c && finishCheckout(d, c);
}

const REASONS: Record<string, string> = {
  'out-of-stock': 'is out of stock',
  unavailable: 'is not available right now',
  'unknown-item': 'is no longer sold',
};

/** The customer-facing text of a rejection. */
export function rejectionMessage(itemName: string, reason: string, cashOnDelivery = false): string {
  const money = cashOnDelivery ? 'Nothing was charged' : 'Your payment was refunded';
  return `Sorry, ${itemName} ${REASONS[reason] ?? 'could not be reserved'}. ${money} and your cart is unchanged.`;
}

/**
 * Applies a decision to a checkout still awaiting it; answers the checkout as it ends up (as read
 * when it no longer awaits one, or null when there is no such checkout).
 */
async function decide(
  d: DecideDeps,
  orderId: string,
  decision: (c: CheckoutDoc) => Promise<Partial<CheckoutDoc> | null>,
  events: (next: CheckoutDoc, v: number) => PendingEvent[],
): Promise<CheckoutDoc | null> {
  for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
    const c = await d.checkouts.findById(orderId).lean<CheckoutDoc>();
    if (!c || c.status !== 'AwaitingStock') return c;
    const set = await decision(c);
    if (!set) return c;
    const next = { ...c, ...set } as CheckoutDoc;
    if (await updateAggregate(d.checkouts, c._id, c.aggregateVersion, { $set: set }, (v) => events(next, v))) {
      d.nudge({ model: d.checkouts, id: c._id });
      return next;
    }
  }
  throw new Error(`checkout ${orderId} kept changing; will retry`);
}
