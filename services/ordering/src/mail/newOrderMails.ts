/**
 * "E-mail to the seller for each new order": when a checkout
 * is Confirmed (ordering's own OrderConfirmed), each seller with lines in it gets one e-mail
 * (template `seller-new-order`) listing their orders, quantities and totals, once per checkout
 * and seller (job id `new-order-<OrderID>-<sellerId>`, see platform's mailOnce.ts), with the
 * checkout's delivery address on one line (contracts' formatAddress; "No delivery address given" when
 * the pay carried none, as the documents' client does). A seller whose e-mail
 * ordering does not know (read model written before the e-mail was kept) gets none, logged.
 */
import { formatAddress, formatLkr } from '@market/contracts';
import type { EventHandlers, SendOnce } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { checkoutLineIds } from '../cancellation/refunds';
import type { CheckoutDoc } from '../store/checkouts';
import type { ReadModels } from '../store/readModels';

/** What an order without a delivery address shows (one paid by the documents' client). */
export const NO_DELIVERY_ADDRESS = 'No delivery address given';

export function newOrderMailHandlers(checkouts: Model<CheckoutDoc>, rm: ReadModels, send: SendOnce, logger: Logger): EventHandlers {
  return {
    OrderConfirmed: async (e) => {
      const { orderId } = e.data;
      const c = await checkouts.findById(orderId).lean<CheckoutDoc>();
      // Only a checkout held here and confirmed with a payment has sellers to tell.
      if (!c || c.status !== 'Confirmed' || !c.payment) return;
      const ids = checkoutLineIds(c._id, c.lines);
      const bySeller = new Map<string, string[]>();
      c.lines.forEach((l, n) => {
        const rows = bySeller.get(l.sellerId) ?? [];
        rows.push(
          `${ids[n]}: ${l.quantity} × ${l.name} (${l.kind === 'package' ? 'package' : 'item'}), ${formatLkr(l.unitPriceCents * l.quantity)}`,
        );
        bySeller.set(l.sellerId, rows);
      });
      const deliverTo = c.DeliverTo ? formatAddress(c.DeliverTo) : NO_DELIVERY_ADDRESS;
      for (const [sellerId, lines] of bySeller) {
        const seller = await rm.sellers.findById(sellerId).lean();
        if (!seller?.email || seller.deleted) {
          logger.warn({ orderId, sellerId }, 'no e-mail address for the seller of a new order; not e-mailed');
          continue;
        }
        await send(`new-order-${orderId}-${sellerId}`, {
          to: seller.email,
          ...(seller.language ? { language: seller.language } : {}),
          template: 'seller-new-order',
          data: {
            name: seller.ownername || seller.companyname,
            companyname: seller.companyname,
            orderId,
            lines,
            deliverTo,
            ...(c.payment?.PaymentType === 'CashOnDelivery' ? { cashOnDelivery: true } : {}),
          },
        });
      }
    },
  };
}
