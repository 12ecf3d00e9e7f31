/**
 * Request schemas of the catalogue slice, shared by the catalogue service and the SPA
 * (spec 001 section 5 "Add item", "Item edit", "Discount"; docs/architecture.md, Departures from
 * the documents for the
 * corrected limits). Messages are the documents' own.
 *
 * Money on the wire: `Price` and `FinalPrice` are LKR rupees with at most two decimals, as the
 * documents' clients send and show them; the service stores integer cents (docs/architecture.md, Money).
 */
import { z } from 'zod';
import { ImageRefSchema } from './identity';
import { searchText } from './paging';
import {
  CATEGORIES,
  COLOURS,
  MODEL_PREFIXES,
  MAX_ITEM_IMAGES,
  MAX_ITEM_QUANTITY,
  MAX_ITEM_PRICE,
  MAX_PACKAGE_PRICE,
  PRICE_BANDS,
  DISCOUNT_RANGE,
  NO_ITEMS,
  NO_NAME,
  EMPTYING_PACKAGE,
  PACKAGE_END_PAST,
  endDateNotPast,
} from './catalogue-rules';

export * from './catalogue-rules';

const required = (label: string) => `${label} is required`;
const text = (label: string, max: number) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(max, `${label} cannot be longer than ${max} characters`);

/** Rupees with at most two decimals. */
const rupees = (zeroOrLess: string, tooMuch: string, max: number) =>
  z.coerce
    .number({ error: zeroOrLess })
    .refine((n) => Number.isFinite(n), zeroOrLess)
    .refine((n) => n > 0, zeroOrLess)
    .refine((n) => n <= max, tooMuch)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Price can have at most two decimals');

const QuantitySchema = z.coerce
  .number({ error: 'Quantity cannot be Zero or less' })
  .int('Quantity must be a whole number')
  .refine((n) => n > 0, 'Quantity cannot be Zero or less')
  .refine((n) => n <= MAX_ITEM_QUANTITY, `Quantity cannot be more than ${MAX_ITEM_QUANTITY}`);

/**
 * The rules of each editable item field, without defaults: the add-item body applies the
 * documents' defaults ({@link ItemEditableFields}); the update body keeps only the fields sent
 * ({@link ItemUpdateSchema}).
 */
/**
 * The stock at or below which the seller is alerted (issue 30 item 9): an e-mail when a sale takes
 * the stock down to it, and a "Low stock" badge on the seller's list; 0 turns the alert off.
 */
const LowStockThresholdSchema = z.coerce
  .number({ error: 'Low-stock alert must be a number' })
  .int('Low-stock alert must be a whole number')
  .min(0, 'Low-stock alert cannot be less than 0')
  .max(MAX_ITEM_QUANTITY, `Low-stock alert cannot be more than ${MAX_ITEM_QUANTITY}`);

const ItemFieldRules = {
  LowStockThreshold: LowStockThresholdSchema,
  Item_name: text('Item Name', 200),
  Brand: text('Brand', 100),
  Quantity: QuantitySchema,
  Price: rupees('Price cannot be Zero or less', 'Price cannot exceed 1 Million', MAX_ITEM_PRICE),
  Description: z.string().trim().max(5000),
  Specification: z.string().trim().max(5000),
  /** What is in the box. */
  WHT: z.string().trim().max(1000),
  /** 1: warranty available, 0: not. */
  Warrenty: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n === 1, 'Warranty is 1 (available) or 0'),
  Color_family: z.array(z.enum(COLOURS, { error: `Colours are ${COLOURS.join(', ')}` })).max(COLOURS.length),
  Other_colors: z.string().trim().max(200),
  Images: z.array(ImageRefSchema).max(MAX_ITEM_IMAGES, `Up to ${MAX_ITEM_IMAGES} images per item`),
  Category: z.enum(CATEGORIES, { error: `Category is one of ${CATEGORIES.join(', ')}` }),
  ItemAvailabilityStatus: z.boolean(),
};

