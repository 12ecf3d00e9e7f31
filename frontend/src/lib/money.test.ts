import { describe, expect, it } from 'vitest';
import { formatLkr } from './money';

describe('formatLkr', () => {
  it.each([
    [0, 'Rs. 0.00'],
    [5, 'Rs. 0.05'],
    [1234500, 'Rs. 12,345.00'],
    [99999999, 'Rs. 999,999.99'],
    [100000000, 'Rs. 1,000,000.00'],
    [-5000, '-Rs. 50.00'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatLkr(cents)).toBe(text);
  });
});
