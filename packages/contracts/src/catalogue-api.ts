/**
 * The catalogue slice's operations so far (spec 000 and 001 section 7).
 */
import type { ApiOperation } from './api';
import {
  ImageUploadAnswerSchema,
  ItemAnswerSchema,
  ItemBulkUpdateAnswerSchema,
  ItemListAnswerSchema,
  ItemSuggestionsAnswerSchema,
  PackageAnswerSchema,
  SkuAvailabilityAnswerSchema,
} from './catalogue-answers';
import {
  DiscountSchema,
  ItemBulkUpdateSchema,
  ItemCreateSchema,
  ItemListQuerySchema,
  ItemSuggestQuerySchema,
  UNPAGED_SEARCH_LIMIT,
  ItemUpdateSchema,
  PackageCreateSchema,
  PackageListQuerySchema,
  PackageUpdateSchema,
  STALE_ITEM,
  STALE_PACKAGE,
} from './catalogue';
import { MessageAnswerSchema, PageQuerySchema, listAnswer } from './paging';

const notYours = 'Absent, or not yours';
const searchLimit = UNPAGED_SEARCH_LIMIT.toLocaleString('en');

/** The refusals of a search-index list that also serves the seller's own (`mine=true`). */
const mineListRefusals = {
  400: `Bad filter, or a page starting past the first ${searchLimit} matches`,
  401: '`mine=true` without a session',
  403: '`mine=true` by a caller who is not a seller',
};

/** The `If-Match` header of the updates; the body's `version` does the same. */
const ifMatch = (what: string) => [
  {
    name: 'If-Match',
    description: `The ${what}'s \`version\` you loaded, quoted as its ETag (\`"3"\`): the update applies only if nobody changed the ${what} since, else 412 and nothing changes`,
  },
];

/**
 * The answers of an update of the own item or package guarded by the version it was loaded at
 * (the body's `version` or If-Match; `stale` is the refusal's message); the 400 is the caller's.
 */
const versionedAnswers = (what: 'item' | 'package', stale: string) => ({
  200: `The ${what} (new \`version\`, also as \`ETag\`)`,
  404: notYours,
  409: `${stale} (the body's \`version\` is not the current one); nothing changed`,
  412: `${stale} (If-Match is not the current version); nothing changed`,
});

