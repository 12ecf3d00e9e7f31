/**
 * Sri Lanka time (Asia/Colombo, UTC+05:30, no daylight saving), the one clock of the marketplace's
 * documents and reports: the order and transaction times are ISO texts in that zone, so they start
 * with the local year-month-day (spec 001 section 3: the month is characters 6-7), and a report's
 * month is the Sri Lanka month of the order date (spec 001 section 9). Pure functions, no I/O;
 * shared by ordering (what it writes and filters) and reporting (what it counts and prints).
 */

/** Sri Lanka's offset from UTC in milliseconds (+05:30 all year). */
export const COLOMBO_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** The instant shifted so its UTC fields read as Sri Lanka's wall clock. */
const wallClock = (at: Date) => new Date(at.getTime() + COLOMBO_OFFSET_MS);

/** `2026-11-22T17:05:00.000+05:30` for an instant (the documents' time texts). */
export function colomboIso(at: Date): string {
  return wallClock(at).toISOString().replace('Z', '+05:30');
}

/** `yyyy-mm-dd` of an instant in Sri Lanka (an order's date). */
export function colomboDate(at: Date): string {
  return wallClock(at).toISOString().slice(0, 10);
}

/** `HH:MM` (24 h) of an instant in Sri Lanka. */
export function colomboClock(at: Date): string {
  return wallClock(at).toISOString().slice(11, 16);
}

/**
 * `yyyy-mm-dd HH:MM` in Sri Lanka of an ISO instant, as every screen shows a time (issue 30 item 5:
 * the admin's transactions showed UTC, 5 h 30 min off the customer's payment history); the text
 * itself when it is not a time.
 */
export function colomboDateTime(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${colomboDate(at)} ${colomboClock(at)}`;
}

/** `yyyy-mm` of an instant in Sri Lanka (the month an order counts in). */
export function colomboMonthKey(at: Date): string {
  return wallClock(at).toISOString().slice(0, 7);
}

/** The current year in Sri Lanka. */
export function colomboYear(now: Date = new Date()): number {
  return wallClock(now).getUTCFullYear();
}

/** The instants [from, to) of a month in Sri Lanka time; month 1..12. */
export function colomboMonthRange(year: number, month: number): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(year, month - 1, 1) - COLOMBO_OFFSET_MS), to: new Date(Date.UTC(year, month, 1) - COLOMBO_OFFSET_MS) };
}
