/** Sri Lanka time helpers (colomboTime.ts): UTC+05:30 all year, the day and month turn at 18:30 UTC. */
import { describe, expect, it } from 'vitest';
import { colomboClock, colomboDate, colomboIso, colomboMonthKey, colomboMonthRange, colomboYear } from './colomboTime';

describe('Sri Lanka time', () => {
  it('reads an instant on the Colombo wall clock', () => {
    const at = new Date('2026-11-22T11:35:00.000Z');
    expect(colomboIso(at)).toBe('2026-11-22T17:05:00.000+05:30');
    expect(colomboDate(at)).toBe('2026-11-22');
    expect(colomboClock(at)).toBe('17:05');
    expect(colomboMonthKey(at)).toBe('2026-11');
  });

  it('moves to the next day, month and year at 18:30 UTC', () => {
    const before = new Date('2026-12-31T18:29:59.999Z');
    const after = new Date('2026-12-31T18:30:00.000Z');
    expect([colomboDate(before), colomboMonthKey(before), colomboYear(before)]).toEqual(['2026-12-31', '2026-12', 2026]);
    expect([colomboDate(after), colomboMonthKey(after), colomboYear(after)]).toEqual(['2027-01-01', '2027-01', 2027]);
    expect(colomboClock(after)).toBe('00:00');
  });

  it('gives a month as the instants [from, to) of its Colombo days', () => {
    const { from, to } = colomboMonthRange(2026, 1);
    expect(from.toISOString()).toBe('2025-12-31T18:30:00.000Z');
    expect(to.toISOString()).toBe('2026-01-31T18:30:00.000Z');
    expect(colomboMonthKey(from)).toBe('2026-01');
    expect(colomboMonthKey(new Date(to.getTime() - 1))).toBe('2026-01');
    expect(colomboMonthKey(to)).toBe('2026-02');
  });
});
