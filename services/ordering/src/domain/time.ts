/**
 * Dates as the marketplace writes them: Sri Lanka time (Asia/Colombo, UTC+05:30, no daylight
 * saving). `TransitTime` and `TransTime` are ISO texts in that zone, so they start with the local
 * year-month-day as the documents expect (spec 001 section 3: the month is characters 6-7).
 */
const OFFSET_MS = (5 * 60 + 30) * 60_000;

/** `2026-11-22T17:05:00.000+05:30` for an instant. */
export function colomboIso(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().replace('Z', '+05:30');
}

/** The instants [from, to) of a month in Sri Lanka time; month 1..12. */
export function colomboMonthRange(year: number, month: number): { from: Date; to: Date } {
  return { from: new Date(Date.UTC(year, month - 1, 1) - OFFSET_MS), to: new Date(Date.UTC(year, month, 1) - OFFSET_MS) };
}

/** The current year in Sri Lanka. */
export function colomboYear(now: Date = new Date()): number {
  return new Date(now.getTime() + OFFSET_MS).getUTCFullYear();
}
