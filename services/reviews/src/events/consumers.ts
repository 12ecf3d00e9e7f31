/**
 * The reviews service's consumer (group `reviews[-<MONGO_DB>]`; topics customer, item, seller,
 * order; docs/architecture.md, Expected flows). Every handler is safe to run twice:
 * read models go through `applyVersioned`, purchases are upserts of a fixed key, and review
 * deletions skip reviews already deleted.
 *
 * - CustomerRegistered / CustomerUpdated → names and photo (joined at read time, so a rename
 *   shows on old reviews); CustomerDeleted → anonymised ('Former customer', no photo).
 * - ItemCreated / ItemUpdated → name, brand, model, seller; ItemDeleted → a tombstone, and each
 *   of the item's reviews (found through the reviews read model) is deleted with its
 *   ReviewDeleted event and its tombstone in the read model.
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
import { applyVersioned, type EventHandler, type EventHandlers, isDuplicateKey } from '@market/platform';
import type { Model } from 'mongoose';
import { purchasedItemIds } from '../domain/purchases';
import { normalId } from '../domain/rules';
import type { ReadModels } from '../store/readModels';
import { deleteReview, findReview, type Nudge } from '../store/reviewWrites';
import { purchaseKey, type ReviewDoc } from '../store/reviews';
import type { ReviewSearch } from './reviewProjection';

/** The most reviews of one deleted item removed by one delivery of ItemDeleted (a redelivery goes on). */
const ITEM_REVIEWS_LIMIT = 100_000;

/** The handlers by event type, for `consume()`. */
export function readModelHandlers(rm: ReadModels, reviews: Model<ReviewDoc>, nudge: Nudge, search: ReviewSearch): EventHandlers {
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
      // The item's reviews from the read model (every review written through a request is in it
      // before that request answered), each read by `_id`. Each deletion is announced so ratings
      // and reports follow; one that keeps changing, or an index that does not answer, fails the
      // handler, which is retried.
      const { views } = await search.index.searchAll({ query: { term: { itemid: itemId } } }, ITEM_REVIEWS_LIMIT);
      for (const row of views) {
        const r = await findReview(reviews, row._id);
        if (!r || r.deleted || r.itemid !== itemId) continue;
        const done = await deleteReview(reviews, nudge, r);
        if (done === 'busy') throw new Error(`review ${row._id} kept changing`);
        if (done !== 'gone') await search.indexNow(done);
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
