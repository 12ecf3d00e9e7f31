/**
 * The reviews service's consumer (group `reviews[-<MONGO_DB>]`; topics customer, item, seller,
 * order; docs/architecture.md, Expected flows). Every handler is safe to run twice:
 * read models go through `applyVersioned` and purchases are upserts of a fixed key.
 *
 * - CustomerRegistered / CustomerUpdated → names and photo (joined at read time, so a rename
 *   shows on old reviews); CustomerDeleted → anonymised ('Former customer', no photo).
 * - ItemCreated / ItemUpdated → name, brand, model, seller; ItemDeleted → a tombstone, and each
 *   of the item's reviews is deleted with its ReviewDeleted event by the reviews read model's
 *   projection (events/reviewProjection.ts), which does not give up while OpenSearch is down.
 * - SellerApproved / SellerUpdated → the seller may receive messages (and e-mails: owner's name and
 *   e-mail kept); SellerDeleted → no more.
 * - OrderConfirmed → a purchase per bought item (item lines and the items of package lines).
 */
import { applyVersioned, type EventHandler, type EventHandlers, isDuplicateKey } from '@market/platform';
import { purchasedItemIds } from '../domain/purchases';
import { normalId } from '../domain/rules';
import type { ReadModels } from '../store/readModels';
import { purchaseKey } from '../store/reviews';

/** The handlers by event type, for `consume()`. */
export function readModelHandlers(rm: ReadModels): EventHandlers {
  const customer: EventHandler<'CustomerRegistered' | 'CustomerUpdated'> = async (e) => {
    const c = e.data;
    await applyVersioned(rm.customers, normalId(c.customerId), e.aggregateVersion, {
      firstName: c.firstName,
      lastName: c.lastName,
      userImage: c.userImage,
      // The language of the customer's e-mails (issue 33 item 3; absent in older events: en).
      language: c.language ?? 'en',
      deleted: false,
    });
  };
  const item: EventHandler<'ItemCreated' | 'ItemUpdated'> = async (e) => {
    const i = e.data;
    await applyVersioned(rm.items, normalId(i.itemId), e.aggregateVersion, {
      Item_name: i.Item_name,
      Brand: i.Brand,
      Model: i.Model,
      SellerID: i.SellerID,
      deleted: false,
    });
  };
  const seller: EventHandler<'SellerApproved' | 'SellerUpdated'> = async (e) => {
    const s = e.data;
    await applyVersioned(rm.sellers, normalId(s.sellerId), e.aggregateVersion, {
      companyname: s.companyname,
      ownername: s.ownername,
      email: s.email,
      language: s.language ?? 'en',
      deleted: false,
    });
  };
  return {
    CustomerRegistered: customer,
    CustomerUpdated: customer,
    CustomerDeleted: async (e) => {
      const { customerId } = e.data;
      await applyVersioned(rm.customers, normalId(customerId), e.aggregateVersion, {
        firstName: '',
        lastName: '',
        userImage: '',
        deleted: true,
      });
    },
    ItemCreated: item,
    ItemUpdated: item,
    ItemDeleted: async (e) => {
      const itemId = normalId(e.data.itemId);
      // Tombstone first: an add racing with this sees the item gone.
      await applyVersioned(rm.items, itemId, e.aggregateVersion, { deleted: true });
      // Its reviews are deleted by the reviews read model's projection (events/reviewProjection.ts),
      // which retries until the index answers.
    },
    SellerApproved: seller,
    SellerUpdated: seller,
    SellerDeleted: async (e) => {
      const { sellerId } = e.data;
      await applyVersioned(rm.sellers, normalId(sellerId), e.aggregateVersion, { deleted: true });
    },
    OrderConfirmed: async (e) => {
      const o = e.data;
      const customerId = normalId(o.customerId);
      for (const itemId of purchasedItemIds(o)) {
        await rm.purchases
          .updateOne({ _id: purchaseKey(customerId, itemId) }, { $setOnInsert: { customerId, itemId } }, { upsert: true })
          .exec()
          .catch((err: unknown) => {
            // A concurrent redelivery inserted it: the same fact.
            if (!isDuplicateKey(err)) throw err;
          });
      }
    },
  };
}
