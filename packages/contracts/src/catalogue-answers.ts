/**
 * Answer schemas of the catalogue slice: the JSON bodies of its 2xx answers exactly as the
 * catalogue service sends them (`itemView`, `packageView` and the image store's upload answer;
 * spec 001 sections 3 and 7), for `ApiOperation.response` (docs/architecture.md, Validation).
 *
 * Money on the wire: `Price`, `FinalPrice` and a package's `price` are LKR rupees with at most two
 * decimals (the service stores integer cents and divides by 100; docs/architecture.md, Money).
 */
import { z } from 'zod';
import { objectIdAnswer, rupeesAnswer, utcTimeAnswer } from './answer-fields';
import { CATEGORIES, COLOURS, PRICE_BANDS, SKU_IN_USE } from './catalogue';

const objectId = objectIdAnswer;
/** Catalogue prices are never negative. */
const rupees = (what: string) => rupeesAnswer(what).min(0);
/** A creation time, `Date.toISOString()`. */
const createdAt = utcTimeAnswer.describe('When it was created (ISO 8601, UTC)');
/** Names of stored images (`POST /images/upload`), or names the documents' clients sent. */
const imageNames = z.array(z.string()).describe('Image names, served by GET /images/{name}');
/** The aggregate version: also the `ETag` of `GET /items/get/{id}` and `GET /Packages/getPackage/{id}`. */
const version = z
  .number()
  .int()
  .min(1)
  .describe(
    'Version of this state: send it back as `version` (or `If-Match: "<version>"`) with an update, which then fails with 409/412 if someone changed it meanwhile',
  );

/**
 * An item (spec 001 section 3 "Item"; `GET /items/get/{id}`, the rows of `GET /items/getItems`,
 * and the answers of add, update and updateDiscount), with its rating from the reviews
 * (docs/architecture.md, Events: sum of stars / count, truncated).
 */
export const ItemAnswerSchema = z.object({
  _id: objectId,
  Item_name: z.string(),
  Brand: z.string(),
  Model: z.string().describe('Starts with M, N, F or P (spec 001 section 9); read-only after creation'),
  Quantity: z.number().int().min(0).describe('Units in stock'),
  /** The seller's low-stock alert: at or below it the seller is told (0: off; issue 30 item 9). */
  LowStockThreshold: z.number().int().min(0),
  Price: rupees('List price'),
  FinalPrice: rupees('Price after the discount (equals Price without one)'),
  Stock_keeping_unit: z.string().describe('Unique across all items; read-only after creation'),
  Description: z.string(),
  Specification: z.string(),
  WHT: z.string().describe('What is in the box'),
  Warrenty: z.literal([0, 1]).describe('1: warranty available, 0: not'),
  Color_family: z.array(z.enum(COLOURS)),
  Other_colors: z.string(),
  Images: imageNames,
  Category: z.enum(CATEGORIES),
  SellerID: objectId.describe("The seller's id"),
  ItemAvailabilityStatus: z.boolean(),
  DiscountStatus: z.boolean(),
  DiscountPrecentage: z.number().min(0).max(80).describe('Discount in percent: 1-80 with a discount, 0 without'),
  rating: z.number().int().min(1).max(5).nullable().describe('Whole stars (mean of the reviews, truncated); null without reviews'),
  reviewCount: z.number().int().min(0).describe('Reviews counted in the rating'),
  createdAt,
  version,
});
export type ItemAnswer = z.output<typeof ItemAnswerSchema>;

const facetCount = z.number().int().min(0).describe('Matching items with this value');
/**
 * Facet counts of `GET /items/getItems` (paged answers), from the search index. Each
 * facet counts the items matching every filter of the request except its own, so the web app can
 * show what choosing another value of that filter would give. Values with no item are left out,
 * except price bands and ratings, which always list all five.
 */
export const ItemFacetsAnswerSchema = z.object({
  category: z.array(z.object({ value: z.enum(CATEGORIES), count: facetCount })),
  brand: z
    .array(z.object({ value: z.string().describe('The brand, normalised: "SONY" and "Sony mobile" count as "Sony"'), count: facetCount }))
    .describe('The 50 brands with most items, most first'),
  priceBand: z.array(
    z.object({ value: z.enum(PRICE_BANDS.map((b) => b.id) as [string, ...string[]]), label: z.string(), count: facetCount }),
  ),
  rating: z.array(
    z.object({ value: z.number().int().min(1).max(5).describe('minRating'), count: facetCount.describe('Items rated at least this') }),
  ),
});
export type ItemFacetsAnswer = z.output<typeof ItemFacetsAnswerSchema>;

