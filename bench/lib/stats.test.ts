import { describe, expect, it } from 'vitest';
import { percentile, percentiles } from './stats';

describe('bench percentiles', () => {
  it('uses the nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });

  it('sorts the samples and rounds to 0.1', () => {
    expect(percentiles([3.14159, 1, 2])).toEqual({ n: 3, p50: 2, p95: 3.1, p99: 3.1, max: 3.1 });
  });
});
