/**
 * Refund rules of a seller's cancellation, without I/O. Cents of LKR
 * throughout, the unit ordering stores and puts in events (README "Money").
 *
 * A cancelled item or package order gives back what the line cost (unit price × quantity). The
 * delivery & VAT charge (spec 000 section 9: Rs. 100 once per checkout) goes back with the last
 * line of the checkout to be refunded, so cancelling every order of a checkout refunds exactly
 * what was charged and the payment becomes `Refunded`; until then it is `PartiallyRefunded`.
 */

/** One refund recorded on the checkout: the cancelled order line and the cents it gave back. */
export interface LineRefund {
  /** `<OrderID>-I<n>` or `<OrderID>-P<n>`. */
  lineId: string;
  amountCents: number;
  at: Date;
}

export type RefundStatus = 'PartiallyRefunded' | 'Refunded';

/** The numbers of one line's refund. */
export interface RefundPlan {
  /** Cents to give back now. */
  refundCents: number;
  /** Cents refunded after this refund, ≤ the charged amount. */
  refundedCents: number;
  status: RefundStatus;
}

/**
 * What refunding `lineId` gives back.
 * @param charged - the checkout's amount, delivery and VAT included (cents)
 * @param lineIds - every order line of the checkout
 * @param done - the refunds recorded so far (never `lineId`: a line is refunded once)
 * @param lineTotalCents - unit price × quantity of the cancelled line
 * @throws {Error} when `lineId` is not a line of the checkout or was refunded already
 */
export function planRefund(
  charged: number,
  lineIds: readonly string[],
  done: readonly LineRefund[],
  lineId: string,
  lineTotalCents: number,
): RefundPlan {
  if (!lineIds.includes(lineId)) throw new Error(`${lineId} is not an order of this checkout`);
  if (done.some((r) => r.lineId === lineId)) throw new Error(`${lineId} was refunded already`);
  const before = done.reduce((sum, r) => sum + r.amountCents, 0);
  const left = Math.max(0, charged - before);
  const last = lineIds.every((id) => id === lineId || done.some((r) => r.lineId === id));
  const refundCents = last ? left : Math.min(lineTotalCents, left);
  const refundedCents = before + refundCents;
  return { refundCents, refundedCents, status: last || refundedCents >= charged ? 'Refunded' : 'PartiallyRefunded' };
}

/**
 * The order-line ids of a checkout with `itemLines` item lines and `packageLines` package lines,
 * as ordering derives them (`<OrderID>-I1`…, `<OrderID>-P1`…; store/orders.ts).
 */
export function checkoutLineIds(orderId: string, lines: readonly { kind: 'item' | 'package' }[]): string[] {
  let i = 0;
  let p = 0;
  return lines.map((l) => (l.kind === 'item' ? `${orderId}-I${++i}` : `${orderId}-P${++p}`));
}

/** `item` for `<OrderID>-I<n>`, `package` for `<OrderID>-P<n>`, else null. */
export function lineKind(lineId: string): 'item' | 'package' | null {
  const m = /-([IP])\d{1,4}$/.exec(lineId);
  return m ? (m[1] === 'I' ? 'item' : 'package') : null;
}
