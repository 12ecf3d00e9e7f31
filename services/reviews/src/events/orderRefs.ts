/**
 * OrderPlaced → `order_refs` (store/orderRefs.ts): the order's customer and the sellers of its item
 * and package lines, for contact messages about an order (issue 30 item 6). Idempotent: an upsert
 * that only inserts (a checkout's OrderPlaced always names the same lines), a concurrent duplicate
 * insert is the same fact.
 */
import { isDuplicateKey, type EventHandlers } from '@market/platform';
import type { Model } from 'mongoose';
import { normalId } from '../domain/rules';
import type { OrderRefDoc } from '../store/orderRefs';

/** The handler by event type, for the service's subscription list. */
export function orderRefHandlers(orderRefs: Model<OrderRefDoc>): Pick<Required<EventHandlers>, 'OrderPlaced'> {
  return {
    OrderPlaced: async (e) => {
      const o = e.data;
      const sellerIds = [
        ...new Set(
          [...o.items, ...o.packages]
            .map((l) => l.sellerId)
            .filter((s): s is string => Boolean(s))
            .map(normalId),
        ),
      ];
      await orderRefs
        .updateOne({ _id: o.orderId }, { $setOnInsert: { customerId: normalId(o.customerId), sellerIds } }, { upsert: true })
        .exec()
        .catch((err: unknown) => {
          if (!isDuplicateKey(err)) throw err;
        });
    },
  };
}
