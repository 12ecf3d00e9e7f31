/**
 * Finish a paid checkout: the one step both the pay request (pay.ts, and a repeated pay of a
 * checkout no longer Open) and the saga's decisions (decide.ts) end with.
 *
 * 1. Writes the paid checkout's records (orders, payment-history record, customer-order record:
 *    store/orders.ts `materializeOrders`) unless the checkout says they are all
 *    written (store/checkouts.ts `writeOrdersOnce`, the `ordersWritten` mark).
 * 2. Re-reads the checkout by `_id`: a decision (StockReserved/StockRejected) may have landed while
 *    the records were being written, or since the caller read it.
 * 3. Settles the orders to the checkout's decided status (`settleOrders`: Confirmed or Rejected,
 *    the history record Refunded on a rejection; nothing while it awaits stock).
 *
 * 4. Indexes the records as stored into the search read models (store/orders.ts `indexCheckout`).
 *
 * Every step is idempotent, so a redelivered event or a repeated request after a crash finishes
 * the job. An `Open` checkout (no payment) gets no records. Answers the checkout as stored.
 */
import { writeOrdersOnce, type CheckoutDoc } from '../store/checkouts';
import { indexCheckout, materializeOrders, settleOrders } from '../store/orders';
import type { CheckoutDeps } from './deps';

export async function finishCheckout(
  d: Pick<CheckoutDeps, 'checkouts' | 'book'>,
  c: CheckoutDoc,
  { refresh }: { refresh?: 'wait_for' } = {},
): Promise<CheckoutDoc> {
  const latest = await recordCheckout(d, c);
  // The orders, the history row and the customer-order record into their lists at once (with
  // `refresh` for the paying customer, who opens them next); the projections write the same.
  await indexCheckout(d.book, latest, refresh);
  return latest;
}

/**
 * Steps 1–3 of {@link finishCheckout}: the records written and settled, not yet indexed. The pay
 * request sends OrderPlaced between this and the index write, whose `refresh=wait_for` can take
 * up to the index's refresh interval (about a second): the stock decision need not wait for it.
 * Answers the checkout as re-read after the records were written.
 */
export async function recordCheckout(d: Pick<CheckoutDeps, 'checkouts' | 'book'>, c: CheckoutDoc): Promise<CheckoutDoc> {
  // Usually the pay request has written the records already (ordersWritten): only settle them.
  await writeOrdersOnce(d.checkouts, c, (paid) => materializeOrders(d.book, paid));
  const latest = (await d.checkouts.findById(c._id).lean<CheckoutDoc>()) ?? c;
  await settleOrders(d.book, latest);
  return latest;
}
