/** Properties of discounted prices, truncated ratings and the price-band table: spec 001 sections 5/9 ("price minus price times percent over 100"; rating "sum of stars divided by count, truncated"), docs/architecture.md, Departures from the documents. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiscountSchema, MAX_ITEM_PRICE, PRICE_BANDS, discountedCents, truncatedRating } from './catalogue';

const priceCents = fc.integer({ min: 1, max: MAX_ITEM_PRICE * 100 });
/** Percentages as a seller may enter them (1-80), whole or with up to two decimals. */
const hundredths = fc.integer({ min: 100, max: 8000 });
const percent = fc.oneof(
  fc.integer({ min: 1, max: 80 }),
  hundredths.map((h) => h / 100),
);

/** price − price × percent / 100 rounded half up to the cent, exactly (`t` = percent × 10,000). */
const exactDiscounted = (cents: number, t: number): number =>
  Number((BigInt(cents) * BigInt(1_000_000 - t) * 2n + 1_000_000n) / 2_000_000n);

describe('discountedCents (property)', () => {
  it('is never negative and never above the price, for any percent from 0 to 100', () => {
    fc.assert(
      fc.property(priceCents, fc.double({ min: 0, max: 100, noNaN: true }), (cents, p) => {
        const d = discountedCents(cents, p);
        expect(Number.isInteger(d)).toBe(true);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(cents);
      }),
    );
  });

  it('0 % leaves the price and 100 % makes it free', () => {
    fc.assert(
      fc.property(priceCents, (cents) => {
        expect(discountedCents(cents, 0)).toBe(cents);
        expect(discountedCents(cents, 100)).toBe(0);
      }),
    );
  });

  it('a bigger discount never gives a higher price, and a dearer item never a cheaper discounted price', () => {
    fc.assert(
      fc.property(priceCents, fc.integer({ min: 0, max: 1_000_000 }), percent, percent, (cents, more, p, q) => {
        const [lo, hi] = p <= q ? [p, q] : [q, p];
        expect(discountedCents(cents, hi)).toBeLessThanOrEqual(discountedCents(cents, lo));
        expect(discountedCents(cents, p)).toBeLessThanOrEqual(discountedCents(cents + more, p));
      }),
    );
  });

  it('equals the exact price − price × percent / 100, rounded half up to the cent (percents with up to four decimals)', () => {
    const tenThousandths = fc.oneof(
      hundredths.map((h) => h * 100),
      fc.integer({ min: 10_000, max: 800_000 }),
    );
    /** Prices that are a multiple of Rs. 5 make exact half cents (ties) common. */
    const tieProne = fc.integer({ min: 1, max: 20_000 }).map((k) => k * 500);
    fc.assert(
      fc.property(fc.oneof(priceCents, tieProne), tenThousandths, (cents, t) => {
        expect(discountedCents(cents, t / 10_000)).toBe(exactDiscounted(cents, t));
      }),
      { numRuns: 1000 },
    );
    // Found by this property: floating point made Rs. 99,975.00 at 79.98 % off Rs. 20,014.99 instead of 20,015.00.
    expect(discountedCents(9_997_500, 79.98)).toBe(2_001_500);
  });

  it('every percent the schema accepts gives a price of at least 20 % of the original', () => {
    fc.assert(
      fc.property(priceCents, fc.double({ min: -10, max: 110, noNaN: true }), (cents, p) => {
        const parsed = DiscountSchema.safeParse({ DiscountStatus: true, DiscountPrecentage: p });
        expect(parsed.success).toBe(p >= 1 && p <= 80);
        if (parsed.success) expect(discountedCents(cents, parsed.data.DiscountPrecentage!)).toBeGreaterThanOrEqual(Math.floor(cents / 5));
      }),
    );
  });
});

const stars = fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 500 });
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('truncatedRating (property)', () => {
  it('is a whole number from 1 to 5 for any reviews, null without any', () => {
    expect(truncatedRating(0, 0)).toBeNull();
    fc.assert(
      fc.property(stars, (s) => {
        const r = truncatedRating(sum(s), s.length)!;
        expect(Number.isInteger(r)).toBe(true);
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(5);
      }),
    );
  });

  it('truncates, never rounds: r ≤ average < r + 1, exactly as integer division', () => {
    fc.assert(
      fc.property(stars, (s) => {
        const total = sum(s);
        const r = truncatedRating(total, s.length)!;
        expect(r * s.length).toBeLessThanOrEqual(total);
        expect((r + 1) * s.length).toBeGreaterThan(total);
        expect(r).toBe((total - (total % s.length)) / s.length);
      }),
    );
    expect(truncatedRating(4 + 5, 2)).toBe(4);
    expect(truncatedRating(5 + 5 + 4, 3)).toBe(4);
  });

  it('is idempotent: reviews that all carry the rating give the rating back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 100_000 }), (r, n) => {
        expect(truncatedRating(r * n, n)).toBe(r);
        expect(truncatedRating(truncatedRating(r * n, n)!, 1)).toBe(r);
      }),
    );
  });

  it('a 5-star review never lowers the rating and a 1-star review never raises it', () => {
    fc.assert(
      fc.property(stars, (s) => {
        const r = truncatedRating(sum(s), s.length)!;
        expect(truncatedRating(sum(s) + 5, s.length + 1)).toBeGreaterThanOrEqual(r);
        expect(truncatedRating(sum(s) + 1, s.length + 1)).toBeLessThanOrEqual(r);
      }),
    );
  });
});

describe('PRICE_BANDS (property)', () => {
  it('partition all prices: every amount of cents lies in exactly one band', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: MAX_ITEM_PRICE * 100 }), fc.integer({ min: 0, max: 50_000 * 100 + 1 })), (cents) => {
        const rupees = cents / 100;
        expect(PRICE_BANDS.filter((b) => rupees >= b.min && rupees < b.max)).toHaveLength(1);
      }),
    );
  });

  it('are contiguous from 0 to infinity, and each label names its own bounds', () => {
    expect(PRICE_BANDS[0]!.min).toBe(0);
    expect(PRICE_BANDS.at(-1)!.max).toBe(Number.POSITIVE_INFINITY);
    PRICE_BANDS.forEach((b, i) => {
      expect(b.id).toBe(String(i));
      if (i > 0) expect(b.min).toBe(PRICE_BANDS[i - 1]!.max);
      const numbers = [...b.label.matchAll(/[\d,]+\d/g)].map((m) => Number(m[0].replace(/,/g, '')));
      expect(numbers).toEqual(Number.isFinite(b.max) ? (b.min === 0 ? [b.max] : [b.min, b.max]) : [b.min]);
    });
  });
});
