/**
 * Money display (DESIGN.md "Money: store LKR amounts as integer cents; show `Rs. 12,345.00`").
 */

const FORMAT = new Intl.NumberFormat('en-LK', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/**
 * Formats an amount of LKR cents, e.g. 1234500 → `Rs. 12,345.00`, -5000 → `-Rs. 50.00`.
 * @param cents - integer cents
 */
export function formatLkr(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}Rs. ${FORMAT.format(Math.abs(cents) / 100)}`;
}

/**
 * Formats an amount in rupees as the catalogue's wire fields carry it (Price, FinalPrice, price),
 * e.g. 12345.5 → `Rs. 12,345.50`.
 */
export function formatRupees(rupees: number): string {
  return formatLkr(Math.round(rupees * 100));
}
