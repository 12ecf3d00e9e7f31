/**
 * The seller's low-stock alert (issue 30 item 9): the catalogue records ItemLowOnStock with the
 * stock write of a sale that took an item down to (or below) its seller's alert; the seller gets
 * one e-mail (template `low-stock`: the item, the units left and the alert level) through the BullMQ
 * `email` queue, once per event (job id `low-stock-<itemId>-<event version>`, platform's
 * mailOnce.ts, so a redelivery sends nothing more). Ordering sends it because it keeps the sellers'
 * e-mail addresses (store/readModels.ts) and already e-mails sellers about their sales; a seller
 * whose address it does not know (deleted, or a read model written before addresses were kept)
 * gets none, logged.
 */
import type { EventHandlers, SendOnce } from '@market/platform';
import type { Logger } from 'pino';
import type { ReadModels } from '../store/readModels';

export function lowStockMailHandlers(rm: ReadModels, send: SendOnce, logger: Logger): EventHandlers {
  return {
    ItemLowOnStock: async (e) => {
      const { itemId, SellerID, Item_name, Quantity, LowStockThreshold } = e.data;
      const seller = await rm.sellers.findById(SellerID).lean();
      if (!seller?.email || seller.deleted) {
        logger.warn({ itemId }, 'no e-mail address for the seller of a low-stock item; not e-mailed');
        return;
      }
      await send(`low-stock-${itemId}-${e.aggregateVersion}`, {
        to: seller.email,
        template: 'low-stock',
        data: { name: seller.ownername ?? seller.companyname, item: Item_name, quantity: Quantity, threshold: LowStockThreshold },
      });
    },
  };
}
