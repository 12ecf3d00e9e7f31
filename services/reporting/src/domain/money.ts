/**
 * Money as the reports show it (DESIGN.md section 6): integer cents of LKR in, `Rs. 12,345.00`
 * out, two decimals always; and the report constants of spec 001 section 9.
 */
import { ITEM_OUTGOINGS_PERCENT, PACKAGE_OUTGOINGS_PERCENT } from '@market/contracts';

/** `12,345.00` for 1234500 cents (negative amounts keep their sign). */
export function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const rupees = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${rupees}.${String(abs % 100).padStart(2, '0')}`;
}

/** `Rs. 12,345.00`. */
export const rs = (cents: number): string => `Rs. ${amount(cents)}`;

/** Cents to rupees for JSON answers (exact to the cent). */
export const rupees = (cents: number): number => Math.round(cents) / 100;

/** `percent` % of `cents`, rounded half up to the cent. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

/**
 * Outgoings of one order line (spec 001 section 9): 20 % of the unit price of an item order
 * line, 10 % of the package price of a package order line, once per line (not per unit).
 */
export function lineOutgoings(kind: 'item' | 'package', unitPriceCents: number): number {
  return percentOf(unitPriceCents, kind === 'item' ? ITEM_OUTGOINGS_PERCENT : PACKAGE_OUTGOINGS_PERCENT);
}
