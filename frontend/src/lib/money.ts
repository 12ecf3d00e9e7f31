/**
 * Money display (DESIGN.md section 6, "Money: store LKR amounts as integer cents; show
 * `Rs. 12,345.00`"; spec 000 section 9, "Currency LKR / Rs.; amounts shown with two decimals").
 *
 * The wire carries integer cents; this module only formats them. Formatting is done on whole
 * rupees and the two-digit cent part separately, so every safe integer prints exactly (no
 * floating-point rounding of large totals).
 */

const RUPEES = new Intl.NumberFormat('en-LK', { maximumFractionDigits: 0, useGrouping: true });

/**
 * Formats an amount of LKR cents, e.g. 1234500 → `Rs. 12,345.00`, 0 → `Rs. 0.00`,
 * -5000 → `-Rs. 50.00`.
 * @param cents - amount in cents; a fractional value is rounded to the nearest cent
 * @throws {RangeError} when `cents` is NaN or infinite (a programming error, not user input)
 */
export function formatLkr(cents: number): string {
  if (!Number.isFinite(cents)) throw new RangeError(`formatLkr: not an amount of cents: ${cents}`);
  const whole = Math.abs(Math.round(cents));
  const sign = whole !== 0 && cents < 0 ? '-' : '';
  const rupees = Math.floor(whole / 100);
  const rest = String(whole % 100).padStart(2, '0');
  return `${sign}Rs. ${RUPEES.format(rupees)}.${rest}`;
}

/**
 * Formats an amount in rupees as the catalogue's wire fields carry it (Price, FinalPrice, price),
 * e.g. 12345.5 → `Rs. 12,345.50`.
 * @param rupees - amount in rupees, at most two decimals meaningful
 * @throws {RangeError} as {@link formatLkr}
 */
export function formatRupees(rupees: number): string {
  return formatLkr(Math.round(rupees * 100));
}
