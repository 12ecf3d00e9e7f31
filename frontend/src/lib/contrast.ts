/**
 * Colour contrast for the theme (WCAG 2.2 success criterion 1.4.3 "Contrast
 * (Minimum)": text needs a contrast ratio of at least 4.5:1 with its background).
 *
 * Mantine's default palettes put white text on shade 6 (`#228be6` blue is 3.5:1) and coloured
 * text on shade 6 (`#868e96` dimmed grey is 3.3:1), which axe reports as serious. The theme keeps
 * the light shades 0-5 and darkens shades 6-9 just enough that they pass as text or as a filled
 * background under white text, on the app's lightest backgrounds.
 */

/** Colours as `#rrggbb`. */
type Hex = string;

const channels = (hex: Hex): [number, number, number] => {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (rgb: number[]): Hex =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** Relative luminance (WCAG 2.2, "relative luminance"), 0 (black) to 1 (white). */
export function luminance(hex: Hex): number {
  const [r, g, b] = channels(hex).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 to 21 (WCAG 2.2, "contrast ratio"). */
export function contrastRatio(a: Hex, b: Hex): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `colour` at `alpha` (0-1) over `base`, as Mantine's light variants paint their background. */
export function over(colour: Hex, alpha: number, base: Hex = '#ffffff'): Hex {
  const c = channels(colour);
  const b = channels(base);
  return toHex(c.map((v, i) => v * alpha + b[i]! * (1 - alpha)));
}

/** `colour` darkened by `amount` (0-1) towards black. */
export function darken(colour: Hex, amount: number): Hex {
  return toHex(channels(colour).map((v) => v * (1 - amount)));
}

/** The app's lightest page background (Mantine gray.0, the public pages' background). */
export const PAGE_BACKGROUND = '#f8f9fa';
/** Ratio aimed at: WCAG AA's 4.5:1 with a little room for anti-aliasing and rounding. */
export const TARGET_RATIO = 4.6;

/**
 * A palette of ten shades whose shades 6-9 pass as text (on white, on {@link PAGE_BACKGROUND} and
 * on the shade's own light-variant background, 10-12% of it over the page) and under white text.
 * Shades that already pass are kept; darker shades stay at least as dark as the ones before.
 * @param shades - Mantine's ten shades, lightest first
 * @returns the ten shades, 0-5 unchanged
 */
export function accessibleShades(shades: readonly Hex[]): Hex[] {
  const passes = (c: Hex) =>
    [PAGE_BACKGROUND, over(c, 0.12, PAGE_BACKGROUND)].every((bg) => contrastRatio(c, bg) >= TARGET_RATIO) &&
    contrastRatio(c, '#ffffff') >= TARGET_RATIO;
  const out = shades.slice(0, 6);
  let previous: Hex | undefined;
  for (let i = 6; i < 10; i++) {
    let c = shades[i]!;
    if (previous && luminance(previous) < luminance(c)) c = darken(previous, 0.06);
    while (!passes(c)) c = darken(c, 0.03);
    out.push(c);
    previous = c;
  }
  return out;
}
