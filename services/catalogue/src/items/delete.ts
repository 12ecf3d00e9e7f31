/**
 * Delete an item (`DELETE /items/delete/{id}`, spec 001 section 7): the seller's own item, or any
 * item for an admin. The item is marked deleted with ItemDeleted in the same write (carts, orders,
 * reviews and reports learn it from the event) and leaves the search index at once; its SKU is
 * free again at once; the outbox relay removes the document once the event is out.
 */
import { notFound, type PendingEvent } from '@market/platform';
import type { Types } from 'mongoose';
import { itemDeleted } from '../events/itemEvents';
import type { ItemDoc } from '../store/items';
import type { ItemDeps } from './deps';

/**
 * What deleting item `id` sets and records: marked deleted, its SKU free again at once, and
 * ItemDeleted. The same write for a seller's or admin's delete and for the removal of a deleted
 * seller's items (events/sellerConsumer.ts, which leaves the index to the projection).
 */
export function itemDeletion(id: string): { set: { deleted: true; skuKey: string }; event: (version: number) => PendingEvent } {
  return { set: { deleted: true, skuKey: `deleted:${id}` }, event: (v) => itemDeleted(id, v) };
}

/**
 * @param caller - the seller (own items only) or admin deleting it
 * @throws HttpError 404 when there is no such live item, or it is another seller's; 409 when it changed meanwhile
 */
export async function deleteItem(d: ItemDeps, caller: { id: string; role: string }, id: Types.ObjectId): Promise<void> {
  const item = await d.items.findOne({ _id: id, deleted: false }).lean<ItemDoc>();
  if (!item || (caller.role === 'seller' && item.SellerID !== caller.id)) throw notFound();
  const { set, event } = itemDeletion(String(id));
  await d.writes.remove(item, set, event);
}
