/**
 * The reviews service's consumer (group `reviews[-<MONGO_DB>]`; topics customer, item, seller,
 * order; docs/architecture.md, Expected flows). Every handler is safe to run twice:
 * read models go through `applyVersioned`, purchases are upserts of a fixed key, and review
 * deletions skip reviews already deleted.
 *
 * - CustomerRegistered / CustomerUpdated → names and photo (joined at read time, so a rename
 *   shows on old reviews); CustomerDeleted → anonymised ('Former customer', no photo).
 * - ItemCreated / ItemUpdated → name, brand, model, seller; ItemDeleted → a tombstone, and each
 *   of the item's reviews is deleted with its ReviewDeleted event.
 * - SellerApproved / SellerUpdated → the seller may receive messages; SellerDeleted → no more.
 * - OrderConfirmed → a purchase per bought item (item lines and the items of package lines).
 */
import {
  CustomerDeletedDataSchema,
  CustomerEventDataSchema,
  ItemDeletedDataSchema,
  ItemEventDataSchema,
  OrderOutcomeDataSchema,
  SellerEventDataSchema,
  SellerRefDataSchema,
  type EventEnvelope,
} from '@market/contracts';
import { applyVersioned, type EventHandler, type EventHandlers, isDuplicateKey, type OwnerLists } from '@market/platform';
import type { Model } from 'mongoose';
import { purchasedItemIds } from '../domain/purchases';
import { normalId } from '../domain/rules';
import type { ReadModels } from '../store/readModels';
import { reviewListId } from '../store/reviewLists';
import { deleteReview, findReview, type Nudge } from '../store/reviewWrites';
import { reviewKey, type ReviewDoc, type ReviewKeyDoc } from '../store/reviews';

/** The handlers by event type, for `consume()`. */
export function readModelHandlers(
  rm: ReadModels,
  reviews: Model<ReviewDoc>,
  keys: Model<ReviewKeyDoc>,
  nudge: Nudge,
  lists: OwnerLists,
): EventHandlers {
  const customer: EventHandler = async (e: EventEnvelope) => {
    const c = CustomerEventDataSchema.parse(e.data);
    await applyVersioned(rm.customers, normalId(c.customerId), e.aggregateVersion, {
      firstName: c.firstName,
      lastName: c.lastName,
      userImage: c.userImage,
      deleted: false,
    });
  };
  const item: EventHandler = async (e: EventEnvelope) => {
    const i = ItemEventDataSchema.parse(e.data);
    await applyVersioned(rm.items, normalId(i.itemId), e.aggregateVersion, {
      Item_name: i.Item_name,
      Brand: i.Brand,
      Model: i.Model,
      SellerID: i.SellerID,
      deleted: false,
    });
  };
  const seller: EventHandler = async (e: EventEnvelope) => {
    const s = SellerEventDataSchema.parse(e.data);
    await applyVersioned(rm.sellers, normalId(s.sellerId), e.aggregateVersion, { companyname: s.companyname, deleted: false });
  };
  return {
    CustomerRegistered: customer,
    CustomerUpdated: customer,
    CustomerDeleted: async (e) => {
      const { customerId } = CustomerDeletedDataSchema.parse(e.data);
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
      const itemId = normalId(ItemDeletedDataSchema.parse(e.data).itemId);
      // Tombstone first: an add racing with this sees the item gone.
      await applyVersioned(rm.items, itemId, e.aggregateVersion, { deleted: true });
      // The item's own review list, each review read by `_id` (no scan of the collection). Each
      // deletion is announced so ratings and reports follow; one that keeps changing fails the
      // handler, which is retried.
      for await (const [id] of lists.walk(reviewListId({ by: 'i', id: itemId }))) {
        const r = await findReview(reviews, id);
        if (!r || r.itemid !== itemId) continue;
        if ((await deleteReview(reviews, keys, nudge, r, lists)) === 'busy') throw new Error(`review ${id} kept changing`);
      }
    },
    SellerApproved: seller,
    SellerUpdated: seller,
    SellerDeleted: async (e) => {
      const { sellerId } = SellerRefDataSchema.parse(e.data);
      await applyVersioned(rm.sellers, normalId(sellerId), e.aggregateVersion, { deleted: true });
    },
    OrderConfirmed: async (e) => {
      const o = OrderOutcomeDataSchema.parse(e.data);
      const customerId = normalId(o.customerId);
      for (const itemId of purchasedItemIds(o)) {
        await rm.purchases
          .updateOne({ _id: reviewKey(customerId, itemId) }, { $setOnInsert: { customerId, itemId } }, { upsert: true })
          .exec()
          .catch((err: unknown) => {
            // A concurrent redelivery inserted it: the same fact.
            if (!isDuplicateKey(err)) throw err;
          });
      }
    },
  };
}
