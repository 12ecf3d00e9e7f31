/**
 * Items collection (spec 001 section 3, "Item"): an aggregate with the outbox plugin, so every
 * change records its ItemCreated / ItemUpdated / ItemDeleted event in the same write
 * (docs/architecture.md, Events). Money is stored in integer cents; the wire shows rupees.
 * `Stock_keeping_unit` is unique across all items (spec 001 section 5) by a unique index on its
 * upper-cased copy, which also settles two concurrent creates.
 */
import { rupees } from '@market/contracts';
import { outboxPlugin, type OutboxFields } from '@market/platform';
import { Schema, Types, type Connection, type Model, type Query } from 'mongoose';
import type { ItemFields } from '../domain/search';
import { itemWrites } from './itemViewCache';

/** A stored item: the seller's fields ({@link ItemFields}), its prices in cents and its bookkeeping. */
export interface ItemDoc extends OutboxFields, ItemFields {
  _id: Types.ObjectId;
  priceCents: number;
  finalPriceCents: number;
  /** Upper-cased `Stock_keeping_unit`, the unique key (`deleted:<id>` once deleted). */
  skuKey: string;
  /** Sum and count of review stars, from review events; `rating` is their truncated mean. */
  ratingSum: number;
  ratingCount: number;
  rating: number | null;
  createdAt: Date;
  deleted: boolean;
  /**
   * In-flight marks of the checkout saga (services/catalogue/src/events/stockConsumer.ts):
   * `take:<orderId>` or `give:<orderId>`, pushed by the compare-and-set write that changes
   * Quantity and pulled once the order line's stock hold (store/stockHolds.ts) records the change.
   * Holds only the reservations being written at this moment, so it does not grow with sales.
   * Missing on documents written before it existed (read as empty).
   */
  stockMarks?: string[];
  /**
   * Formerly every order that ever reserved the item, growing with each sale. No longer
   * written; removed by the item's next stock write.
   */
  stockReservations?: string[];
  /** Set when a reservation took the last unit and so made the item unavailable. */
  soldOut: boolean;
  /** The seller's low-stock alert (issue 30 item 9; 0: off); missing on items written before it (read as 0). */
  LowStockThreshold?: number;
}

const schema = new Schema<ItemDoc>(
  {
    Item_name: { type: String, required: true },
    Brand: { type: String, required: true },
    Model: { type: String, required: true },
    Quantity: { type: Number, required: true },
    LowStockThreshold: { type: Number, default: 0 },
    priceCents: { type: Number, required: true },
    finalPriceCents: { type: Number, required: true },
    Stock_keeping_unit: { type: String, required: true },
    skuKey: { type: String, required: true },
    Description: { type: String, default: '' },
    Specification: { type: String, default: '' },
    WHT: { type: String, default: '' },
    Warrenty: { type: Number, default: 1 },
    Color_family: { type: [String], default: [] },
    Other_colors: { type: String, default: '' },
    Images: { type: [String], default: [] },
    Category: { type: String, required: true },
    SellerID: { type: String, required: true },
    ItemAvailabilityStatus: { type: Boolean, default: true },
    DiscountStatus: { type: Boolean, default: false },
    DiscountPrecentage: { type: Number, default: 0 },
    ratingSum: { type: Number, default: 0 },
    ratingCount: { type: Number, default: 0 },
    rating: { type: Number, default: null },
    createdAt: { type: Date, required: true },
    deleted: { type: Boolean, default: false },
    stockMarks: { type: [String], default: [] },
    stockReservations: { type: [String], default: undefined },
    soldOut: { type: Boolean, default: false },
  },
  { collection: 'items', versionKey: false },
);
schema.plugin(outboxPlugin);
// Every item write of this process names the item to the answer cache (store/itemViewCache.ts).
schema.post(
  ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'deleteOne', 'deleteMany'],
  function (this: Query<unknown, ItemDoc>) {
    const id = (this.getFilter() as { _id?: unknown })._id;
    itemWrites.emit('write', typeof id === 'string' || id instanceof Types.ObjectId ? String(id) : '*');
  },
);
schema.index({ skuKey: 1 }, { unique: true });
schema.index({ SellerID: 1, createdAt: -1 });
schema.index({ Category: 1, finalPriceCents: 1 });
schema.index({ deleted: 1 });

export function itemModel(conn: Connection): Model<ItemDoc> {
  return (conn.models.Item as Model<ItemDoc>) ?? conn.model<ItemDoc>('Item', schema);
}

/** Rupees from the wire → cents. */
export const cents = (rupees: number) => Math.round(rupees * 100);

/** An item as the documents return it (Price and FinalPrice in rupees), with its rating and version. */
export function itemView(i: ItemDoc) {
  return {
    _id: String(i._id),
    Item_name: i.Item_name,
    Brand: i.Brand,
    Model: i.Model,
    Quantity: i.Quantity,
    LowStockThreshold: i.LowStockThreshold ?? 0,
    Price: rupees(i.priceCents),
    FinalPrice: rupees(i.finalPriceCents),
    Stock_keeping_unit: i.Stock_keeping_unit,
    Description: i.Description,
    Specification: i.Specification,
    WHT: i.WHT,
    Warrenty: i.Warrenty,
    Color_family: i.Color_family,
    Other_colors: i.Other_colors,
    Images: i.Images,
    Category: i.Category,
    SellerID: i.SellerID,
    ItemAvailabilityStatus: i.ItemAvailabilityStatus,
    DiscountStatus: i.DiscountStatus,
    DiscountPrecentage: i.DiscountPrecentage,
    rating: i.rating,
    reviewCount: i.ratingCount,
    createdAt: i.createdAt.toISOString(),
    /** The aggregate version: an update names it to be refused once someone else changed the item. */
    version: i.aggregateVersion,
  };
}
export type ItemView = ReturnType<typeof itemView>;
