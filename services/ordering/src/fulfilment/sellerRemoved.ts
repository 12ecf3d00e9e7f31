/**
 * The orders of a seller who left (issue 30 item 2: an admin accepted the seller's deletion request,
 * `DELETE /orgSeller/delete/{id}`, and identity recorded SellerDeleted). Nobody is left to ship
 * them, so:
 *
 * - every **unshipped** order line of the seller (Confirmed) is cancelled by the marketplace
 *   through the cancellation saga: stock back (to nothing, the items are gone), refund through the
 *   payment provider once (nothing for cash on delivery), the customer e-mailed with the reason
 *   (contracts' SELLER_REMOVED_REASON, kept on the line as `statusNote`);
 * - **shipped** lines stay as they are: the parcel is on its way, so an admin finishes them from
 *   the admin's Orders page (`PUT /Orders/resolve/{id}`: Delivered; for cash on delivery the cash
 *   outcome, `PUT /Orders/cod/{id}`).
 *
 * The lines are found in the orders read model (the seller's Confirmed lines, after a refresh so
 * every line settled before the event is seen), and each is moved by `_id` with the same
 * compare-and-set as a seller's cancel (changeStatus.ts). A checkout confirmed while the seller was
 * being removed is caught by {@link cancelLinesOfRemovedSellers}, which the saga runs after each
 * confirmation. Redelivery is safe: a line already Cancelled (409 from the move) is skipped. While
 * the read model answers 503 the consumer tries the sweep again (platform's IdempotentConsumer).
 */
import { SELLER_REMOVED_REASON } from '@market/contracts';
import { HttpError, type EventHandlers } from '@market/platform';
import { orderListSearch, type OrderKind } from '../domain/orderSearch';
import { orderLineIds } from '../store/orders';
import type { CheckoutDoc } from '../store/checkouts';
import type { ReadModels } from '../store/readModels';
import { changeOrderStatus, type StatusDeps } from './changeStatus';

/** Most open lines one removed seller's event cancels in one go (more are left for the admin's Orders page). */
const MAX_LINES = 10_000;

export interface SellerRemovedDeps extends StatusDeps {
  rm: ReadModels;
}

/** Cancels one line as the marketplace; a line no longer Confirmed (done already, or shipped meanwhile) is left alone. */
async function cancelLine(d: StatusDeps, kind: OrderKind, orderLineId: string): Promise<void> {
  try {
    await changeOrderStatus(d, {
      actor: { note: { by: 'marketplace', reason: SELLER_REMOVED_REASON } },
      kind,
      orderLineId,
      status: 'Cancelled',
    });
  } catch (err) {
    // 404: not held here; 409: not Confirmed any more (a redelivery, or shipped meanwhile).
    if (err instanceof HttpError && (err.status === 404 || err.status === 409)) return;
    throw err;
  }
}

/** SellerDeleted → the seller's unshipped lines cancelled (run after the read-model handler marks the seller deleted). */
export function sellerRemovedHandlers(d: SellerRemovedDeps): EventHandlers {
  return {
    SellerDeleted: async (e) => {
      const index = d.book.search?.orders;
      if (!index) return;
      const { sellerId } = e.data;
      // Lines settled on another path shortly before are in the index but maybe not yet searchable.
      await index.refresh();
      for (const kind of ['item', 'package'] as const) {
        const { views } = await index.searchAll(orderListSearch(kind, { sellerId }, { status: 'Confirmed' }), MAX_LINES);
        for (const line of views) await cancelLine(d, kind, line._id);
      }
    },
  };
}

/**
 * After a checkout is confirmed: cancels its lines whose seller was removed meanwhile (the
 * SellerDeleted handler may have searched before these lines were Confirmed).
 */
export async function cancelLinesOfRemovedSellers(d: SellerRemovedDeps, c: CheckoutDoc): Promise<void> {
  if (c.status !== 'Confirmed') return;
  const lines = orderLineIds(c);
  for (const [n, line] of c.lines.entries()) {
    const seller = await d.rm.sellers.findById(line.sellerId).lean();
    if (seller?.deleted) await cancelLine(d, lines[n]!.kind, lines[n]!.id);
  }
}
