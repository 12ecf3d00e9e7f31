/**
 * Reading an item import file (issue 30 item 9), without I/O: the CSV text → one add-item body per
 * row, each checked with the add-item form's own schema and messages (contracts'
 * `ItemCreateSchema`, spec 001 section 5 "Add item"), plus the checks only a file needs (its size,
 * header, a SKU twice in the file). Row numbers are as a spreadsheet shows them: the header is row
 * 1, the first item row 2, and a blank row still counts (it is skipped, not an error).
 *
 * Cells: empty means "not given" (the form's default applies: Category Mobile Phones, warranty
 * available, available for sale); `Color_family` lists colours separated by `,`, `;` or `|`;
 * `ItemAvailabilityStatus` is true/false (yes/no, 1/0); `Warrenty` 1/0 (yes/no); a price may be
 * written `Rs. 12,500.00`. The delimiter is a comma, or a semicolon or tab when the header row
 * uses that instead (spreadsheets in some locales save so).
 */
import {
  CSV_DUPLICATE_SKU,
  CSV_EMPTY,
  CSV_IMAGES_COLUMN,
  CSV_IMPORT_MAX_ROWS,
  CSV_TOO_MANY_ROWS,
  ITEM_CSV_COLUMNS,
  ITEM_CSV_EXPORT_ONLY,
  ITEM_CSV_REQUIRED,
  ItemCreateSchema,
  type ItemCreate,
  type ItemCsvColumn,
  type ItemImportRowError,
} from '@market/contracts';
import { parse } from 'csv-parse/sync';

/** A row that passed every check: its number in the file and the add-item body. */
export interface ValidRow {
  row: number;
  body: ItemCreate;
}

/** The outcome of reading a file: a file-level error, or the rows (valid ones and errors). */
export type ItemCsvReading = { fileError: string } | { valid: ValidRow[]; errors: ItemImportRowError[]; rows: number };

const TRUE = new Set(['true', 'yes', 'y', '1', 'available']);
const FALSE = new Set(['false', 'no', 'n', '0', 'unavailable', 'none']);

/** The delimiter the header row uses: the most frequent of comma, semicolon and tab (comma on a tie). */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const count = (c: string) => header.split(c).length - 1;
  const best = [',', ';', '\t'].map((c) => [c, count(c)] as const).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : ',';
}

/** A price cell as a number text: `Rs. 12,500.00` → `12500.00` (anything else unchanged for the schema to judge). */
function priceText(cell: string): string {
  const m = /^(?:Rs\.?\s*)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$/i.exec(cell.trim());
  return m ? `${m[1]!.replace(/,/g, '')}${m[2] ?? ''}` : cell;
}

/**
 * The add-item body of one row's cells (by column), and the cell errors no schema can say
 * (a yes/no cell that is neither).
 */
export function rowBody(cells: Partial<Record<ItemCsvColumn, string>>): { body: Record<string, unknown>; errors: Record<string, string> } {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const col of ITEM_CSV_COLUMNS) {
    const raw = cells[col]?.trim() ?? '';
    if (raw === '') continue;
    switch (col) {
      case 'Price':
        body.Price = priceText(raw);
        break;
      case 'Color_family':
        body.Color_family = raw
          .split(/[,;|]/)
          .map((c) => c.trim())
          .filter(Boolean)
          .map((c) => c[0]!.toUpperCase() + c.slice(1).toLowerCase());
        break;
      case 'ItemAvailabilityStatus':
        if (TRUE.has(raw.toLowerCase())) body.ItemAvailabilityStatus = true;
        else if (FALSE.has(raw.toLowerCase())) body.ItemAvailabilityStatus = false;
        else errors.ItemAvailabilityStatus = 'ItemAvailabilityStatus is true or false';
        break;
      case 'Warrenty':
        body.Warrenty = TRUE.has(raw.toLowerCase()) ? 1 : FALSE.has(raw.toLowerCase()) ? 0 : raw;
        break;
      default:
        body[col] = raw;
    }
  }
  return { body, errors };
}

/** The first message per top-level field of a failed add-item parse (`Color_family.0` → `Color_family`). */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? 'row')] ??= issue.message;
  return out;
}

/**
 * Reads and checks an import file (see the module's note). Checks every row, so the answer names
 * every error at once; a SKU already in use is not known here (the use case asks the store).
 */
export function readItemCsv(text: string): ItemCsvReading {
  let records: string[][];
  try {
    records = parse(text, { bom: true, delimiter: delimiterOf(text), relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (err) {
    return { fileError: `The file is not a valid CSV file: ${(err as Error).message}` };
  }
  const [header, ...lines] = records;
  if (!header || header.every((h) => h.trim() === '')) return { fileError: CSV_EMPTY };
  const byName = new Map(ITEM_CSV_COLUMNS.map((c) => [c.toLowerCase(), c] as const));
  const ignored = new Set<string>(ITEM_CSV_EXPORT_ONLY.map((c) => c.toLowerCase()));
  const columns: (ItemCsvColumn | null)[] = [];
  const unknown: string[] = [];
  for (const h of header) {
    const name = h.trim().toLowerCase();
    if (name === 'images') return { fileError: CSV_IMAGES_COLUMN };
    const col = byName.get(name);
    if (col && columns.includes(col)) return { fileError: `The column ${col} is there twice` };
    if (!col && !ignored.has(name) && name !== '') unknown.push(h.trim());
    columns.push(col ?? null);
  }
  if (unknown.length)
    return { fileError: `Unknown columns: ${unknown.join(', ')}. Use the template's columns: ${ITEM_CSV_COLUMNS.join(', ')}` };
  const missing = ITEM_CSV_REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length) return { fileError: `The header row lacks the columns ${missing.join(', ')}` };

  const rows = lines.map((cells, i) => ({ row: i + 2, cells })).filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (rows.length === 0) return { fileError: CSV_EMPTY };
  if (rows.length > CSV_IMPORT_MAX_ROWS) return { fileError: CSV_TOO_MANY_ROWS };

  const valid: ValidRow[] = [];
  const errors: ItemImportRowError[] = [];
  const skuRow = new Map<string, number>();
  for (const { row, cells } of rows) {
    const named: Partial<Record<ItemCsvColumn, string>> = {};
    columns.forEach((col, i) => {
      if (col) named[col] = cells[i] ?? '';
    });
    const { body, errors: cellErrors } = rowBody(named);
    const parsed = ItemCreateSchema.safeParse(body);
    const fields = { ...(parsed.success ? {} : fieldErrors(parsed.error.issues)), ...cellErrors };
    const sku = typeof body.Stock_keeping_unit === 'string' ? body.Stock_keeping_unit.toUpperCase() : '';
    const first = sku ? skuRow.get(sku) : undefined;
    if (first !== undefined) fields.Stock_keeping_unit ??= CSV_DUPLICATE_SKU(first);
    else if (sku) skuRow.set(sku, row);
    if (Object.keys(fields).length || !parsed.success) errors.push({ row, fields });
    else valid.push({ row, body: parsed.data });
  }
  return { valid, errors, rows: rows.length };
}
