/**
 * The seller's e-mail of an order its customer cancelled before it was shipped (issue 31 item 2):
 * on OrderStatusChanged to Cancelled of a line whose `statusNote` says `by: 'customer'`, the
 * seller is told which order, why (the customer's reason) and not to ship it (template
 * `seller-order-cancelled`, services/notifications), once per line: job id
 * `seller-cancelled-<orderLineId>` (platform's mailOnce.ts), so a redelivered event or a crash
 * between steps sends no second mail. What it says is read from the order as stored, never from
 * the event; a line this service does not hold, not Cancelled, or cancelled by someone else sends
 * nothing. A seller ordering has no e-mail for (deleted) gets none, logged.
 */
import type { EventHandlers, SendOnce } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { lineKind } from '../cancellation/refunds';
import type { ItemOrderDoc, OrderBook } from '../store/orders';
import type { ReadModels } from '../store/readModels';
import { orderProduct } from './customerOrderMails';

export function sellerCancelMailHandlers(book: OrderBook, rm: ReadModels, send: SendOnce, logger: Logger): EventHandlers {
  return {
    OrderStatusChanged: async (e) => {
      const s = e.data;
      if (s.status !== 'Cancelled') return;
      const kind = lineKind(s.orderLineId);
      if (!kind) return;
      const model = (kind === 'item' ? book.itemOrders : book.packageOrders) as unknown as Model<ItemOrderDoc>;
      const order = await model.findById(s.orderLineId).lean<ItemOrderDoc>();
      if (!order || order.OrderID !== s.orderId || order.status !== 'Cancelled' || order.statusNote?.by !== 'customer') return;
      const seller = await rm.sellers.findById(order.SellerID).lean();
      if (!seller?.email || seller.deleted) {
        logger.warn({ orderLineId: order._id }, 'no e-mail address for the seller of an order the customer cancelled; not e-mailed');
        return;
      }
      await send(`seller-cancelled-${order._id}`, {
        to: seller.email,
        template: 'seller-order-cancelled',
        data: {
          name: seller.ownername || seller.companyname,
          orderLineId: order._id,
          product: orderProduct(kind, order),
          quantity: order.OQuantity,
          reason: order.statusNote.reason,
        },
      });
    },
  };
}
