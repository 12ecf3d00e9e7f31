/**
 * Renders a report to a PDF file with pdfkit, streaming: the rows come from an async
 * iterator (a database cursor) and each finished page is flushed to the file, so a 20,000-row
 * report needs no more memory than a few pages.
 *
 * "Page n of m" without `bufferPages` (which keeps every page in memory): every row has the same
 * height (cell text is cut to one line with an ellipsis), so the number of pages follows from the
 * number of rows before the first one is drawn.
 *
 * Layout: A4 landscape; page 1 has the marketplace logo and name, the title, the heading (company
 * or administrator), the report date and month, and the summary block (each value starts after
 * its label, however long the label: "Registered in November 2024:" no longer runs into its
 * value); every page repeats the table header; money columns are right-aligned;
 * an empty report says so on its own page. Sinhala and Tamil text is drawn in embedded Noto fonts
 * (`text.ts`). The report's own words (title, headers, labels, footer) are in the spec's `language`
 * (issue 33 item 3; labels.ts), the data as it is.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@market/contracts';
import PDFDocument from 'pdfkit';
import { rs } from '../domain/money';
import { drawLogo } from './logo';
import { partFile } from './csv';
import { ReportText } from './text';
import { hasLabel, label, pageFooter } from './labels';

export const MARKETPLACE_NAME = 'Lanka Electronics Marketplace';

export interface Column {
  header: string;
  /** Share of the table width (the widths are scaled to fill it). */
  width: number;
  align?: 'left' | 'right';
}

/** A table cell: text as it is, or an amount of LKR in integer cents (`Rs. 12,345.00` in the PDF). */
export type Cell = string | { cents: number };

/** The text of a cell in the PDF. */
export const cellText = (c: Cell): string => (typeof c === 'string' ? c : rs(c.cents));

export interface ReportSpec {
  title: string;
  /** The company name, or "Administrator". */
  heading: string;
  /** Lines under the heading, e.g. the report date and month. */
  subtitle: string[];
  /** Label and value pairs, shown in two columns. */
  summary: [string, string][];
  columns: Column[];
  /** Number of rows `rows()` yields (decides the page count). */
  rowCount: number;
  rows: () => AsyncIterable<Cell[]>;
  /** Shown instead of the table when there are no rows, e.g. "No sales in this month". */
  emptyText: string;
  /** The language of the report's own words (the requester's, issue 33 item 3); absent: English. */
  language?: Language;
}

/**
 * The spec with its own words in `spec.language` (labels.ts): title, heading, subtitle lines,
 * summary labels, column headers, the empty line, and the summary values that are the report's
 * own words ('No Ratings yet!'); names, amounts and dates stay as they are.
 */
export function localizedSpec(spec: ReportSpec): ReportSpec {
  const lang = spec.language ?? 'en';
  if (lang === 'en') return spec;
  return {
    ...spec,
    title: label(spec.title, lang),
    heading: hasLabel(spec.heading) ? label(spec.heading, lang) : spec.heading,
    subtitle: spec.subtitle.map((line) => label(line, lang)),
    summary: spec.summary.map(([name, value]) => [label(name, lang), hasLabel(value) ? label(value, lang) : value]),
    columns: spec.columns.map((c) => ({ ...c, header: label(c.header, lang) })),
    emptyText: label(spec.emptyText, lang),
  };
}

export interface RenderResult {
  pages: number;
  rows: number;
  bytes: number;
}

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 36;
const FOOTER_Y = PAGE.height - MARGIN + 10;
const TABLE_BOTTOM = PAGE.height - MARGIN - 8;
const ROW_H = 15;
const HEADER_H = 20;
const FONT_SIZE = 8.5;
const SUMMARY_LINE_H = 15;
const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const ACCENT = '#1c4e80';
const STRIPE = '#f1f3f5';
const LOGO_SIZE = 44;
/** The marketplace name and the title start right of the logo. */
const TITLE_X = MARGIN + LOGO_SIZE + 12;
/** The summary's value column starts at least this far right of its label's start. */
const SUMMARY_VALUE_OFFSET = 120;

/** Where the table starts on page 1 and on the other pages, and how many rows each holds. */
export function layout(spec: Pick<ReportSpec, 'summary' | 'subtitle' | 'rowCount'>) {
  const summaryTop = MARGIN + 78 + spec.subtitle.length * 14;
  const firstTableTop = summaryTop + Math.ceil(spec.summary.length / 2) * SUMMARY_LINE_H + 18;
  const otherTableTop = MARGIN + 24;
  const firstRows = Math.max(1, Math.floor((TABLE_BOTTOM - firstTableTop - HEADER_H) / ROW_H));
  const otherRows = Math.floor((TABLE_BOTTOM - otherTableTop - HEADER_H) / ROW_H);
  const pages = spec.rowCount <= firstRows ? 1 : 1 + Math.ceil((spec.rowCount - firstRows) / otherRows);
  return { summaryTop, firstTableTop, otherTableTop, firstRows, otherRows, pages };
}

/**
 * Renders `spec` to `file` (written under a temporary name, then renamed, so a reader never sees
 * half a PDF).
 * @param onProgress - called after each page with the share of rows drawn, 0..1
 */
