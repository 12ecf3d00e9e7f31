/**
 * Item events recorded through the outbox: what cart, ordering, reviews and reporting
 * keep in their read models — names, seller, prices in cents, discount, availability, stock and
 * images — and the rest of the item with its rating, which the search index answers whole.
 * ItemDeleted carries only the id.
 */
import type { ItemEventData } from '@market/contracts';
import { pendingEvent, type PendingEvent } from '@market/platform';
import type { ItemDoc } from '../store/items';

export function itemData(i: ItemDoc): ItemEventData {
  return {
    itemId: String(i._id),
    Item_name: i.Item_name,
    Brand: i.Brand,
    Model: i.Model,
    Category: i.Category,
    SellerID: i.SellerID,
    Stock_keeping_unit: i.Stock_keeping_unit,
    priceCents: i.priceCents,
    finalPriceCents: i.finalPriceCents,
    DiscountStatus: i.DiscountStatus,
    DiscountPrecentage: i.DiscountPrecentage,
    ItemAvailabilityStatus: i.ItemAvailabilityStatus,
    Quantity: i.Quantity,
    LowStockThreshold: i.LowStockThreshold ?? 0,
    Images: i.Images,
    Description: i.Description,
    Specification: i.Specification,
    WHT: i.WHT,
    Warrenty: i.Warrenty,
    Color_family: i.Color_family,
    Other_colors: i.Other_colors,
    createdAt: new Date(i.createdAt).toISOString(),
    rating: i.rating ?? null,
    ratingCount: i.ratingCount ?? 0,
  };
}

export const itemCreated = (i: ItemDoc, version: number): PendingEvent => pendingEvent('ItemCreated', String(i._id), version, itemData(i));
export const itemUpdated = (i: ItemDoc, version: number): PendingEvent => pendingEvent('ItemUpdated', String(i._id), version, itemData(i));
/** ItemLowOnStock of an item a sale took to or below its low-stock alert (issue 30 item 9), at version `version`. */
export const itemLowOnStock = (i: ItemDoc, version: number): PendingEvent =>
  pendingEvent('ItemLowOnStock', String(i._id), version, {
    itemId: String(i._id),
    SellerID: i.SellerID,
    Item_name: i.Item_name,
    Quantity: i.Quantity,
    LowStockThreshold: i.LowStockThreshold ?? 0,
  });
export const itemDeleted = (id: string, version: number): PendingEvent => pendingEvent('ItemDeleted', id, version, { itemId: id });
