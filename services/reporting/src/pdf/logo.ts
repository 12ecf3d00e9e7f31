/**
 * The marketplace logo on the reports, drawn as vectors: the same shapes and
 * colours as the web app's `frontend/public/favicon.svg` (a white phone on a blue rounded square,
 * viewBox 64 × 64), so it is sharp at any zoom and needs no image file.
 */

/** The logo's blue (favicon.svg's `#1c7ed6`). */
export const LOGO_BLUE = '#1c7ed6';

/**
 * Draws the logo with its top-left corner at (`x`, `y`), `size` points square. Leaves the
 * document's graphics state as it was.
 */
export function drawLogo(doc: PDFKit.PDFDocument, x: number, y: number, size: number): void {
  doc.save();
  doc.translate(x, y).scale(size / 64);
  doc.roundedRect(0, 0, 64, 64, 14).fill(LOGO_BLUE);
  doc.path('M20 14h24a4 4 0 0 1 4 4v28a4 4 0 0 1-4 4H20a4 4 0 0 1-4-4V18a4 4 0 0 1 4-4zm0 6v22h24V20z').fill('#ffffff', 'even-odd');
  doc.circle(32, 46, 2).fill(LOGO_BLUE);
  doc.restore();
}
