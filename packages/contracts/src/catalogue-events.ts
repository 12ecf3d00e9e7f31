/**
 * Payloads (`data`) of the catalogue's item and package events (docs/architecture.md, Consumers),
 * which cart, ordering, reviews and reporting keep in their read models. Money in integer cents
 * of LKR. Deletions carry only the id.
 */
import { z } from 'zod';

/**
 * The fields of ItemCreated and ItemUpdated that the other services' read models keep. Parsing
 * with it drops the rest (zod strips unknown keys), so a read model stored with `strict: false`
 * (ordering's) does not grow with descriptions it never shows.
 */
export const ItemEventCoreSchema = z.object({
  itemId: z.string(),
  Item_name: z.string(),
  Brand: z.string(),
  Model: z.string(),
  Category: z.string(),
  SellerID: z.string(),
  Stock_keeping_unit: z.string(),
  /** List price, cents. */
  priceCents: z.number().int(),
  /** Price after the discount, cents (what a customer pays). */
  finalPriceCents: z.number().int(),
  DiscountStatus: z.boolean(),
  DiscountPrecentage: z.number(),
  ItemAvailabilityStatus: z.boolean(),
  /** Units in stock. */
  Quantity: z.number().int(),
  Images: z.array(z.string()),
});

/** ItemCreated and ItemUpdated: the item as read models need it, and the whole item for the search index. */
export const ItemEventDataSchema = ItemEventCoreSchema.extend({
  // The rest of the item, so a read model can answer a whole item (the catalogue's search index).
  // Optional: events written before they were added lack them.
  Description: z.string().optional(),
  Specification: z.string().optional(),
  WHT: z.string().optional(),
  Warrenty: z.number().int().optional(),
  Color_family: z.array(z.string()).optional(),
  Other_colors: z.string().optional(),
  /** When the item was created, ISO 8601 UTC. */
  createdAt: z.string().optional(),
  /** Whole stars (truncated mean of the reviews) or null, and how many reviews count in it. */
  rating: z.number().int().nullable().optional(),
  ratingCount: z.number().int().optional(),
  /** The seller's low-stock alert (0: off; issue 30 item 9). */
  LowStockThreshold: z.number().int().optional(),
});

/**
 * ItemLowOnStock (issue 30 item 9): a sale took the item's stock from above its seller's low-stock
 * alert to at or below it, recorded with that stock write; the seller is e-mailed once per event.
 */
export const ItemLowOnStockDataSchema = z.object({
  itemId: z.string(),
  SellerID: z.string(),
  Item_name: z.string(),
  /** Units left after the sale. */
  Quantity: z.number().int(),
  LowStockThreshold: z.number().int(),
});
export type ItemLowOnStockData = z.infer<typeof ItemLowOnStockDataSchema>;
export type ItemEventData = z.infer<typeof ItemEventDataSchema>;

/** The fields of {@link ItemEventCoreSchema}. */
export type ItemEventCore = z.infer<typeof ItemEventCoreSchema>;

/**
 * The core fields of an item event's parsed `data` (those of {@link ItemEventCoreSchema}), for a
 * read model that keeps only them (ordering's, stored with `strict: false`).
 */
export function itemEventCore(data: ItemEventData): ItemEventCore {
  const core: Record<string, unknown> = {};
  for (const key of Object.keys(ItemEventCoreSchema.shape)) core[key] = data[key as keyof ItemEventCore];
  return core as ItemEventCore;
}

/** ItemDeleted. */
export const ItemDeletedDataSchema = z.object({ itemId: z.string() });

/** PackageCreated and PackageUpdated. */
export const PackageEventDataSchema = z.object({
  packageId: z.string(),
  packageName: z.string(),
  /** The seller's id. */
  seller: z.string(),
  description: z.string(),
  /** Package price, cents. */
  priceCents: z.number().int(),
  image: z.string(),
  packageAvailability: z.boolean(),
  startDate: z.string(),
  endDate: z.string(),
  content: z.array(
    z.object({
      itemId: z.string(),
      Item_name: z.string(),
      // The rest of the snapshot, for the package search index; optional: older events lack it.
      Brand: z.string().optional(),
      Model: z.string().optional(),
      Images: z.array(z.string()).optional(),
      /** The item's price when put in the package, cents. */
      finalPriceCents: z.number().int().optional(),
    }),
  ),
  /** When the package was created, ISO 8601 UTC (optional: older events lack it). */
  createdAt: z.string().optional(),
});
export type PackageEventData = z.infer<typeof PackageEventDataSchema>;

/** PackageDeleted. */
export const PackageDeletedDataSchema = z.object({ packageId: z.string() });