const ItemEditableFields = {
  Item_name: ItemFieldRules.Item_name,
  Brand: ItemFieldRules.Brand,
  Quantity: ItemFieldRules.Quantity,
  Price: ItemFieldRules.Price,
  Description: ItemFieldRules.Description.optional().default(''),
  Specification: ItemFieldRules.Specification.optional().default(''),
  WHT: ItemFieldRules.WHT.optional().default(''),
  Warrenty: ItemFieldRules.Warrenty.optional().default(1),
  Color_family: ItemFieldRules.Color_family.optional().default([]),
  Other_colors: ItemFieldRules.Other_colors.optional().default(''),
  Images: ItemFieldRules.Images.optional().default([]),
  Category: ItemFieldRules.Category.optional().default('Mobile Phones'),
  ItemAvailabilityStatus: ItemFieldRules.ItemAvailabilityStatus.optional().default(true),
  LowStockThreshold: ItemFieldRules.LowStockThreshold.optional().default(0),
};

/**
 * The answer when an update's version (`version` in the body, or `If-Match`) is not the
 * aggregate's current one: someone else (a sale, another tab, a review) changed it since the
 * writer loaded it. 409 for a `version` field, 412 for `If-Match`.
 */
export const STALE_ITEM = 'This item was changed by someone else; reload to see the latest';
export const STALE_PACKAGE = 'This package was changed by someone else; reload to see the latest';
export const BAD_IF_MATCH = 'If-Match must be the version you loaded, e.g. "3"';

/**
 * The aggregate version an update is based on (the `version` of the item or package answer): the
 * write applies only while the aggregate is still at it. Optional for the
 * documents' clients; the web app always sends it.
 */
export const WriteVersionSchema = z
  .number({ error: 'version must be the version you loaded' })
  .int('version must be the version you loaded')
  .min(1, 'version must be the version you loaded')
  .optional()
  .describe(
    'The `version` of the item or package you loaded (or send it as `If-Match: "<version>"`): the update applies only if nobody changed it since; otherwise 409 (412 for If-Match) and nothing changes',
  );

/** Body of `POST /items/addItems`. SellerID comes from the session; discounts from updateDiscount. */
export const ItemCreateSchema = z.object({
  ...ItemEditableFields,
  // charAt: the refinement runs on '' too (after the min(1) issue), where m[0]!.toUpperCase()
  // threw: a 500 for `"Model": ""` (found by Schemathesis).
  Model: text('Model', 100).refine((m) => (MODEL_PREFIXES as readonly string[]).includes(m.charAt(0).toUpperCase()), 'Invalid'),
  Stock_keeping_unit: text('Stock keeping unit', 100).regex(
    /^[\w./-]+$/,
    'Stock keeping unit can contain letters, digits and - _ . / only',
  ),
});
export type ItemCreate = z.infer<typeof ItemCreateSchema>;

/**
 * Body of `PUT /items/update/{id}`: the fields to change, each optional (the
 * documents' clients send the whole item, which still works); absent fields, Quantity included,
 * keep their stored value, so a form that did not change the stock never writes it. Model and SKU
 * are read-only and ignored; `version` as {@link WriteVersionSchema}.
 */
export const ItemUpdateSchema = z.object({
  Item_name: ItemFieldRules.Item_name.optional(),
  Brand: ItemFieldRules.Brand.optional(),
  Quantity: ItemFieldRules.Quantity.optional(),
  Price: ItemFieldRules.Price.optional(),
  Description: ItemFieldRules.Description.optional(),
  Specification: ItemFieldRules.Specification.optional(),
  WHT: ItemFieldRules.WHT.optional(),
  Warrenty: ItemFieldRules.Warrenty.optional(),
  Color_family: ItemFieldRules.Color_family.optional(),
  Other_colors: ItemFieldRules.Other_colors.optional(),
  Images: ItemFieldRules.Images.optional(),
  Category: ItemFieldRules.Category.optional(),
  ItemAvailabilityStatus: ItemFieldRules.ItemAvailabilityStatus.optional(),
  LowStockThreshold: ItemFieldRules.LowStockThreshold.optional(),
  version: WriteVersionSchema,
});
export type ItemUpdate = z.infer<typeof ItemUpdateSchema>;

