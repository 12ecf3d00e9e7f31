/**
 * Identity's customer events (DESIGN.md section 3, "Expected flows"; spec 000 section 4):
 * - CustomerRegistered → an empty wishlist and an empty cart for that customer (get-or-create,
 *   so a request that already created them, or a redelivery, changes nothing).
 * - CustomerDeleted → the customer's wishlist and cart are removed, and the customer is kept as
 *   a tombstone so nothing creates them again.
 */
import { CustomerDeletedDataSchema, CustomerEventDataSchema } from '@market/contracts';
import { applyVersioned, type EventHandler } from '@market/platform';
import type { Model } from 'mongoose';
import { getOrCreateCart, type CartDoc } from '../store/carts';
import { ownerKey } from '../store/ownerKeyed';
import { isDeletedCustomer, type CustomerRefDoc } from '../store/readModels';
import { getOrCreateWishlist, type WishlistDoc } from '../store/wishlists';

/** Handlers of CustomerRegistered and CustomerDeleted, by event type, for the cart's consumer. */
export function customerHandlers(
  customers: Model<CustomerRefDoc>,
  wishlists: Model<WishlistDoc>,
  carts: Model<CartDoc>,
): Record<string, EventHandler> {
  return {
    CustomerRegistered: async (event) => {
      const { customerId } = CustomerEventDataSchema.parse(event.data);
      await applyVersioned(customers, customerId, event.aggregateVersion, { deleted: false });
      // A stale outcome may be a redelivery (create what is missing) or a later deletion (do not).
      if (await isDeletedCustomer(customers, customerId)) return;
      await getOrCreateWishlist(wishlists, customerId);
      await getOrCreateCart(carts, customerId);
    },
    CustomerDeleted: async (event) => {
      const { customerId } = CustomerDeletedDataSchema.parse(event.data);
      await applyVersioned(customers, customerId, event.aggregateVersion, { deleted: true });
      await wishlists.deleteOne({ _id: ownerKey(customerId) });
      await carts.deleteOne({ _id: ownerKey(customerId) });
    },
  };
}
