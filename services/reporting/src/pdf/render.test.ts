/**
 * The PDF renderer as a reader sees it, checked with poppler's pdftotext
 * and pdftoppm (poppler-utils, installed by scripts/ensure-tools.sh): Sinhala and Tamil text comes
 * back as the text it was (it printed as "Ü=ÒØ-ÄÛÒ¢Ø…" in Helvetica), a long summary label no
 * longer runs into its value ("Registered in November 20244"), and page 1 carries the logo.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCsv } from './csv';
import { LOGO_BLUE } from './logo';
import { renderReport, type Cell, type ReportSpec } from './render';

const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'render-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ROWS: Cell[][] = [
  ['1', 'සිංහල ජංගම Mobiles', 'Kamal Perera', { cents: 24_999_999 }],
  ['2', 'தமிழ் கைபேசி Store', 'Kavitha Rajan', { cents: 123_450 }],
  ['3', '=HYPERLINK("x")', 'Nimal, "Jr"', { cents: -150 }],
];

function spec(over: Partial<ReportSpec> = {}): ReportSpec {
  return {
    title: 'Customer Monthly Report',
    heading: 'සිංහල ජංගම Mobiles',
    subtitle: ['Report date: 11/24/2026', 'Month: November 2024'],
    summary: [
      ['Registered in November 2024', '4'],
      ['All customers', '1250'],
      ['Company Name', 'தமிழ் கைபேசி Store'],
    ],
    columns: [
      { header: 'No', width: 4 },
      { header: 'Shop', width: 30 },
      { header: 'Owner', width: 20 },
      { header: 'Total', width: 12, align: 'right' },
    ],
    rowCount: ROWS.length,
    emptyText: 'Nothing',
    rows: async function* () {
      yield* ROWS;
    },
    ...over,
  };
}

async function pdftotext(file: string): Promise<string> {
  return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout;
}

describe('renderReport', () => {
  it('embeds fonts for Sinhala and Tamil: the text extracts as written', async () => {
    const file = path.join(dir, 'scripts.pdf');
    await renderReport(spec(), file);
    const text = await pdftotext(file);
    expect(text).toContain('සිංහල ජංගම Mobiles');
    // Tamil: the words without pre-base vowel signs come back in their own order.
    expect(text).toContain('தமிழ்');
    expect(text).toContain('Store');
    expect(text).not.toMatch(/[ÜÒØÄÛ]/);
    const fonts = (await run('pdffonts', [file])).stdout;
    expect(fonts).toMatch(/NotoSansSinhala/);
    expect(fonts).toMatch(/NotoSansTamil/);
  });

  it('starts a summary value after its label, however long the label', async () => {
    const file = path.join(dir, 'summary.pdf');
    await renderReport(spec(), file);
    // -layout keeps each printed line as one line; runs of spaces stand for the gaps.
    const { stdout } = await run('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']);
    const lines = stdout.split('\n').map((l) => l.replace(/\s+/g, ' ').trim());
    expect(lines.find((l) => l.startsWith('Registered'))).toMatch(/^Registered in November 2024: 4 Company Name: /);
    expect(lines.find((l) => l.startsWith('All customers'))).toBe('All customers: 1250');
  });

  it('prints amounts as Rs. in the table', async () => {
    const file = path.join(dir, 'money.pdf');
    await renderReport(spec(), file);
    const text = await pdftotext(file);
    expect(text).toContain('Rs. 249,999.99');
    expect(text).toContain('-Rs. 1.50');
  });

  it('draws the marketplace logo at the top left of page 1', async () => {
    const file = path.join(dir, 'logo.pdf');
    await renderReport(spec(), file);
    // 72 dpi: one pixel per point. The logo's square is at (36, 34), 44 points; its blue corner
    // band at (40..44, 50) lies left of the white phone outline.
    const { stdout } = await run('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-x', '38', '-y', '48', '-W', '4', '-H', '4', file], {
      encoding: 'buffer',
    });
    const ppm = stdout as unknown as Buffer;
    // Binary PPM: "P6\n<w> <h>\n255\n" then RGB bytes.
    const header = ppm
      .subarray(0, 20)
      .toString('latin1')
      .match(/^P6\s+(\d+)\s+(\d+)\s+255\s/);
    expect(header).not.toBeNull();
    const pixel = ppm.subarray(header![0].length, header![0].length + 3);
    const hex = `#${[...pixel].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
    expect(hex).toBe(LOGO_BLUE);
  });
});

describe('the CSV beside the PDF', () => {
  it('holds the headers and the rows the PDF drew: UTF-8 with BOM, quoted, amounts in rupees, formulas defused', async () => {
    const pdf = path.join(dir, 'csv.pdf');
    const csvFile = path.join(dir, 'csv.csv');
    const s = spec();
    const csv = await openCsv(
      csvFile,
      s.columns.map((c) => c.header),
    );
    // Announces 2 rows while the source has 3: the PDF draws 2 and the CSV must hold the same 2.
    await renderReport({ ...s, rowCount: 2, rows: () => csv.tee(s.rows()) }, pdf);
    expect(await csv.finish()).toEqual({ rows: 2 });
    const bytes = await readFile(csvFile);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(
      'No,Shop,Owner,Total\r\n1,සිංහල ජංගම Mobiles,Kamal Perera,249999.99\r\n2,தமிழ் கைபேசி Store,Kavitha Rajan,1234.50\r\n',
    );

    const all = path.join(dir, 'all.csv');
    const csv2 = await openCsv(all, ['a', 'b', 'c', 'd']);
    for await (const row of csv2.tee(s.rows())) void row;
    await csv2.finish();
    expect((await readFile(all, 'utf8')).split('\r\n')[3]).toBe(`3,"'=HYPERLINK(""x"")","Nimal, ""Jr""",-1.50`);
  });
});

describe('a report job that fails half-way (issue 34: Redis down during a render ended the reporting process)', () => {
  it('leaves no part file and no unhandled stream error when the progress report fails and the CSV is aborted', async () => {
    const many: Cell[][] = Array.from({ length: 400 }, (_, n) => [String(n), `Shop ${n} ${'x'.repeat(200)}`, 'Owner', { cents: n }]);
    const file = path.join(dir, 'failing.pdf');
    const csv = await openCsv(path.join(dir, 'failing.csv'), ['No', 'Shop', 'Owner', 'Total']);
    const refused = new Error('Connection is closed.');
    const rendering = renderReport(
      spec({
        rowCount: many.length,
        rows: () =>
          csv.tee(
            (async function* () {
              yield* many;
            })(),
          ),
      }),
      file,
      async (share) => {
        if (share > 0) throw refused;
      },
    );
    await expect(rendering).rejects.toBe(refused);
    // As the worker does: abort the CSV while its last writes may still be in flight.
    await csv.abort();
    await new Promise((r) => setTimeout(r, 200));
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(dir)).filter((f) => f.startsWith('failing'))).toEqual([]);
  });
});