/**
 * Body of `PUT /items/updateDiscount/{id}`: FinalPrice is computed on the server; `version` as
 * {@link WriteVersionSchema}. Writes only the discount fields (never Quantity).
 */
export const DiscountSchema = z
  .object({
    DiscountStatus: z.boolean({ error: 'DiscountStatus must be true or false' }),
    DiscountPrecentage: z.coerce.number({ error: DISCOUNT_RANGE }).optional(),
    version: WriteVersionSchema,
  })
  .refine((v) => !v.DiscountStatus || (v.DiscountPrecentage !== undefined && v.DiscountPrecentage >= 1 && v.DiscountPrecentage <= 80), {
    path: ['DiscountPrecentage'],
    message: DISCOUNT_RANGE,
  });

/** Most items one bulk edit changes (issue 30 item 9). */
export const MAX_BULK_ITEMS = 100;

/** What a bulk edit does to every selected item (issue 30 item 9); each kind uses the single-item form's rules and messages. */
export const BulkItemChangeSchema = z
  .discriminatedUnion(
    'kind',
    [
      /** A new list price for each (any discount stays on, its final price recomputed). */
      z.object({ kind: z.literal('price'), Price: ItemFieldRules.Price }),
      /** Each list price moved by a percentage (−90 to +100), rounded to the cent. */
      z.object({
        kind: z.literal('price-percent'),
        percent: z.coerce
          .number({ error: 'The change is a percentage' })
          .min(-90, 'The change is between -90% and +100%')
          .max(100, 'The change is between -90% and +100%')
          .refine((p) => p !== 0, 'The change cannot be 0%'),
      }),
      z.object({ kind: z.literal('stock'), Quantity: ItemFieldRules.Quantity }),
      z.object({
        kind: z.literal('discount'),
        DiscountStatus: z.boolean({ error: 'DiscountStatus must be true or false' }),
        DiscountPrecentage: z.coerce.number({ error: DISCOUNT_RANGE }).optional(),
      }),
      z.object({ kind: z.literal('availability'), ItemAvailabilityStatus: ItemFieldRules.ItemAvailabilityStatus }),
    ],
    { error: 'The change is price, price-percent, stock, discount or availability' },
  )
  // The discount form's rule, checked once for the whole selection.
  .refine(
    (c) =>
      c.kind !== 'discount' ||
      !c.DiscountStatus ||
      (c.DiscountPrecentage !== undefined && c.DiscountPrecentage >= 1 && c.DiscountPrecentage <= 80),
    {
      path: ['DiscountPrecentage'],
      message: DISCOUNT_RANGE,
    },
  );
export type BulkItemChange = z.infer<typeof BulkItemChangeSchema>;

/**
 * Body of `POST /items/bulkUpdate` (issue 30 item 9): the selected own items, each with the version
 * the seller's list showed (an item changed since is left as it is and reported stale), and the change.
 */
export const ItemBulkUpdateSchema = z.object({
  items: z
    .array(z.object({ id: z.string().regex(/^[a-fA-F0-9]{24}$/, 'id is an item id'), version: z.number().int().min(1) }))
    .min(1, 'Select at least one item')
    .max(MAX_BULK_ITEMS, `Select at most ${MAX_BULK_ITEMS} items`),
  change: BulkItemChangeSchema,
});
export type ItemBulkUpdate = z.infer<typeof ItemBulkUpdateSchema>;

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Query of `GET /items/getItems` (server-side filtering and paging, docs/architecture.md, Departures from the documents). */
export const ItemListQuerySchema = z.object({
  q: searchText(100),
  category: z.enum(CATEGORIES).optional(),
  brand: z.string().trim().max(100).optional(),
  priceBand: z.enum(PRICE_BANDS.map((b) => b.id) as [string, ...string[]]).optional(),
  minRating: z.coerce.number().int().min(1).max(5).optional(),
  sellerId: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, 'sellerId must be an id')
    .optional(),
  /** A seller's own items (search also covers the SKU). */
  mine: bool.optional(),
  discounted: bool.optional(),
  available: bool.optional(),
  /** Order: newest first (default), FinalPrice up or down, rating, name, or relevance to `q` (search index). */
  sort: z.enum(['newest', 'price-asc', 'price-desc', 'rating', 'name', 'relevance']).optional(),
});

