/**
 * Renders a report to a PDF file with pdfkit, streaming (issue 7): the rows come from an async
 * iterator (a database cursor) and each finished page is flushed to the file, so a 20,000-row
 * report needs no more memory than a few pages.
 *
 * "Page n of m" without `bufferPages` (which keeps every page in memory): every row has the same
 * height (cell text is cut to one line with an ellipsis), so the number of pages follows from the
 * number of rows before the first one is drawn.
 *
 * Layout: A4 landscape; page 1 has the marketplace name, the title, the heading (company or
 * administrator), the report date and month, and the summary block; every page repeats the table
 * header; money columns are right-aligned; an empty report says so on its own page.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';

export const MARKETPLACE_NAME = 'Lanka Electronics Marketplace';

export interface Column {
  header: string;
  /** Share of the table width (the widths are scaled to fill it). */
  width: number;
  align?: 'left' | 'right';
}

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
  rows: () => AsyncIterable<string[]>;
  /** Shown instead of the table when there are no rows, e.g. "No sales in this month". */
  emptyText: string;
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
  spec: ReportSpec,
  file: string,
  onProgress?: (done: number) => Promise<void> | void,
): Promise<RenderResult> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.part`;
  const out = createWriteStream(tmp);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    autoFirstPage: false,
    info: { Title: spec.title, Author: MARKETPLACE_NAME, Subject: spec.heading },
  });
  doc.pipe(out);
  const L = layout(spec);
  const tableWidth = PAGE.width - 2 * MARGIN;
  const shares = spec.columns.reduce((n, c) => n + c.width, 0);
  const cols = spec.columns.map((c) => ({ ...c, w: (c.width / shares) * tableWidth }));
  const xs: number[] = [];
  cols.reduce((x, c) => (xs.push(x), x + c.w), MARGIN);

  let page = 0;
  let drawn = 0;

  const fit = (text: string, width: number): string => {
    if (doc.widthOfString(text) <= width) return text;
    let lo = 0;
    let hi = text.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${text.slice(0, lo)}…`;
  };
  const cell = (text: string, i: number, y: number) => {
    const c = cols[i]!;
    const s = fit(text, c.w - 8);
    const x = c.align === 'right' ? xs[i]! + c.w - 4 - doc.widthOfString(s) : xs[i]! + 4;
    doc.text(s, x, y, { lineBreak: false });
  };

  const newPage = async () => {
    if (page > 0 && out.writableNeedDrain) await once(out, 'drain');
    doc.addPage();
    page++;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    const footer = `Page ${page} of ${L.pages}`;
    doc.text(footer, PAGE.width - MARGIN - doc.widthOfString(footer), FOOTER_Y, { lineBreak: false });
    doc.text(`${MARKETPLACE_NAME} · ${spec.title}`, MARGIN, FOOTER_Y, { lineBreak: false });
    if (page > 1) {
      doc.font('Helvetica-Bold').fontSize(9).fillColor(ACCENT);
      doc.text(`${spec.title} — ${spec.heading}`, MARGIN, MARGIN, { lineBreak: false });
    }
  };
  const tableHeader = (y: number) => {
    doc.rect(MARGIN, y, tableWidth, HEADER_H).fill(ACCENT);
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE).fillColor('#ffffff');
    cols.forEach((c, i) => cell(c.header, i, y + 6));
    doc.font('Helvetica').fontSize(FONT_SIZE).fillColor(INK);
    return y + HEADER_H;
  };

  // Page 1: title block and summary.
  await newPage();
  doc.font('Helvetica-Bold').fontSize(18).fillColor(ACCENT).text(MARKETPLACE_NAME, MARGIN, MARGIN, { lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .fillColor(INK)
    .text(spec.title, MARGIN, MARGIN + 26, { lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(fit(spec.heading, tableWidth), MARGIN, MARGIN + 50, { lineBreak: false });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  spec.subtitle.forEach((line, i) => doc.text(line, MARGIN, MARGIN + 68 + i * 14, { lineBreak: false }));
  const half = Math.ceil(spec.summary.length / 2);
  const colW = tableWidth / 2;
  spec.summary.forEach(([label, value], i) => {
    const x = MARGIN + (i < half ? 0 : colW);
    const y = L.summaryTop + (i % half) * SUMMARY_LINE_H;
    doc.font('Helvetica').fontSize(9.5).fillColor(MUTED);
    doc.text(`${label}:`, x, y, { lineBreak: false });
    doc.font('Helvetica-Bold').fillColor(INK);
    doc.text(fit(value, colW - 140), x + 120, y, { lineBreak: false });
  });
  doc
    .moveTo(MARGIN, L.firstTableTop - 9)
    .lineTo(PAGE.width - MARGIN, L.firstTableTop - 9)
    .lineWidth(0.5)
    .strokeColor('#ced4da')
    .stroke();

  if (spec.rowCount === 0) {
    doc.font('Helvetica-Bold').fontSize(16).fillColor(MUTED);
    const w = doc.widthOfString(spec.emptyText);
    doc.text(spec.emptyText, (PAGE.width - w) / 2, L.firstTableTop + 60, { lineBreak: false });
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
  try {
    await once(out, 'finish');
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  await onProgress?.(1);
  return { pages: page, rows: drawn, bytes: out.bytesWritten };
}