export async function renderReport(
  given: ReportSpec,
  file: string,
  onProgress?: (done: number) => Promise<void> | void,
): Promise<RenderResult> {
  const spec = localizedSpec(given);
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = partFile(file);
  const out = createWriteStream(tmp);
  // Errors surface where the file is awaited; none may end the process as an unhandled event.
  out.on('error', () => undefined);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: false,
    info: { Title: spec.title, Author: MARKETPLACE_NAME, Subject: spec.heading },
  });
  doc.pipe(out);
  let page = 0;
  let drawn = 0;
  try {
    const t = new ReportText(doc);
    const L = layout(spec);
    const tableWidth = PAGE.width - 2 * MARGIN;
    const shares = spec.columns.reduce((n, c) => n + c.width, 0);
    const cols = spec.columns.map((c) => ({ ...c, w: (c.width / shares) * tableWidth }));
    const xs: number[] = [];
    cols.reduce((x, c) => (xs.push(x), x + c.w), MARGIN);

    const cell = (value: Cell, i: number, y: number) => {
      const c = cols[i]!;
      const s = t.fit(cellText(value), c.w - 8);
      const x = c.align === 'right' ? xs[i]! + c.w - 4 - t.width(s) : xs[i]! + 4;
      t.draw(s, x, y);
    };

    const newPage = async () => {
      if (page > 0 && out.writableNeedDrain) await once(out, 'drain');
      doc.addPage();
      page++;
      t.font('regular', 8);
      doc.fillColor(MUTED);
      const footer = pageFooter(page, L.pages, spec.language ?? 'en');
      t.draw(footer, PAGE.width - MARGIN - t.width(footer), FOOTER_Y);
      t.draw(`${MARKETPLACE_NAME} · ${spec.title}`, MARGIN, FOOTER_Y);
      if (page > 1) {
        t.font('bold', 9);
        doc.fillColor(ACCENT);
        t.draw(t.fit(`${spec.title} — ${spec.heading}`, tableWidth), MARGIN, MARGIN);
      }
    };
    const tableHeader = (y: number) => {
      doc.rect(MARGIN, y, tableWidth, HEADER_H).fill(ACCENT);
      t.font('bold', FONT_SIZE);
      doc.fillColor('#ffffff');
      cols.forEach((c, i) => cell(c.header, i, y + 6));
      t.font('regular', FONT_SIZE);
      doc.fillColor(INK);
      return y + HEADER_H;
    };

    // Page 1: title block and summary.
    await newPage();
    drawLogo(doc, MARGIN, MARGIN - 2, LOGO_SIZE);
    t.font('bold', 18);
    doc.fillColor(ACCENT);
    t.draw(MARKETPLACE_NAME, TITLE_X, MARGIN);
    t.font('bold', 14);
    doc.fillColor(INK);
    t.draw(t.fit(spec.title, tableWidth - (TITLE_X - MARGIN)), TITLE_X, MARGIN + 24);
    t.font('bold', 11);
    t.draw(t.fit(spec.heading, tableWidth), MARGIN, MARGIN + 50);
    t.font('regular', 10);
    doc.fillColor(MUTED);
    spec.subtitle.forEach((line, i) => t.draw(t.fit(line, tableWidth), MARGIN, MARGIN + 68 + i * 14));
    const half = Math.ceil(spec.summary.length / 2);
    const colW = tableWidth / 2;
    // Each half's values start in one column, right of its longest label (at least 120 points in).
    t.font('regular', 9.5);
    const labels = spec.summary.map(([label]) => t.fit(`${label}:`, colW / 2));
    const valueOffset = [0, 1].map((c) =>
      labels.reduce((w, l, i) => (Math.floor(i / half) === c ? Math.max(w, t.width(l) + 10) : w), SUMMARY_VALUE_OFFSET),
    );
    spec.summary.forEach(([, value], i) => {
      const x = MARGIN + (i < half ? 0 : colW);
      const y = L.summaryTop + (i % half) * SUMMARY_LINE_H;
      t.font('regular', 9.5);
      doc.fillColor(MUTED);
      t.draw(labels[i]!, x, y);
      const valueX = x + valueOffset[i < half ? 0 : 1]!;
      t.font('bold', 9.5);
      doc.fillColor(INK);
      t.draw(t.fit(value, x + colW - 20 - valueX), valueX, y);
    });
    doc
      .moveTo(MARGIN, L.firstTableTop - 9)
      .lineTo(PAGE.width - MARGIN, L.firstTableTop - 9)
      .lineWidth(0.5)
      .strokeColor('#ced4da')
      .stroke();

    if (spec.rowCount === 0) {
      t.font('bold', 16);
      doc.fillColor(MUTED);
      t.draw(spec.emptyText, (PAGE.width - t.width(spec.emptyText)) / 2, L.firstTableTop + 60);
    } else {
      let y = tableHeader(L.firstTableTop);
      let left = L.firstRows;
      for await (const row of spec.rows()) {
        if (drawn >= spec.rowCount) break; // never more pages than announced
        if (left === 0) {
          await onProgress?.(drawn / spec.rowCount);
          await newPage();
          y = tableHeader(L.otherTableTop);
          left = L.otherRows;
        }
        if (drawn % 2 === 1) {
          doc.rect(MARGIN, y, tableWidth, ROW_H).fill(STRIPE);
          doc.fillColor(INK);
        }
        row.forEach((text, i) => cell(text, i, y + 4));
        y += ROW_H;
        left--;
        drawn++;
      }
    }
    doc.end();
    await once(out, 'finish');
    await rename(tmp, file);
  } catch (err) {
    // A failed render (its progress report refused while Redis is down, a full disk) leaves no
    // open file behind.
    doc.unpipe(out);
    out.destroy();
    await rm(tmp, { force: true });
    throw err;
  }
  await onProgress?.(1);
  return { pages: page, rows: drawn, bytes: out.bytesWritten };
}
