/**
 * Add an item (`POST /items/addItems`, spec 001 section 7): the seller's new item with its price
 * in cents (`Price` in rupees, rounded to cents), no discount (FinalPrice = Price), no rating,
 * version 1; ItemCreated is recorded in the same write (outbox, events/itemEvents.ts) and the item
 * is written to the search index at once (read-your-writes, best effort; store/aggregateWrites.ts).
 *
 * The SKU is unique over the seller's and everyone's live items, case-insensitively: the unique
 * `skuKey` (upper-cased SKU) refuses a second one with 409 SKU_IN_USE on `Stock_keeping_unit`.
 */
import { SKU_IN_USE, type ItemCreate } from '@market/contracts';
import { conflict, isDuplicateKey } from '@market/platform';
import { Types } from 'mongoose';
import { itemCreated, itemData } from '../events/itemEvents';
import { itemPut } from '../events/searchProjection';
import { cents, type ItemDoc } from '../store/items';
import type { ItemDeps } from './deps';

/**
 * @param sellerId - the calling seller's id
 * @param body - the validated body (contracts' ItemCreateSchema)
 * @param id - the new item's id: a fresh one, or the one a CSV import planned for the row (items/csvImport.ts)
 * @returns the stored item
 * @throws HttpError 409 SKU_IN_USE when the SKU is taken
 */
export async function addItem(d: ItemDeps, sellerId: string, body: ItemCreate, id = new Types.ObjectId()): Promise<ItemDoc> {
  const { Price, ...fields } = body;
  const priceCents = cents(Price);
  const doc = {
    _id: id,
    ...fields,
    priceCents,
    finalPriceCents: priceCents,
    skuKey: fields.Stock_keeping_unit.toUpperCase(),
    SellerID: sellerId,
    DiscountStatus: false,
    DiscountPrecentage: 0,
    ratingSum: 0,
    ratingCount: 0,
    rating: null,
    createdAt: new Date(),
    deleted: false,
    aggregateVersion: 1,
  } as unknown as ItemDoc;
  try {
    await d.items.create({ ...doc, pendingEvents: [itemCreated(doc, 1)] });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(SKU_IN_USE, { Stock_keeping_unit: SKU_IN_USE });
    throw err;
  }
  d.nudge();
  await d.writes.indexNow(itemPut(itemData(doc), 1));
  return doc;
}
