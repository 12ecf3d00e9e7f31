import { describe, expect, it } from 'vitest';
import { formatLkr, formatRupees } from './money';

describe('formatLkr', () => {
  it.each([
    [0, 'Rs. 0.00'],
    [-0, 'Rs. 0.00'],
    [5, 'Rs. 0.05'],
    [100, 'Rs. 1.00'],
    [1234500, 'Rs. 12,345.00'],
    [1234567, 'Rs. 12,345.67'],
    [99999999, 'Rs. 999,999.99'],
    [100000000, 'Rs. 1,000,000.00'],
    [-1, '-Rs. 0.01'],
    [-5000, '-Rs. 50.00'],
    [-1234567, '-Rs. 12,345.67'],
    [Number.MAX_SAFE_INTEGER, 'Rs. 90,071,992,547,409.91'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatLkr(cents)).toBe(text);
  });

  it('rounds fractional cents to the nearest cent', () => {
    expect(formatLkr(1234.6)).toBe('Rs. 12.35');
    expect(formatLkr(-0.4)).toBe('Rs. 0.00');
  });

  it('refuses NaN and infinities', () => {
    expect(() => formatLkr(Number.NaN)).toThrow(RangeError);
    expect(() => formatLkr(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatRupees', () => {
  it.each([
    [0, 'Rs. 0.00'],
    [12345.5, 'Rs. 12,345.50'],
    [0.1 + 0.2, 'Rs. 0.30'],
    [149999.99, 'Rs. 149,999.99'],
    [-250, '-Rs. 250.00'],
  ])('%d rupees → %s', (rupees, text) => {
    expect(formatRupees(rupees)).toBe(text);
  });
});
