/**
 * CSV answers streamed from a list (the exports of issue 30 item 9: `GET /items/export-csv`,
 * `GET /Orders/export-csv`), in the format of the reports' CSVs (README "Reports"):
 * RFC 4180 written by csv-stringify, UTF-8 with a byte order mark (so Excel reads Sinhala and
 * Tamil names right), CRLF line ends, a field quoted when it holds a comma, quote or line break.
 * Amounts are LKR rupees with two decimals and no thousands separator (`249999.99`), so a
 * spreadsheet can add them up. A text cell that a spreadsheet would run as a formula (starting
 * with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'` (OWASP "CSV injection"):
 * names, descriptions and addresses come from users.
 *
 * The first page is read before anything is sent, so a list that cannot be read (OpenSearch down)
 * still answers its JSON error (503); a failure after the first rows went out ends the
 * connection without the last chunk, so the client sees a broken download, never a file that
 * looks whole but is cut.
 */
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A cell: text, a number or boolean as written, an amount in cents (`{ cents }`), or empty. */
export type CsvValue = string | number | boolean | null | undefined | { cents: number };

/** One column of a CSV answer: its header and how a row gives its cell. */
export interface CsvColumn<R> {
  header: string;
  value: (row: R) => CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** An amount in rupees (at most two decimals) as a cell: `1234.5` → `1234.50`. */
export const rupeesCell = (rupees: number): CsvValue => ({ cents: Math.round(rupees * 100) });

/** The text of one cell: an amount as `1234.50`, text defused as the module says, empty for null. */
export function csvCell(v: CsvValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    const sign = v.cents < 0 ? '-' : '';
    const abs = Math.abs(Math.round(v.cents));
    return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  }
  if (typeof v !== 'string') return String(v);
  return FORMULA_START.test(v) ? `'${v}` : v;
}

/** A page of rows and how many rows match in all (platform's `scanSearch` pages, mapped). */
export interface CsvPage<R> {
  rows: R[];
  total: number;
}

/**
 * Streams `pages` as a CSV download named `fileName`: the header row, then each row's cells.
 * Headers: `X-Total-Count` (the matches), and `X-Result-Truncated: true` when more matched than
 * `limit` (the pages stop there).
 * @throws what reading the first page throws (nothing has been sent then)
 */
export async function sendCsv<R>(
  res: Response,
  opts: { fileName: string; columns: readonly CsvColumn<R>[]; pages: AsyncIterable<CsvPage<R>>; limit: number },
): Promise<void> {
  const it = opts.pages[Symbol.asyncIterator]();
  const first = await it.next();
  const total = first.done ? 0 : first.value.total;
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${opts.fileName.replace(/[^\w.-]/g, '_')}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Total-Count', String(total));
  if (total > opts.limit) res.setHeader('X-Result-Truncated', 'true');
  async function* records() {
    yield opts.columns.map((c) => c.header);
    let page = first;
    while (!page.done) {
      for (const row of page.value.rows) yield opts.columns.map((c) => csvCell(c.value(row)));
      page = await it.next();
    }
  }
  try {
    // pipeline: backpressure from the client, and on a failure (a page that cannot be read, the
    // client going away) every stream is destroyed, the answer included, and the scan closed.
    await pipeline(Readable.from(records()), stringify({ bom: true, record_delimiter: 'windows' }), res);
  } catch (err) {
    await it.return?.(undefined);
    (res as Response & { log?: { warn: (o: object, m: string) => void } }).log?.warn({ err }, 'CSV answer cut short');
  }
}
