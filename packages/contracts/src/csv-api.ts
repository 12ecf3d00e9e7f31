/**
 * The CSV operations of issue 30 item 9 (README "CSV export and import"): a seller's items as
 * CSV, a CSV import of new items checked row by row with the add-item form's rules, and the
 * orders of a seller (or every seller's, for an admin) as CSV. Exports are streamed from the
 * owning service's search read model; see csv.ts for columns and limits.
 */
import type { ApiOperation } from './api';
import {
  CSV_EXPORT_LIMIT,
  CSV_IMPORT_MAX_ROWS,
  CSV_IMPORT_ID_REUSED,
  ITEM_CSV_EXPORT_COLUMNS,
  ItemImportAnswerSchema,
  ItemImportBodySchema,
  ORDER_CSV_COLUMNS,
  OrderCsvQuerySchema,
} from './csv';

const limit = CSV_EXPORT_LIMIT.toLocaleString('en');
const format =
  'UTF-8 with a byte order mark, CRLF, amounts in rupees with two decimals (`249999.99`); ' +
  `at most ${limit} rows (\`X-Total-Count\` gives the matches, \`X-Result-Truncated: true\` when cut)`;

export const CSV_OPERATIONS = [
  {
    method: 'get',
    path: '/items/export-csv',
    tag: 'Items',
    summary: `Every item of the calling seller as CSV (\`attachment; filename="items-<day>.csv"\`), newest first, columns ${ITEM_CSV_EXPORT_COLUMNS.join(', ')}; ${format}`,
    audience: ['seller'],
    added: true,
    responseMedia: 'text/csv',
    responses: {
      200: 'text/csv',
      401: 'No session',
      403: 'Not a seller',
      503: '`{ error }`: the search index is not reachable',
    },
  },
  {
    method: 'post',
    path: '/items/import-csv',
    tag: 'Items',
    summary:
      `Adds the new items of a CSV file (at most ${CSV_IMPORT_MAX_ROWS} rows, 1 MB; the columns of the template, no images) for the calling seller. ` +
      'Every row is checked with the add-item rules and messages; a SKU twice in the file or already in use is a row error. ' +
      'With any row error nothing is written. `dryRun` only checks. A retry with the same `importId` finishes that import and adds nothing twice',
    audience: ['seller'],
    added: true,
    body: ItemImportBodySchema,
    response: ItemImportAnswerSchema,
    responses: {
      200: '`status: checked` (a dry run with every row valid), or `status: imported` again for a retry of a finished import',
      201: '`status: imported`: every row created, each with its new `_id`',
      400: '`{ error, fields, rows }`: the file cannot be read (`fields.csv`), or the rows with errors, each `{ row, fields }` (row numbers as in the file, the header being row 1; `fields` maps `<row>.<field>` to the message too); nothing was written',
      403: 'Not a seller',
      409: `${CSV_IMPORT_ID_REUSED}; or a SKU was taken by someone else while the import was writing (the items it had written are removed again)`,
    },
  },
  {
    method: 'get',
    path: '/Orders/export-csv',
    tag: 'Orders',
    summary: `The calling seller's item and package order lines (every seller's for an admin) as CSV (\`attachment; filename="orders-<day>.csv"\`), with the order lists' filters and \`kind\`; columns ${ORDER_CSV_COLUMNS.join(', ')}; dates in Sri Lanka time; ${format}`,
    audience: ['seller', 'admin'],
    added: true,
    query: OrderCsvQuerySchema,
    responseMedia: 'text/csv',
    responses: {
      200: 'text/csv',
      400: 'Bad filter',
      401: 'No session',
      403: 'A customer',
      503: '`{ error }`: the search index is not reachable',
    },
  },
] as const satisfies readonly ApiOperation[];
