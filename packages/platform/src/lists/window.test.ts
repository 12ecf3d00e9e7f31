import { describe, expect, it } from 'vitest';
import { BUCKET_SIZE, bucketOf, newestFirst, pageWindow } from './window';

describe('pageWindow', () => {
  it('covers the newest slots first and names their buckets newest first', () => {
    // Buckets of 20 rows: slots 220..239 are bucket 11, 230..249 straddle buckets 12 and 11.
    expect(pageWindow(240, 0, 20)).toEqual({ lo: 220, hi: 239, buckets: [11] });
    expect(pageWindow(250, 0, 20)).toEqual({ lo: 230, hi: 249, buckets: [12, 11] });
    expect(pageWindow(250, 40, 5)).toEqual({ lo: 205, hi: 209, buckets: [10] });
  });
  it('stops at slot 0 and is empty past the end', () => {
    expect(pageWindow(5, 0, 20)).toEqual({ lo: 0, hi: 4, buckets: [0] });
    expect(pageWindow(5, 20, 20).buckets).toEqual([]);
    expect(pageWindow(0, 0, 20).buckets).toEqual([]);
  });
  it('reads at most two buckets for a page no larger than a bucket', () => {
    for (let issued = 1; issued < 1000; issued += 7) {
      for (const limit of [1, 20, BUCKET_SIZE]) expect(pageWindow(issued, 3, limit).buckets.length).toBeLessThanOrEqual(2);
    }
  });
  it('puts slot n in bucket floor(n / BUCKET_SIZE)', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(BUCKET_SIZE - 1)).toBe(0);
    expect(bucketOf(BUCKET_SIZE)).toBe(1);
  });
});

describe('newestFirst', () => {
  it('sorts by time descending, then key ascending', () => {
    const rows: [string, { n: number; t: number }][] = [
      ['A-I2', { n: 1, t: 5 }],
      ['B-I1', { n: 2, t: 9 }],
      ['A-I1', { n: 0, t: 5 }],
    ];
    expect(rows.sort(newestFirst).map(([k]) => k)).toEqual(['B-I1', 'A-I1', 'A-I2']);
  });
});
