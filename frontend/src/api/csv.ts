/**
 * CSV calls of the web app (issue 30 item 9; README "CSV export and import"): downloads of
 * `GET /items/export-csv` and `GET /Orders/export-csv` (streamed CSV, saved under the name the
 * page gives), and `POST /items/import-csv` (the file's text, the import's id, optionally a dry
 * run), over the typed client.
 */
import { ITEM_CSV_COLUMNS } from '@market/contracts';
import type { BodyOf } from '@market/contracts/client';
import { API_URL, ApiError, gateway, query } from './client';

/** The CSV download paths. */
export type CsvExportPath = '/items/export-csv' | '/Orders/export-csv';

/** Saves `blob` as a file named `name` (an anchor with `download`). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const csvApi = {
  /**
   * Downloads a CSV export as `fileName`.
   * @returns how many rows the server counted (`X-Total-Count`) and whether the file was cut at the limit
   * @throws {ApiError} with the server's message for a refusal (a bad filter, 503 while the lists are down)
   */
  async download(
    path: CsvExportPath,
    params: Record<string, string | number | boolean | undefined | null>,
    fileName: string,
  ): Promise<{ rows: number; truncated: boolean }> {
    const res = await fetch(`${API_URL}${path}${query(params)}`, { credentials: 'include' });
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      throw new ApiError(res.status, body.error ?? `The file could not be downloaded (${res.status})`);
    }
    saveFile(await res.blob(), fileName);
    return { rows: Number(res.headers.get('X-Total-Count') ?? 0), truncated: res.headers.get('X-Result-Truncated') === 'true' };
  },

  /**
   * Checks (`dryRun`) or imports a CSV file of new items.
   * @throws {ApiError} 400 whose `fields` name each error as `<row>.<field>` (see {@link rowErrorsOf}), or `csv` for the file
   */
  importItems: (body: BodyOf<'post', '/items/import-csv'>) => gateway.call('post', '/items/import-csv', { body }),
};

/** The import template: the header row only, UTF-8 with a byte order mark (Excel then keeps Sinhala and Tamil). */
export function itemTemplate(): Blob {
  return new Blob([`\uFEFF${ITEM_CSV_COLUMNS.join(',')}\r\n`], { type: 'text/csv;charset=utf-8' });
}

/** One row's errors as the import page lists them. */
export interface RowErrors {
  row: number;
  fields: Record<string, string>;
}

/** The row errors of a refused import, from the answer's `fields` (`"3.Price": "Price cannot be Zero or less"`), by row. */
export function rowErrorsOf(fields: Record<string, string>): RowErrors[] {
  const rows = new Map<number, Record<string, string>>();
  for (const [key, message] of Object.entries(fields)) {
    const m = /^(\d+)\.(.+)$/.exec(key);
    if (!m) continue;
    const row = Number(m[1]);
    rows.set(row, { ...rows.get(row), [m[2]!]: message });
  }
  return [...rows].sort((a, b) => a[0] - b[0]).map(([row, f]) => ({ row, fields: f }));
}
