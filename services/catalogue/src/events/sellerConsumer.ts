/**
 * When identity removes a seller (SellerDeleted, spec 001 section 4: the admin accepts a deletion
 * request), the seller's items and packages leave the catalogue, each with its ItemDeleted or
 * PackageDeleted event so carts, orders and reports learn it: the same write as a seller's delete
 * (items/delete.ts, packages/delete.ts), without its read-your-writes index write (the search
 * projection removes them). Running it twice finds nothing left.
 */
import { updateAggregate, type EventHandlers } from '@market/platform';
import type { Model } from 'mongoose';
import type { ItemDoc } from '../store/items';
import type { PackageDoc } from '../store/packages';
import { itemDeletion } from '../items/delete';
import { packageDeletion } from '../packages/delete';

export function sellerHandlers(items: Model<ItemDoc>, packages: Model<PackageDoc>, nudge: () => void): EventHandlers {
  return {
    SellerDeleted: async (event) => {
      const { sellerId } = event.data;
      // A write that loses a race (the seller edited the item meanwhile) throws: the consumer
      // retries the whole event, which then finds only what is left.
      for (const item of await items.find({ SellerID: sellerId, deleted: false }).lean<ItemDoc[]>()) {
        const id = String(item._id);
        const { set, event } = itemDeletion(id);
        const ok = await updateAggregate(items, item._id, item.aggregateVersion, { $set: set }, (v) => [event(v)]);
        if (!ok) throw new Error(`item ${id} changed while its seller was being removed`);
      }
      for (const p of await packages.find({ seller: sellerId, deleted: false }).lean<PackageDoc[]>()) {
        const id = String(p._id);
        const { set, event } = packageDeletion(id);
        if (!(await updateAggregate(packages, p._id, p.aggregateVersion, { $set: set }, (v) => [event(v)]))) {
          throw new Error(`package ${id} changed while its seller was being removed`);
        }
      }
      nudge();
    },
  };
}
