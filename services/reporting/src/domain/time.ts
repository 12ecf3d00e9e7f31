/**
 * The report months and dates in Sri Lanka time, as ordering writes them (spec 001 section 9: the
 * report month is the month of the order date). The clock itself is @market/contracts'
 * colomboTime module, shared with ordering.
 */
import { colomboDate, colomboMonthKey } from '@market/contracts';

/** `yyyy-mm` of a month (1..12 or `01`..`12`). */
export function keyOf(year: number, month: number | string): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** `MM/DD/YYYY` of an instant in Sri Lanka (the report date, as the screens show it). */
export function usDate(at: Date): string {
  const [y, m, d] = colomboDate(at).split('-');
  return `${m}/${d}/${y}`;
}

/** The current month in Sri Lanka: `{ month: '01'..'12', year }`. */
export function currentMonth(now: Date = new Date()): { month: string; year: number } {
  const [y, m] = colomboMonthKey(now).split('-');
  return { month: m!, year: Number(y) };
}

/** The month before the current one in Sri Lanka (the scheduled delivery's month). */
export function previousMonth(now: Date = new Date()): { month: string; year: number } {
  const { month, year } = currentMonth(now);
  const m = Number(month);
  return m === 1 ? { month: '12', year: year - 1 } : { month: String(m - 1).padStart(2, '0'), year };
}

/** The `count` month keys ending with the current month, oldest first. */
export function lastMonths(count: number, now: Date = new Date()): string[] {
  const { month, year } = currentMonth(now);
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const idx = year * 12 + (Number(month) - 1) - i;
    out.push(keyOf(Math.floor(idx / 12), (idx % 12) + 1));
  }
  return out;
}
