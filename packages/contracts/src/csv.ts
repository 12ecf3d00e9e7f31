/**
 * CSV export and import (issue 30 item 9): the columns, limits, messages, request and answer
 * schemas of `GET /items/export-csv`, `POST /items/import-csv` and `GET /Orders/export-csv`, shared
 * by the catalogue and ordering services and the web app (which builds the import template from
 * {@link ITEM_CSV_COLUMNS}).
 *
 * Import rules: every row is checked with the add-item form's own schema and messages
 * (`ItemCreateSchema`, spec 001 section 5 "Add item"); a SKU used twice in the file or already in
 * use is a row error; row numbers are as a spreadsheet shows them (the header is row 1). Images are
 * not part of the CSV: imported items have none until the seller adds them.
 */
import { z } from 'zod';
import { objectIdAnswer } from './answer-fields';
import { ItemCreateSchema } from './catalogue';
import { OrderListQuerySchema } from './ordering';

/** The template's order of the add-item form's fields; a field the form gains later follows them. */
const COLUMN_ORDER = [
  'Item_name',
  'Brand',
  'Model',
  'Stock_keeping_unit',
  'Category',
  'Price',
  'Quantity',
  'LowStockThreshold',
  'Description',
  'Specification',
  'WHT',
  'Warrenty',
  'Color_family',
  'Other_colors',
  'ItemAvailabilityStatus',
];

/**
 * The columns of an item import, in the template's order: every field of the add-item form
 * (`ItemCreateSchema`) but Images, read from the schema itself, so a field the form gains is a
 * column too (its cell goes to the schema as text; the form's number fields coerce it).
 */
export const ITEM_CSV_COLUMNS: readonly string[] = (() => {
  const fields = Object.keys(ItemCreateSchema.shape).filter((k) => k !== 'Images');
  return [...COLUMN_ORDER.filter((c) => fields.includes(c)), ...fields.filter((f) => !COLUMN_ORDER.includes(f))];
})();
export type ItemCsvColumn = string;

/** Columns an import must have (the add-item form's required fields). */
export const ITEM_CSV_REQUIRED: readonly string[] = ['Item_name', 'Brand', 'Model', 'Stock_keeping_unit', 'Price', 'Quantity'];

/** Columns of the item export that an import ignores (the export can be edited and imported as new items). */
export const ITEM_CSV_EXPORT_ONLY: readonly string[] = ['_id', 'DiscountStatus', 'DiscountPrecentage', 'FinalPrice'];

/** The item export's columns: the id, the import's columns, then discount and final price. */
export const ITEM_CSV_EXPORT_COLUMNS: readonly string[] = [
  '_id',
  ...ITEM_CSV_COLUMNS,
  'DiscountStatus',
  'DiscountPrecentage',
  'FinalPrice',
];

/** The order export's columns (item and package order lines alike). */
export const ORDER_CSV_COLUMNS = [
  'Order line',
  'Order number',
  'Kind',
  'Date (Colombo)',
  'Customer',
  'Delivery address',
  'Product',
  'SKU',
  'Seller',
  'Quantity',
  'Unit price',
  'Total',
  'Status',
  'Payment type',
] as const;

/** Most data rows and bytes of an import file. */
export const CSV_IMPORT_MAX_ROWS = 500;
export const CSV_IMPORT_MAX_BYTES = 1_048_576;
/** Most rows of one export (`X-Result-Truncated: true` beyond). */
export const CSV_EXPORT_LIMIT = 50_000;

export const CSV_TOO_LARGE = 'The file is larger than 1 MB: split it into smaller files';
export const CSV_TOO_MANY_ROWS = `A file can add at most ${CSV_IMPORT_MAX_ROWS} items: split it into smaller files`;
export const CSV_EMPTY = 'The file has no items: the header row, then one item per row';
export const CSV_IMAGES_COLUMN = "Images are not part of the CSV: add pictures on each item's Edit page after the import";
/** The 400's `error` of an import with row errors (the add-item form's failure message first). */
export const csvRowsInvalid = (rows: number[]) =>
  `Please Enter Valid Details! ${rows.length === 1 ? `Row ${rows[0]} has` : `${rows.length} rows have`} errors; nothing was imported`;
export const CSV_IMPORT_ID_REUSED = 'This import id was used for another file: choose the file again';
export const CSV_DUPLICATE_SKU = (row: number) => `This Stock keeping unit is also on row ${row}`;

/** Byte length of a text in UTF-8 (in the browser and in Node). */
const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/** Body of `POST /items/import-csv`. */
export const ItemImportBodySchema = z.object({
  csv: z
    .string({ error: CSV_EMPTY })
    .max(CSV_IMPORT_MAX_BYTES, CSV_TOO_LARGE)
    .refine((s) => utf8Bytes(s) <= CSV_IMPORT_MAX_BYTES, CSV_TOO_LARGE)
    .describe('The CSV file as text (UTF-8; a byte order mark is fine): the header row, then one new item per row'),
  importId: z
    .string({ error: 'importId is required' })
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'importId is 8 to 64 letters, digits or -')
    .describe(
      'Chosen by the client for this file (e.g. a UUID) and sent again with every retry: a retry finishes the same import and never adds the items twice',
    ),
  dryRun: z.boolean().optional().describe('Only check the rows (the preview): nothing is written'),
});
export type ItemImportBody = z.infer<typeof ItemImportBodySchema>;

/** The row errors of an import: each row number (as in the file) with a message per field. */
export const ItemImportRowErrorSchema = z.object({
  row: z.number().int().min(2),
  fields: z.record(z.string(), z.string()),
});
export type ItemImportRowError = z.infer<typeof ItemImportRowErrorSchema>;

/** Answer of `POST /items/import-csv`: the rows checked (dry run) or the items created. */
export const ItemImportAnswerSchema = z.object({
  importId: z.string(),
  status: z.enum(['checked', 'imported']),
  /** Data rows read. */
  rows: z.number().int().min(0),
  items: z.array(
    z.object({
      row: z.number().int().min(2),
      Item_name: z.string(),
      Stock_keeping_unit: z.string(),
      /** The new item's id (absent in a dry run). */
      _id: objectIdAnswer.optional(),
    }),
  ),
});
export type ItemImportAnswer = z.infer<typeof ItemImportAnswerSchema>;

/** Query of `GET /Orders/export-csv`: the order lists' filters, and which kind (both when absent). */
export const OrderCsvQuerySchema = OrderListQuerySchema.extend({
  kind: z.enum(['item', 'package'], { error: 'kind is item or package' }).optional(),
});
