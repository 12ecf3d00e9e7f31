/**
 * LKR amounts as people read them (docs/architecture.md, Money: stored as integer
 * cents, shown as `Rs. 12,345.00`; spec 000 section 9, "Currency LKR / Rs.; amounts shown with two
 * decimals"). One formatter for the web app and the PDF reports, so a refund prints the same on
 * a page and in a report.
 *
 * Rupees and the two-digit cent part are formatted separately on integers, so every safe integer
 * of cents prints exactly (no floating-point rounding of large totals).
 */

/**
 * The digits of an amount of LKR cents: 1234500 → `12,345.00`, -150 → `-1.50`.
 *
 * @param cents - amount in cents; a fractional value is rounded to the nearest cent; -0 and
 *   amounts that round to 0 print without a sign
 * @throws RangeError when `cents` is NaN or infinite (a programming error, not user input)
 */
export function lkrDigits(cents: number): string {
  if (!Number.isFinite(cents)) throw new RangeError(`not an amount of cents: ${cents}`);
  const whole = Math.abs(Math.round(cents));
  const sign = whole !== 0 && cents < 0 ? '-' : '';
  const rupees = Math.floor(whole / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${rupees}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * An amount of LKR cents for display: 1234500 → `Rs. 12,345.00`, 0 → `Rs. 0.00`,
 * -5000 → `-Rs. 50.00` (the sign before the currency, as a refund reads).
 *
 * @param cents - as {@link lkrDigits}
 * @throws RangeError as {@link lkrDigits}
 */
export function formatLkr(cents: number): string {
  const digits = lkrDigits(cents);
  return digits.startsWith('-') ? `-Rs. ${digits.slice(1)}` : `Rs. ${digits}`;
}

/**
 * LKR cents to the rupees number the JSON answers carry (`Price`, `Amount`, `TotalPrice`...):
 * 1234550 → 12345.5, 99 → 0.99. Money is stored as integer cents (docs/architecture.md, Money) and the
 * wire shows rupees with at most two decimals (spec 000 section 9); one conversion for every
 * service, so an amount reads the same in an order, a checkout and a report.
 *
 * @param cents - amount in integer cents (a fractional value is rounded to the nearest cent
 *   first, so the answer is always exact to the cent)
 * @returns rupees; `rupees(c).toFixed(2)` is the amount's two-decimal text
 */
export const rupees = (cents: number): number => Math.round(cents) / 100;
