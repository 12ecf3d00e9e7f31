/**
 * The checkout saga's outcome (docs/architecture.md, Sagas; spec 000 section 4, "the server cart is
 * emptied"): OrderConfirmed removes the bought item and package lines from the customer's cart.
 * OrderPlaced and OrderRejected change nothing (a rejected order keeps its cart lines). The
 * removal is `$pullAll` of exact ids, so a redelivery changes nothing.
 */
import type { EventHandlers } from '@market/platform';
import type { Model } from 'mongoose';
import { normalId } from '../domain/lines';
import { removeCartLines, type CartDoc } from '../store/carts';
import { ownerKey } from '../store/ownerKeyed';

/** The OrderConfirmed handler, by event type, for the cart's consumer. */
export function orderHandlers(carts: Model<CartDoc>): EventHandlers {
  return {
    OrderConfirmed: async (event) => {
      const order = event.data;
      await removeCartLines(
        carts,
        ownerKey(order.customerId),
        order.items.map((l) => normalId(l.itemId)),
        order.packages.map((l) => normalId(l.packageId)),
      );
    },
  };
}
