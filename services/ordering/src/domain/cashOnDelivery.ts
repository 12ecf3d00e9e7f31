/**
 * Cash on delivery, the rules without I/O (issue 29; README "Cash on delivery"). Money in cents of
 * LKR, as ordering stores it.
 *
 * - A checkout may be paid in cash at the door when its amount is at most the limit (contracts'
 *   COD_LIMIT_RUPEES unless config `COD_LIMIT_RUPEES` says otherwise) and fewer than
 *   COD_REFUSALS_ALLOWED deliveries to the customer were refused within COD_REFUSAL_WINDOW_DAYS.
 * - Each order line of such a checkout is collected on its own (one seller, one courier): the
 *   courier collects its total, and the checkout's first line also the delivery and VAT
 *   (DELIVERY_AND_VAT_CENTS), so collecting every line collects exactly the checkout's amount.
 * - The payment's status follows its lines: PendingCOD while a line not cancelled waits for its
 *   cash, then Paid (something collected) or Cancelled (nothing collected: every line refused,
 *   cancelled or the checkout rejected). Nothing is ever refunded: nothing was taken.
 */
import {
  COD_REFUSAL_WINDOW_DAYS,
  COD_REFUSALS_ALLOWED,
  COD_REFUSED,
  codOverLimitMessage,
  DELIVERY_AND_VAT_CENTS,
  type OrderStatus,
} from '@market/contracts';

/** Where a cash-on-delivery order line stands. */
export type CodLineStatus = 'Pending' | 'Collected' | 'Refused';

/** What a cash-on-delivery order line keeps (store/orders.ts `cod`). */
export interface CodLine {
  status: CodLineStatus;
  /** What the courier collects for the line, cents. */
  collectCents: number;
  collectedAt?: Date;
}

/**
 * What the courier collects for line `lineId` of a checkout whose order lines are `lineIds` (in
 * the checkout's order): the line's total, plus the delivery and VAT on the first line.
 */
export function collectCents(lineIds: readonly string[], lineId: string, lineTotalCents: number): number {
  return lineTotalCents + (lineIds[0] === lineId ? DELIVERY_AND_VAT_CENTS : 0);
}

/** Whether cash on delivery may pay a checkout: `reason` says why not (shown to the customer). */
export interface CodAvailability {
  available: boolean;
  reason?: string;
  /** The limit, rupees. */
  limit: number;
}

/**
 * @param amountCents - the checkout's amount, delivery and VAT included
 * @param limitRupees - the installation's limit
 * @param refusals - when deliveries to this customer were refused (any age; only the window counts)
 */
export function codAvailability(amountCents: number, limitRupees: number, refusals: readonly Date[], now = new Date()): CodAvailability {
  if (refusalsWithinWindow(refusals, now) >= COD_REFUSALS_ALLOWED) return { available: false, reason: COD_REFUSED, limit: limitRupees };
  if (amountCents > limitRupees * 100) return { available: false, reason: codOverLimitMessage(limitRupees), limit: limitRupees };
  return { available: true, limit: limitRupees };
}

/** How many of `refusals` fall within the last COD_REFUSAL_WINDOW_DAYS days before `now`. */
export function refusalsWithinWindow(refusals: readonly Date[], now: Date): number {
  const since = now.getTime() - COD_REFUSAL_WINDOW_DAYS * 86_400_000;
  return refusals.filter((at) => new Date(at).getTime() > since).length;
}

/** The payment status of a cash-on-delivery checkout, from its order lines as stored. */
export type CodPaymentStatus = 'PendingCOD' | 'Paid' | 'Cancelled';

/**
 * The payment of a cash-on-delivery checkout as its lines say (see the module's rules), with the
 * cents collected so far and how many lines are settled (collected, refused or cancelled: a number
 * that only grows, so it orders the states).
 * @param rejected - the checkout was rejected for stock: nothing will be collected
 */
export function codPayment(
  rejected: boolean,
  lines: readonly { status: OrderStatus; cod?: CodLine }[],
): { status: CodPaymentStatus; collectedCents: number; settled: number } {
  let collectedCents = 0;
  let settled = 0;
  let waiting = 0;
  for (const l of lines) {
    if (l.cod?.status === 'Collected') {
      collectedCents += l.cod.collectCents;
      settled++;
    } else if (l.status === 'Cancelled' || l.status === 'Rejected' || l.cod?.status === 'Refused') settled++;
    else waiting++;
  }
  if (rejected) return { status: 'Cancelled', collectedCents: 0, settled: lines.length };
  const status: CodPaymentStatus = waiting > 0 ? 'PendingCOD' : collectedCents > 0 ? 'Paid' : 'Cancelled';
  return { status, collectedCents, settled };
}
