/** The item a seller's write starts from. */
import { notFound } from '@market/platform';
import type { Types } from 'mongoose';
import type { ItemDoc } from '../store/items';
import type { ItemDeps } from './deps';

/**
 * The seller's own item, not deleted.
 * @throws HttpError 404 when there is none, or it is someone else's (not told apart, spec 001 section 7)
 */
export async function ownItem(d: Pick<ItemDeps, 'items'>, sellerId: string, id: Types.ObjectId): Promise<ItemDoc> {
  const item = await d.items.findOne({ _id: id, deleted: false }).lean<ItemDoc>();
  if (!item || item.SellerID !== sellerId) throw notFound();
  return item;
}
