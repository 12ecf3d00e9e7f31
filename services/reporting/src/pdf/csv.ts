/**
 * The CSV beside each PDF report (`GET /<prefix>/fetch-csv`): the same table as
 * the PDF — its column headers, then every row — written by the report worker in the same pass
 * over the rows as the PDF, so both files always hold the same rows.
 *
 * Format (RFC 4180): UTF-8 with a byte order mark (spreadsheets then read Sinhala and Tamil
 * right), comma-separated, CRLF line ends, a field quoted when it holds a comma, quote or line
 * break. Amounts are LKR rupees with two decimals and no thousands separator (`249999.99`), not
 * the PDF's `Rs. 249,999.99`, so a spreadsheet can add them up. A text field that a spreadsheet
 * would run as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading
 * `'` (OWASP "CSV injection"): names and reviews come from users.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type { Cell } from './render';

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: an amount in cents as `1234.50`, text quoted and defused as the module says. */
export function csvField(cell: Cell): string {
  if (typeof cell !== 'string') {
    const sign = cell.cents < 0 ? '-' : '';
    const abs = Math.abs(Math.round(cell.cents));
    return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  }
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF. */
export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** A CSV file being written beside a report (see {@link openCsv}). */
export interface CsvSink {
  /** Passes `rows` through unchanged, writing each one the reader took to the file. */
  tee(rows: AsyncIterable<Cell[]>): AsyncIterable<Cell[]>;
  /** Closes the file and moves it to its name; the number of rows written. */
  finish(): Promise<{ rows: number }>;
  /** Closes and deletes the unfinished file. */
  abort(): Promise<void>;
}

/**
 * The temporary name a report file is written under until it is complete: unique per attempt, so
 * a job run again while an earlier attempt is still writing (its lock lost while Redis was down)
 * never shares the file.
 */
export const partFile = (file: string): string => `${file}.${process.pid}.${randomUUID().slice(0, 8)}.part`;

/**
 * Starts `file` with the header record (written under a temporary name until {@link CsvSink.finish},
 * so a reader never sees half a file).
 */
export async function openCsv(file: string, headers: readonly string[]): Promise<CsvSink> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = partFile(file);
  const out = createWriteStream(tmp);
  // A write error surfaces where the sink is awaited; one after an abort (a write still in flight
  // when the stream is destroyed) must not end the process as an unhandled 'error' event.
  let failure: Error | undefined;
  out.on('error', (err) => (failure ??= err));
  let rows = 0;
  const write = async (line: string) => {
    if (failure) throw failure;
    if (!out.write(line)) await once(out, 'drain');
  };
  await write(BOM + csvLine(headers));
  return {
    async *tee(source) {
      for await (const row of source) {
        yield row;
        // Written once the reader asks for the next row: a row the reader stopped at (the PDF
        // never draws more rows than it announced) is not written either.
        await write(csvLine(row));
        rows++;
      }
    },
    async finish() {
      out.end();
      await finished(out);
      await rename(tmp, file);
      return { rows };
    },
    async abort() {
      out.destroy();
      await finished(out).catch(() => undefined);
      await rm(tmp, { force: true });
    },
  };
}
