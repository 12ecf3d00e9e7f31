/**
 * When an admin suspends a seller (SellerSuspended, issue 30 item 10), its items and packages
 * leave the shoppers' listings until SellerReinstated: the seller's id goes into the catalogue's
 * suspended-sellers document (store/suspendedSellers.ts), which the listing queries leave out;
 * `onChange` then drops this replica's listing micro-cache. Nothing of the items is written.
 *
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
import { setSellerSuspended, type SuspendedSellersDoc } from '../store/suspendedSellers';
import { itemDeletion } from '../items/delete';
import { packageDeletion } from '../packages/delete';

/**
 * @param suspended - the suspended-sellers document's model
 * @param onChange - after a suspension or reinstatement (drops the listing micro-cache)
 */
export function sellerHandlers(
  items: Model<ItemDoc>,
  packages: Model<PackageDoc>,
  nudge: () => void,
  suspended: Model<SuspendedSellersDoc>,
  onChange: () => void = () => undefined,
): EventHandlers {
  return {
    SellerSuspended: async (event) => {
      await setSellerSuspended(suspended, event.data.sellerId, true);
      onChange();
    },
    SellerReinstated: async (event) => {
      await setSellerSuspended(suspended, event.data.sellerId, false);
      onChange();
    },
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
