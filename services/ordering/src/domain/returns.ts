/**
 * The rules of a return (RMA; issue 31 item 3; contracts `returns.ts`), pure, no I/O: who may make
 * which move from which state, the return window, and how much a return refunds. Money in integer
 * cents of LKR (README "Money"); times are `Date`s.
 *
 * States and moves (contracts' RETURN_STATES):
 * - `Requested` → `Approved` (seller, with instructions) | `Rejected` (seller, with a reason) |
 *   `Withdrawn` (customer);
 * - `Rejected` → `Escalated` (customer, with a reason) | `Withdrawn` (customer);
 * - `Escalated` → `Approved` (admin, with instructions) | `Closed` (admin, final refusal);
 * - `Approved` → `Received` (seller, `resellable`);
 * - `Received` → `Refunded` (card / PayPal: the refund saga, by the marketplace) | `RefundDue`
 *   (cash on delivery, by the marketplace); `RefundDue` → `Refunded` (admin, bank transfer).
 * `Refunded`, `Closed` and `Withdrawn` are final.
 */
import { RETURN_FINAL_STATES, type ReturnAction, type ReturnActor, type ReturnState } from '@market/contracts';

const DAY_MS = 86_400_000;

/** Who may make each person's move, from which states, and the state it leads to. */
export const RETURN_MOVES: Readonly<Record<ReturnAction, { by: readonly ReturnActor[]; from: readonly ReturnState[]; to: ReturnState }>> = {
  approve: { by: ['seller', 'admin'], from: ['Requested', 'Escalated'], to: 'Approved' },
  reject: { by: ['seller'], from: ['Requested'], to: 'Rejected' },
  escalate: { by: ['customer'], from: ['Rejected'], to: 'Escalated' },
  close: { by: ['admin'], from: ['Escalated'], to: 'Closed' },
  withdraw: { by: ['customer'], from: ['Requested', 'Rejected'], to: 'Withdrawn' },
  receive: { by: ['seller'], from: ['Approved'], to: 'Received' },
  'refund-paid': { by: ['admin'], from: ['RefundDue'], to: 'Refunded' },
};

/**
 * Whether `actor` may make `action` on a return in `status`. A seller approves only a Requested
 * return; an admin only an Escalated one (the seller's decision stands until escalated).
 */
export function mayMove(action: ReturnAction, actor: ReturnActor, status: ReturnState): boolean {
  const move = RETURN_MOVES[action];
  if (!move.by.includes(actor) || !move.from.includes(status)) return false;
  if (action === 'approve') return actor === 'seller' ? status === 'Requested' : status === 'Escalated';
  return true;
}

/** Whether `status` is final (nothing moves any more). */
export const isFinal = (status: ReturnState): boolean => RETURN_FINAL_STATES.includes(status);

/**
 * When a line was Delivered: the last `Delivered` step of its timeline, else its `statusChangedAt`
 * while it is Delivered; null when it is not Delivered.
 */
export function deliveredAt(line: {
  status: string;
  statusChangedAt?: Date | string;
  timeline?: readonly { status: string; at: Date | string }[];
}): Date | null {
  if (line.status !== 'Delivered') return null;
  const step = [...(line.timeline ?? [])].reverse().find((s) => s.status === 'Delivered');
  const at = step?.at ?? line.statusChangedAt;
  return at ? new Date(at) : null;
}

/** The last moment a return may be requested: `windowDays` days after delivery. */
export function returnableUntil(delivered: Date, windowDays: number): Date {
  return new Date(delivered.getTime() + windowDays * DAY_MS);
}

/** Whether a return may still be requested at `now` for a line delivered at `delivered`. */
export function withinWindow(delivered: Date, windowDays: number, now: Date): boolean {
  return now.getTime() <= returnableUntil(delivered, windowDays).getTime();
}

/**
 * What a return of `quantity` units refunds: the goods, unit price × quantity, never the delivery
 * and VAT charge, and never more than the line's total less what was already refunded for the
 * line, nor more than what is left of the checkout's payment.
 * @param line - `unitPriceCents`, `totalCents` (unit price × the line's quantity)
 * @param refundedForLineCents - what refunds already gave back for this line (≥ 0)
 * @param leftOfPaymentCents - the checkout's charged amount less everything refunded (≥ 0)
 * @returns cents, ≥ 0
 */
export function returnRefundCents(
  line: { unitPriceCents: number; totalCents: number },
  quantity: number,
  refundedForLineCents = 0,
  leftOfPaymentCents = Number.POSITIVE_INFINITY,
): number {
  const goods = line.unitPriceCents * quantity;
  const leftOfLine = line.totalCents - refundedForLineCents;
  return Math.max(0, Math.min(goods, leftOfLine, leftOfPaymentCents));
}

/** The return id of an order line: `RMA-<orderLineId>` (one return per line). */
export const returnIdOf = (orderLineId: string): string => `RMA-${orderLineId}`;

/** The order line of a return id, or null when `id` does not have a return id's form. */
export function lineOfReturnId(id: string): string | null {
  const m = /^RMA-([A-Z0-9]{1,32}-[IP][1-9]\d{0,3})$/.exec(id);
  return m ? m[1]! : null;
}

/**
 * A cash-on-delivery payment's status once returns refunded some of it by bank transfer (issue 31
 * item 3): a Paid one (every line settled, cash collected) becomes PartiallyRefunded, or Refunded
 * once the refunds reach what was collected; any other status stays.
 * @param collectedCents - cash the couriers collected; @param refundedCents - refunds paid back so far
 */
export function codStatusAfterRefunds<S extends string>(
  status: S,
  collectedCents: number,
  refundedCents: number,
): S | 'PartiallyRefunded' | 'Refunded' {
  if (status !== 'Paid' || refundedCents <= 0) return status;
  return refundedCents >= collectedCents ? 'Refunded' : 'PartiallyRefunded';
}