/**
 * `GET /items/getItems`: the bare array (no `page`/`limit`: every matching item, up to
 * UNPAGED_SEARCH_LIMIT, see the operation), or a page with its total and facet counts.
 */
export const ItemListAnswerSchema = z.union([
  z.array(ItemAnswerSchema),
  z.object({
    items: z.array(ItemAnswerSchema),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    facets: ItemFacetsAnswerSchema,
  }),
]);
export type ItemListAnswer = z.output<typeof ItemListAnswerSchema>;

/** `GET /items/skuAvailable/{sku}` (added: the live SKU check of the add-item form, spec 001 section 5). */
export const SkuAvailabilityAnswerSchema = z.object({
  available: z.boolean(),
  message: z.literal(SKU_IN_USE).nullable().describe('The add form’s message when the SKU is taken; null when it is free'),
});

/**
 * `GET /items/suggest?q=` (added, issue 32 item 3): what the header's search box suggests as a
 * shopper types, at most 8: item names (open the item), brands (the brand's listing) and model
 * numbers (open the item), from the item search index.
 */
export const ItemSuggestionsAnswerSchema = z
  .array(
    z.object({
      text: z.string().describe('What the list shows: the item name, the brand, or the model number'),
      kind: z.enum(['item', 'brand', 'model']),
      itemId: objectId.optional().describe('The item an `item` or `model` suggestion opens; absent for a brand'),
    }),
  )
  .max(8);

export type ItemSuggestionsAnswer = z.output<typeof ItemSuggestionsAnswerSchema>;

/** An item of a package as it was when put in the package (spec 001 section 3 "Package", `content`). */
export const PackageContentAnswerSchema = z.object({
  _id: objectId.describe("The item's id"),
  Item_name: z.string(),
  Brand: z.string(),
  Model: z.string(),
  Images: imageNames,
  FinalPrice: rupees("The item's final price when it was put in the package"),
});

/** A package (spec 001 section 3 "Package"; `GET /Packages/getPackage/{id}`, the rows of the list, add and update). */
/**
 * `POST /items/bulkUpdate` (issue 30 item 9): one outcome per selected item, in the order sent:
 * `updated` (with the item as written), `stale` (changed since the list showed it: left as it is),
 * `not-found` (gone, or not the seller's), `invalid` (the change breaks a rule for this item:
 * `error` says which, e.g. a price moved past Rs. 1,000,000).
 */
export const ItemBulkUpdateAnswerSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      outcome: z.enum(['updated', 'stale', 'not-found', 'invalid']),
      error: z.string().optional(),
      item: ItemAnswerSchema.optional(),
    }),
  ),
});

export const PackageAnswerSchema = z.object({
  _id: objectId,
  packageName: z.string(),
  seller: objectId.describe("The seller's id"),
  description: z.string(),
  price: rupees('Package price'),
  startDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe('YYYY-MM-DD'),
  endDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .describe('YYYY-MM-DD, not before startDate'),
  image: z.string().describe('Image name, served by GET /images/{name}'),
  content: z.array(PackageContentAnswerSchema),
  /** The seller's own switch (spec); a package can also be unavailable through its content: {@link Unavailable}. */
  packageAvailability: z.boolean(),
  /**
   * Present when an item inside the package is gone, switched off or sold out (issue 30 item 3):
   * the package cannot be bought while so, whatever its own switch; `reason` says why in words,
   * `items` names each such item and why.
   */
  Unavailable: z
    .object({
      reason: z.string(),
      items: z.array(z.object({ _id: z.string(), Item_name: z.string(), why: z.enum(['gone', 'unavailable', 'out-of-stock']) })),
    })
    .optional(),
  createdAt,
  version,
});
export type PackageAnswer = z.output<typeof PackageAnswerSchema>;

/**
 * `POST /images/upload` → 201: the stored webp's name (SHA-256 of its bytes)
 * and its thumbnail's name, both served by `GET /images/{name}`.
 */
export const ImageUploadAnswerSchema = z.object({
  name: z.string().regex(/^[0-9a-f]{64}\.webp$/),
  thumbnail: z.string().regex(/^[0-9a-f]{64}-thumb\.webp$/),
});