/** Query of `GET /items/suggest` (issue 32 item 3): the text typed in the header's search box. */
export const ItemSuggestQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .min(1, 'Type something to search for')
    .max(100, 'Search text cannot be longer than 100 characters'),
});

// ---------- packages (spec 001 section 5, "Create package", "Package form") ----------

/** Whether `YYYY-MM-DD` names a day of the calendar (2026-02-30 does not). */
const calendarDay = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/** A date as `YYYY-MM-DD` (a Sri Lanka calendar day; a longer ISO text is cut to its day). */
const dateField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .regex(/^\d{4}-\d{2}-\d{2}/, message)
    .transform((s) => s.slice(0, 10))
    .refine(calendarDay, message);

const PackageFields = {
  description: z.string({ error: 'Description is required !' }).trim().min(1, 'Description is required !').max(5000),
  // An empty field is missing, not zero (issue 30 item 11: '' was coerced to 0 and answered 'Invalid Price !!!').
  price: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.coerce
      .number({ error: 'Price is required !!!' })
      .refine((n) => Number.isFinite(n) && n > 0 && n <= MAX_PACKAGE_PRICE, 'Invalid Price !!!')
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'Invalid Price !!!'),
  ),
  startDate: dateField('Start Date Required !'),
  endDate: dateField('End Date Required !'),
  /** Item ids of the package's content (the seller's own items). */
  content: z
    .array(z.string().regex(/^[0-9a-f]{24}$/i, 'Item id expected'), { error: NO_ITEMS })
    .min(1, NO_ITEMS)
    .max(50),
  packageAvailability: z.boolean().optional(),
};

/**
 * What a package name may hold (spec 001 section 5 "Create package picker": letters, underscore,
 * dot, hyphen; spaces too, as package names are phrases): no digits, no other signs.
 */
export const PACKAGE_NAME_RULE = 'Package name can contain letters, spaces and _ . - only';

const packageName = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(100)
    .regex(/^[A-Za-z _.-]+$/, PACKAGE_NAME_RULE);

/** A new package's name as the picker (/Seller/CreatePackage) checks it before the form step. */
export const PackageNameSchema = packageName(NO_NAME);

const endNotBeforeStart = { path: ['endDate'], message: 'End Date cannot be before Start Date' };

/** Body of `POST /Packages/addPackage` (the seller is the caller). */
export const PackageCreateSchema = z
  .object({
    ...PackageFields,
    packageName: packageName(NO_NAME),
    image: ImageRefSchema.or(z.literal('')).refine((s) => s !== '', 'Image Required!'),
  })
  .refine((v) => v.endDate >= v.startDate, endNotBeforeStart)
  // A package that has already ended would never be listed or sold (issue 27 item 7). An edit
  // may keep a past end it already had; the catalogue checks a changed one (services/catalogue/src/packages/edit.ts).
  .refine((v) => endDateNotPast(v.endDate), { path: ['endDate'], message: PACKAGE_END_PAST });

/**
 * Body of `PUT /Packages/updatePackages/{id}`: without an image the old one stays; `version` as
 * {@link WriteVersionSchema}.
 */
export const PackageUpdateSchema = z
  .object({
    ...PackageFields,
    version: WriteVersionSchema,
    packageName: packageName('Package Name is required !'),
    content: z
      .array(z.string().regex(/^[0-9a-f]{24}$/i, 'Item id expected'), { error: EMPTYING_PACKAGE })
      .min(1, EMPTYING_PACKAGE)
      .max(50),
    image: ImageRefSchema.optional(),
  })
  .refine((v) => v.endDate >= v.startDate, endNotBeforeStart);

/** Query of `GET /Packages/getPackages`: package search matches the name only. */
export const PackageListQuerySchema = z.object({
  q: searchText(100),
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  sellerId: z
    .string()
    .regex(/^[0-9a-f]{24}$/i, 'sellerId must be an id')
    .optional(),
});
