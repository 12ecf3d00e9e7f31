/**
 * A package's sale dates (issue 27 item 7): Sri Lanka calendar days, so the boundaries fall at
 * 18:30 UTC; a package ending today sells until 23:59:59.999 Colombo time.
 */
import { describe, expect, it } from 'vitest';
import { brandLabel, endDateNotPast, packageOnSale, packageSaleState } from './catalogue-rules';

const at = (iso: string) => new Date(iso);

describe('packageSaleState', () => {
  const p = { startDate: '2026-11-28', endDate: '2026-12-05' };

  it('starts at 00:00 Colombo time on its start day (18:30 UTC the day before)', () => {
    expect(packageSaleState(p, at('2026-11-27T18:29:59.999Z'))).toBe('upcoming');
    expect(packageSaleState(p, at('2026-11-27T18:30:00.000Z'))).toBe('on-sale');
  });

  it('still sells on its end day until 23:59:59.999 Colombo time (18:29:59.999 UTC), then has ended', () => {
    expect(packageSaleState(p, at('2026-12-05T18:29:59.999Z'))).toBe('on-sale');
    expect(packageOnSale(p, at('2026-12-05T18:29:59.999Z'))).toBe(true);
    expect(packageSaleState(p, at('2026-12-05T18:30:00.000Z'))).toBe('ended');
    expect(packageOnSale(p, at('2026-12-05T18:30:00.000Z'))).toBe(false);
  });

  it('a one-day package sells that whole Colombo day', () => {
    const day = { startDate: '2026-11-28', endDate: '2026-11-28' };
    expect(packageOnSale(day, at('2026-11-27T18:30:00.000Z'))).toBe(true);
    expect(packageOnSale(day, at('2026-11-28T12:00:00.000Z'))).toBe(true);
    expect(packageOnSale(day, at('2026-11-28T18:30:00.000Z'))).toBe(false);
  });

  it('the issue’s packages of 2020 and 2030 are not on sale in 2026', () => {
    const now = at('2026-11-28T11:00:00Z');
    expect(packageSaleState({ startDate: '2020-01-01', endDate: '2020-12-31' }, now)).toBe('ended');
    expect(packageSaleState({ startDate: '2030-01-01', endDate: '2030-12-31' }, now)).toBe('upcoming');
  });

  it('counts a date that is not YYYY-MM-DD as ended (neither listed nor sold)', () => {
    const now = at('2026-11-28T11:00:00Z');
    expect(packageSaleState({ startDate: '', endDate: '2099-12-31' }, now)).toBe('ended');
    expect(packageSaleState({ startDate: '2026-01-01', endDate: 'someday' }, now)).toBe('ended');
  });
});

describe('endDateNotPast', () => {
  it('accepts today in Colombo until its last moment, and refuses yesterday', () => {
    expect(endDateNotPast('2026-11-28', at('2026-11-28T18:29:59.999Z'))).toBe(true);
    expect(endDateNotPast('2026-11-28', at('2026-11-28T18:30:00.000Z'))).toBe(false);
    // 01:00 on the 29th in Colombo is still the 28th in UTC: the 28th has ended there already.
    expect(endDateNotPast('2026-11-28', at('2026-11-28T19:30:00.000Z'))).toBe(false);
    expect(endDateNotPast('2026-11-27', at('2026-11-28T00:00:00.000Z'))).toBe(false);
  });
});

describe('brandLabel', () => {
  it('writes brands made of initials in capitals and keeps the others (issue 32 item 4)', () => {
    expect(['Lg', 'Htc', 'Nec', 'Zte', 'Samsung', 'Sony', 'Oneplus', 'Lg Display'].map(brandLabel)).toEqual([
      'LG',
      'HTC',
      'NEC',
      'ZTE',
      'Samsung',
      'Sony',
      'OnePlus',
      'LG Display',
    ]);
  });
});
