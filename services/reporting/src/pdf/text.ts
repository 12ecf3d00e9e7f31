/**
 * Text in the reports' PDFs in Sinhala, Tamil and English: pdfkit's built-in
 * Helvetica only has Latin-1 glyphs, so Sinhala and Tamil names printed as mojibake
 * ("සිංහල ජංගම Mobiles" came out as "Ü=ÒØ-ÄÛÒ¢Ø…"). Each string is cut into runs by script;
 * Sinhala runs use Noto Sans Sinhala, Tamil runs Noto Sans Tamil (embedded, subset by pdfkit from
 * the `@fontsource/noto-sans-sinhala` and `@fontsource/noto-sans-tamil` npm packages, SIL Open
 * Font License 1.1; WOFF files that pdfkit loads through fontkit), everything else Helvetica.
 * fontkit shapes the Indic runs (conjuncts, vowel signs); a PDF text extraction gives the text
 * back, with pre-base vowel signs in visual order (e.g. "ෙකා" for "කො").
 *
 * Spaces, digits and punctuation belong to the Latin runs; zero-width (non-)joiners stay in the
 * run they join.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export type Script = 'latin' | 'sinhala' | 'tamil';
export type Weight = 'regular' | 'bold';

/** Font names registered on each document by {@link registerFonts}. */
const FONT_NAMES: Record<Script, Record<Weight, string>> = {
  latin: { regular: 'Helvetica', bold: 'Helvetica-Bold' },
  sinhala: { regular: 'NotoSansSinhala', bold: 'NotoSansSinhala-Bold' },
  tamil: { regular: 'NotoSansTamil', bold: 'NotoSansTamil-Bold' },
};

const FONT_FILES: Record<Exclude<Script, 'latin'>, Record<Weight, string>> = {
  sinhala: {
    regular: '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff',
    bold: '@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-700-normal.woff',
  },
  tamil: {
    regular: '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff',
    bold: '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff',
  },
};

let fontBytes: { name: string; bytes: Buffer }[] | undefined;

/** The font files, read once per process (about 150 KB). @throws when a font package is missing */
function fonts(): { name: string; bytes: Buffer }[] {
  if (!fontBytes) {
    const require = createRequire(__filename);
    fontBytes = (['sinhala', 'tamil'] as const).flatMap((script) =>
      (['regular', 'bold'] as const).map((weight) => ({
        name: FONT_NAMES[script][weight],
        bytes: readFileSync(require.resolve(FONT_FILES[script][weight])),
      })),
    );
  }
  return fontBytes;
}

/** Registers the Sinhala and Tamil fonts on a pdfkit document (embedded only where used). */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const f of fonts()) doc.registerFont(f.name, f.bytes);
}

const INDIC = /[\u0B80-\u0BFF\u0D80-\u0DFF]/;

function scriptOf(ch: string): Script | 'joiner' {
  const c = ch.codePointAt(0)!;
  if (c >= 0x0d80 && c <= 0x0dff) return 'sinhala';
  if (c >= 0x0b80 && c <= 0x0bff) return 'tamil';
  if (c === 0x200c || c === 0x200d) return 'joiner';
  return 'latin';
}

/** `text` cut into runs of one script each, in order; a Latin-only text is one run. */
export function scriptRuns(text: string): { script: Script; text: string }[] {
  if (!INDIC.test(text)) return text ? [{ script: 'latin', text }] : [];
  const runs: { script: Script; text: string }[] = [];
  for (const ch of text) {
    const s = scriptOf(ch);
    const last = runs[runs.length - 1];
    if (last && (s === 'joiner' || s === last.script)) last.text += ch;
    else runs.push({ script: s === 'joiner' ? 'latin' : s, text: ch });
  }
  return runs;
}

const graphemes = new Intl.Segmenter('si', { granularity: 'grapheme' });

/**
 * Draws and measures text in the script of each run, at the weight and size last chosen with
 * {@link ReportText.font}. Text is drawn on one line (`lineBreak: false`), as the reports do.
 */
export class ReportText {
  private weight: Weight = 'regular';
  private size = 10;

  constructor(private readonly doc: PDFKit.PDFDocument) {
    registerFonts(doc);
  }

  /** Chooses weight and size (points) for the next calls; the Latin font is set on the document. */
  font(weight: Weight, size: number): this {
    this.weight = weight;
    this.size = size;
    this.doc.font(FONT_NAMES.latin[weight]).fontSize(size);
    return this;
  }

  private use(script: Script): void {
    this.doc.font(FONT_NAMES[script][this.weight]).fontSize(this.size);
  }

  /** Width of `text` in points. */
  width(text: string): number {
    if (!INDIC.test(text)) return this.doc.widthOfString(text); // the Latin font is the current one
    const runs = scriptRuns(text);
    let w = 0;
    for (const r of runs) {
      this.use(r.script);
      w += this.doc.widthOfString(r.text);
    }
    this.use('latin');
    return w;
  }

  /** Draws `text` with its left end at `x`, top at `y`. */
  draw(text: string, x: number, y: number): void {
    if (!INDIC.test(text)) {
      this.doc.text(text, x, y, { lineBreak: false });
      return;
    }
    let at = x;
    for (const r of scriptRuns(text)) {
      this.use(r.script);
      this.doc.text(r.text, at, y, { lineBreak: false });
      at += this.doc.widthOfString(r.text);
    }
    this.use('latin');
  }

  /** `text`, cut with an ellipsis to at most `width` points (never inside a letter cluster). */
  fit(text: string, width: number): string {
    if (this.width(text) <= width) return text;
    const parts = INDIC.test(text) ? Array.from(graphemes.segment(text), (g) => g.segment) : Array.from(text);
    let lo = 0;
    let hi = parts.length;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (this.width(`${parts.slice(0, mid).join('')}…`) <= width) lo = mid;
      else hi = mid - 1;
    }
    return `${parts.slice(0, lo).join('')}…`;
  }
}
