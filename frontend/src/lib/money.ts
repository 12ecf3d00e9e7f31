/**
 * Money display (docs/architecture.md, Money: integer cents, shown as
 * `Rs. 12,345.00`; spec 000 section 9, "Currency LKR / Rs.; amounts shown with two decimals").
 *
 * The wire carries integer cents; this module only formats them.
 */

import { formatLkr } from '@market/contracts/rules';

/** One formatter for the web app and the PDF reports (packages/contracts/src/money.ts). */
export { formatLkr };

/**
 * Formats an amount in rupees as the catalogue's wire fields carry it (Price, FinalPrice, price),
 * e.g. 12345.5 → `Rs. 12,345.50`.
 * @param rupees - amount in rupees, at most two decimals meaningful
 * @throws {RangeError} as {@link formatLkr}
 */
export function formatRupees(rupees: number): string {
  return formatLkr(Math.round(rupees * 100));
}
