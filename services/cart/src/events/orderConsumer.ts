/**
 * The checkout saga's outcome (docs/architecture.md, Sagas; spec 000 section 4, "the server cart is
 * emptied"): OrderConfirmed takes the units the order bought off the customer's cart lines; a line
 * goes only when none of its units are left, so units added in another tab after the checkout
 * started stay (issue 29 defect 3). OrderPlaced and OrderRejected change nothing (a rejected order
 * keeps its cart lines). The cart records the order id in the same write, so a redelivery takes
 * nothing twice (store/carts.ts `removeBoughtUnits`).
 */
import type { EventHandlers } from '@market/platform';
import type { Model } from 'mongoose';
import { normalId } from '../domain/lines';
import { removeBoughtUnits, type CartDoc } from '../store/carts';
import { ownerKey } from '../store/ownerKeyed';

/** The OrderConfirmed handler, by event type, for the cart's consumer. */
export function orderHandlers(carts: Model<CartDoc>): EventHandlers {
  return {
    OrderConfirmed: async (event) => {
      const order = event.data;
      // One order may name a line twice (never today); the units add up.
      const units = (lines: { id: string; quantity: number }[]) => {
        const m = new Map<string, number>();
        for (const l of lines) m.set(normalId(l.id), (m.get(normalId(l.id)) ?? 0) + l.quantity);
        return m;
      };
      await removeBoughtUnits(
        carts,
        ownerKey(order.customerId),
        order.orderId,
        units(order.items.map((l) => ({ id: l.itemId, quantity: l.quantity }))),
        units(order.packages.map((l) => ({ id: l.packageId, quantity: l.quantity }))),
      );
    },
  };
}
