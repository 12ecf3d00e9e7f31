/**
 * The PDF reports in the requester's language (issue 33 item 3): a seller's monthly sales report
 * rendered in Sinhala and in Tamil reads back (pdftotext) with its title, headers, labels, month
 * and footer in that language and its data as it was; English stays word for word; and every word
 * the reports print (jobs/reports.ts) has both translations.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasLabel, label, pageFooter } from './labels';
import { localizedSpec, renderReport, type Cell, type ReportSpec } from './render';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'labels-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ROWS: Cell[][] = [
  ['1', '11/03/2026', 'ORD-7K2P9Q-I1', 'Galaxy A15', 'Samsung', 'SAM-A15-BLK', '2', { cents: 4_500_000 }, { cents: 9_000_000 }],
  ['2', '11/05/2026', 'ORD-8M3R1T-I1', 'රතු දුරකථනය', 'Redmi', 'RED-13-RED', '1', { cents: 5_499_900 }, { cents: 5_499_900 }],
];

/** A seller's monthly sales report as jobs/reports.ts builds it. */
export function salesSpec(language: ReportSpec['language']): ReportSpec {
  return {
    title: 'Monthly Sales Report',
    heading: 'ලංකා ජංගම Mobiles',
    subtitle: ['Report date: 11/29/2026', 'Month: November 2026 · Currency: LKR'],
    summary: [
      ['Company Name', 'ලංකා ජංගම Mobiles'],
      ['Owner Name', 'Kamal Perera'],
      ['Total Orders', '2'],
      ['Total Income', 'Rs. 144,999.00'],
      ['Total Profit', 'Rs. 130,499.10'],
      ['Refunds of returns', '0 · Rs. 0.00'],
    ],
    columns: [
      { header: 'No', width: 4 },
      { header: 'Order Date', width: 9 },
      { header: 'OrderID', width: 12 },
      { header: 'Item Name', width: 18 },
      { header: 'Brand', width: 9 },
      { header: 'SKU', width: 17 },
      { header: 'Quantity', width: 7, align: 'right' },
      { header: 'Unit Price', width: 12, align: 'right' },
      { header: 'Total Price', width: 13, align: 'right' },
    ],
    rowCount: ROWS.length,
    emptyText: 'No sales in this month',
    rows: async function* () {
      yield* ROWS;
    },
    language,
  };
}

/**
 * The letters of `s` without their vowel signs and other marks: the PDF draws a vowel sign written
 * before its consonant (ෙ, ெ) in that visual order, which pdftotext reads back as it is drawn.
 */
const letters = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ');
const text = async (file: string) => letters((await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout);

describe('PDF reports in the requester language', () => {
  it('prints a Sinhala report: its words in Sinhala, the data as it was', async () => {
    const file = path.join(dir, 'si.pdf');
    await renderReport(salesSpec('si'), file);
    const t = await text(file);
    for (const words of ['මාසික විකුණුම් වාර්තාව', 'වාර්තා දිනය: 11/29/2026', 'මාසය: නොවැම්බර් 2026', 'මුළු ආදායම', 'ඇණවුම් දිනය', 'ඒකක මිල', 'පිටුව 1 / 1'])
      expect(t, words).toContain(letters(words));
    for (const data of ['Galaxy A15', 'Rs. 90,000.00', 'Rs. 144,999.00', 'ORD-7K2P9Q-I1', 'රතු දුරකථනය'])
      expect(t, data).toContain(letters(data));
    expect(t).not.toContain('Monthly Sales Report');
    expect(t).not.toContain('Unit Price');
  });

  it('prints a Tamil report, and English word for word', async () => {
    const ta = path.join(dir, 'ta.pdf');
    await renderReport(salesSpec('ta'), ta);
    const t = await text(ta);
    for (const words of ['மாதாந்திர விற்பனை அறிக்கை', 'மாதம்: நவம்பர் 2026', 'மொத்த வருமானம்', 'அலகு விலை', 'பக்கம் 1 / 1'])
      expect(t, words).toContain(letters(words));
    const en = salesSpec('en');
    expect(localizedSpec(en)).toBe(en);
    expect(localizedSpec(salesSpec(undefined)).title).toBe('Monthly Sales Report');
    expect(pageFooter(2, 5, 'en')).toBe('Page 2 of 5');
  });

  it('has both translations for every word the reports print', async () => {
    const source = await readFile(path.join(__dirname, '../jobs/reports.ts'), 'utf8');
    const words = new Set<string>();
    for (const m of source.matchAll(/header: '([^']+)'|emptyText: '([^']+)'|\[\s*'([^']+)',|^\s+\w+: '([A-Z][^']+)',$/gm))
      words.add((m[1] ?? m[2] ?? m[3] ?? m[4])!);
    for (const m of source.matchAll(/NO_SALES = '([^']+)'|adminHeading = '([^']+)'/g)) words.add((m[1] ?? m[2])!);
    // Values that are data, not the report's words.
    for (const value of ['Cancelled', 'Pending', 'LKR', 'Package', 'SKU']) words.delete(value);
    expect(words.size).toBeGreaterThan(50);
    const missing = [...words].filter((w) => !hasLabel(w));
    expect(missing).toEqual([]);
    for (const w of [...words].filter((word) => word !== 'No')) {
      expect(label(w, 'si'), w).toMatch(/[\u0D80-\u0DFF]/);
      expect(label(w, 'ta'), w).toMatch(/[\u0B80-\u0BFF]/);
    }
  });
});