export const CATALOGUE_OPERATIONS = [
  {
    method: 'get',
    path: '/items/getItems',
    tag: 'Items',
    summary:
      'Items from the search index: text over name, brand and model (typo-tolerant, prefixes; +SKU with mine=true), category, brand, price band on FinalPrice, rating, seller, discounted, available, sort, paging, facet counts',
    audience: ['public'],
    query: ItemListQuerySchema.extend(PageQuerySchema.shape),
    response: ItemListAnswerSchema,
    responses: {
      200: `Array (documented shape): every matching item up to ${searchLimit}; above that the first ${searchLimit} with headers \`X-Result-Truncated: true\` and \`X-Total-Count\` (page/limit reaches the same first ${searchLimit}; narrow the filters for the rest). With page/limit: \`{ items, total, page, limit, facets }\``,
      ...mineListRefusals,
      503: '`{ error }`: the search index is not reachable (the rest of the marketplace keeps working)',
    },
  },
  {
    method: 'get',
    path: '/items/suggest',
    tag: 'Items',
    summary:
      'Suggestions while a shopper types in the header search (issue 32 item 3): item names, brands and model numbers starting with the text (a name also from its later words), at most 8, an exact model number first',
    audience: ['public'],
    added: true,
    query: ItemSuggestQuerySchema,
    response: ItemSuggestionsAnswerSchema,
    responses: {
      200: 'Array of `{ text, kind, itemId? }`; empty when nothing starts with the text',
      400: '`q` missing, empty or longer than 100 characters',
      503: '`{ error }`: the search index is not reachable',
    },
  },
  {
    method: 'get',
    path: '/items/get/{id}',
    tag: 'Items',
    summary: 'An item (its `version` also as the `ETag` header)',
    audience: ['public'],
    response: ItemAnswerSchema,
    responses: { 200: 'The item', 404: 'Not found' },
  },
  {
    method: 'get',
    path: '/items/skuAvailable/{sku}',
    tag: 'Items',
    summary: 'Whether a SKU is free (live check of the add form)',
    audience: ['seller'],
    added: true,
    response: SkuAvailabilityAnswerSchema,
    responses: { 200: '`{ available, message }`' },
  },
  {
    method: 'post',
    path: '/items/addItems',
    tag: 'Items',
    summary: 'Add an item (the seller is the caller)',
    audience: ['seller'],
    body: ItemCreateSchema,
    response: ItemAnswerSchema,
    responses: { 201: 'The item', 400: '`{ error, fields }`', 409: 'This Stock keeping unit is Already in use!' },
  },
  {
    method: 'put',
    path: '/items/update/{id}',
    tag: 'Items',
    summary:
      'Edit the own item: only the fields sent change (the whole item still works; Model and SKU read-only); with `version` or If-Match, only if nobody changed it since',
    audience: ['seller'],
    body: ItemUpdateSchema,
    headers: ifMatch('item'),
    response: ItemAnswerSchema,
    responses: {
      ...versionedAnswers('item', STALE_ITEM),
      400: '`{ error, fields }`',
    },
  },
  {
    method: 'put',
    path: '/items/updateDiscount/{id}',
    tag: 'Items',
    summary: 'Set (1-80 %) or revoke a discount; FinalPrice computed by the server; writes only the discount (never Quantity)',
    audience: ['seller'],
    body: DiscountSchema,
    headers: ifMatch('item'),
    response: ItemAnswerSchema,
    responses: {
      ...versionedAnswers('item', STALE_ITEM),
      400: 'Discount should be with in a range of minimum 1% & maximum 80%',
    },
  },
  {
    method: 'post',
    path: '/items/bulkUpdate',
    tag: 'Items',
    summary:
      "Bulk edit of the seller's own items (issue 30 item 9): one change (price, price by a percentage, stock, discount or availability) over up to 100 selected items, each named with the version the list showed; each item is written on its own with the single-item rules, so one stale or invalid item does not stop the others, and the answer says what happened to each",
    audience: ['seller'],
    added: true,
    body: ItemBulkUpdateSchema,
    response: ItemBulkUpdateAnswerSchema,
    responses: { 200: 'One outcome per item', 400: '`{ error, fields }` (the change or the selection)' },
  },
  {
    method: 'delete',
    path: '/items/delete/{id}',
    tag: 'Items',
    summary: 'Delete the own item (or any, as admin)',
    audience: ['seller', 'admin'],
    response: MessageAnswerSchema,
    responses: { 200: 'Your Item has been deleted.', 404: notYours },
  },
  {
    method: 'get',
    path: '/Packages/getPackages',
    tag: 'Packages',
    summary:
      'Packages from the search index (available ones for customers; mine=true for the seller’s own), search by name (typo-tolerant, prefixes), paging',
    audience: ['public'],
    query: PackageListQuerySchema.extend(PageQuerySchema.shape),
    response: listAnswer(PackageAnswerSchema),
    responses: {
      200: `Array: every matching package up to ${searchLimit}; above that the first ${searchLimit} with headers \`X-Result-Truncated: true\` and \`X-Total-Count\`. With page/limit: \`{ items, total, page, limit }\``,
      ...mineListRefusals,
      503: '`{ error }`: the search index is not reachable',
    },
  },
  {
    method: 'get',
    path: '/Packages/getPackage/{id}',
    tag: 'Packages',
    summary: 'A package (its `version` also as the `ETag` header)',
    audience: ['public'],
    response: PackageAnswerSchema,
    responses: { 200: 'The package', 404: 'Not found or unavailable' },
  },
  {
    method: 'post',
    path: '/Packages/addPackage',
    tag: 'Packages',
    summary: 'Create a package of the own items (starts available)',
    audience: ['seller'],
    body: PackageCreateSchema,
    response: PackageAnswerSchema,
    responses: { 201: 'The package', 400: '`{ error, fields }`' },
  },
  {
    method: 'put',
    path: '/Packages/updatePackages/{id}',
    tag: 'Packages',
    summary: 'Edit the own package (old image kept without a new one); with `version` or If-Match, only if nobody changed it since',
    audience: ['seller'],
    body: PackageUpdateSchema,
    headers: ifMatch('package'),
    response: PackageAnswerSchema,
    responses: {
      ...versionedAnswers('package', STALE_PACKAGE),
      400: '`{ error, fields }`',
    },
  },
  {
    method: 'delete',
    path: '/Packages/deletePackage/{id}',
    tag: 'Packages',
    summary: 'Delete the own package (or any, as admin)',
    audience: ['seller', 'admin'],
    response: MessageAnswerSchema,
    responses: { 200: 'Package Deleted Successfully', 404: notYours },
  },
  {
    method: 'post',
    path: '/images/upload',
    tag: 'Images',
    summary: 'Upload one image (multipart field `image`: png, jpg, jpeg or webp, at most 5 MB); stored as webp with a thumbnail',
    audience: ['public'],
    added: true,
    response: ImageUploadAnswerSchema,
    responses: {
      201: '`{ name, thumbnail }`',
      400: 'Image Required! / not an image',
      413: 'Image must be 5 MB or smaller',
      429: 'Too many uploads',
    },
  },
  {
    method: 'get',
    path: '/images/{name}',
    tag: 'Images',
    summary: 'A stored image (cached for a year)',
    audience: ['public'],
    added: true,
    responseMedia: 'image/webp',
    responses: { 200: 'image/webp', 404: 'Image not found' },
  },
] as const satisfies readonly ApiOperation[];
