/**
 * Identity's customer events (docs/architecture.md, Expected flows; spec 000 section 4):
 * - CustomerRegistered → an empty wishlist and an empty cart for that customer (get-or-create,
 *   so a request that already created them, or a redelivery, changes nothing).
 * - CustomerRegistered / CustomerUpdated → the name, e-mail and "E-mail me about my wishlist"
 *   setting the wishlist alerts need (absent in older events: on).
 * - CustomerDeleted → the customer's wishlist and cart are removed (and the wishlist's entries from
 *   the wishlist entries index), and the customer is kept as a tombstone without contact
 *   details so nothing creates them again.
 */
import type { CustomerEventData } from '@market/contracts';
import { applyVersioned, type EventHandlers, type SearchIndex } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { getOrCreateCart, type CartDoc } from '../store/carts';
import { ownerKey } from '../store/ownerKeyed';
import { isDeletedCustomer, type CustomerRefDoc } from '../store/readModels';
import { settleEntries, type EntryView } from '../store/wishlistEntries';
import { deleteWishlist, getOrCreateWishlist, type WishlistDoc } from '../store/wishlists';

/** What the wishlist alerts keep of a customer event. */
const contact = (c: CustomerEventData) => ({
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  wishlistAlerts: c.wishlistAlerts !== false,
});

/** Handlers of CustomerRegistered, CustomerUpdated and CustomerDeleted, by event type, for the cart's consumer. */
export function customerHandlers(
  customers: Model<CustomerRefDoc>,
  wishlists: Model<WishlistDoc>,
  carts: Model<CartDoc>,
  entries: SearchIndex<EntryView>,
  logger: Logger,
): EventHandlers {
  return {
    CustomerRegistered: async (event) => {
      const data = event.data;
      const { customerId } = data;
      await applyVersioned(customers, customerId, event.aggregateVersion, { deleted: false, ...contact(data) });
      // A stale outcome may be a redelivery (create what is missing) or a later deletion (do not).
      if (await isDeletedCustomer(customers, customerId)) return;
      await getOrCreateWishlist(wishlists, customerId);
      await getOrCreateCart(carts, customerId);
    },
    CustomerUpdated: async (event) => {
      const data = event.data;
      // Never undoes a deletion: a CustomerUpdated older than CustomerDeleted is stale here.
      await applyVersioned(customers, data.customerId, event.aggregateVersion, contact(data));
    },
    CustomerDeleted: async (event) => {
      const { customerId } = event.data;
      await applyVersioned(customers, customerId, event.aggregateVersion, {
        deleted: true,
        firstName: '',
        lastName: '',
        email: '',
      });
      // Soft: its last WishlistChanged tombstones its entries through the projection; the relay
      // then removes the document. The entries go at once here too, at the deletion's rev.
      const deleted = await deleteWishlist(wishlists, customerId);
      if (deleted) await settleEntries(entries, logger, customerId, { items: [], removed: deleted.removed, rev: deleted.rev });
      await carts.deleteOne({ _id: ownerKey(customerId) });
    },
  };
}
