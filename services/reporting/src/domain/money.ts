/**
 * Money as the reports show it (docs/architecture.md, Money): integer cents of LKR in, `Rs. 12,345.00`
 * out, two decimals always; and the report constants of spec 001 section 9.
 */
import { formatLkr, ITEM_OUTGOINGS_PERCENT, lkrDigits, PACKAGE_OUTGOINGS_PERCENT } from '@market/contracts';

/**
 * `12,345.00` for 1234500 cents, `-1.50` for -150: the table cells' digits. The same formatter as
 * the web app's (packages/contracts/src/money.ts).
 */
export const amount = lkrDigits;

/** `Rs. 12,345.00`; a negative amount as `-Rs. 50.00`, as the web app shows it. */
export const rs = formatLkr;

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
