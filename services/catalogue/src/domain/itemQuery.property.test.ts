/** Properties of the catalogue price-band filter (itemFilter): bands on FinalPrice [0,10000), [10000,20000), … [40000,∞) rupees, docs/architecture.md, Departures from the documents and spec 000 section 5. */
import { ItemListQuerySchema, MAX_ITEM_PRICE, PRICE_BANDS } from '@market/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemFilter } from './itemQuery';

type Range = { $gte?: number; $lt?: number; $lte?: number; $gt?: number };

/** Whether `cents` satisfies a MongoDB comparison on one field (the operators a band may use). */
function matches(cond: unknown, cents: number): boolean {
  const r = cond as Range;
  expect(Object.keys(r).every((k) => ['$gte', '$lt', '$lte', '$gt'].includes(k))).toBe(true);
  return (
    (r.$gte === undefined || cents >= r.$gte) &&
    (r.$gt === undefined || cents > r.$gt) &&
    (r.$lt === undefined || cents < r.$lt) &&
    (r.$lte === undefined || cents <= r.$lte)
  );
}

const bandFilter = (id: string) => itemFilter(ItemListQuerySchema.parse({ priceBand: id }), null).finalPriceCents;

/** Prices in cents, weighted towards the band edges (one cent either side). */
const edges = PRICE_BANDS.flatMap((b) => [b.min, b.max]).filter(Number.isFinite);
const priceCents = fc.oneof(
  fc.integer({ min: 0, max: MAX_ITEM_PRICE * 100 }),
  fc.integer({ min: 0, max: 60_000 * 100 }),
  fc.tuple(fc.constantFrom(...edges), fc.integer({ min: -2, max: 2 })).map(([rupees, d]) => Math.max(0, rupees * 100 + d)),
);

describe('itemFilter price bands (property)', () => {
  it('every price falls in exactly one band, the band whose [min, max) holds it', () => {
    fc.assert(
      fc.property(priceCents, (cents) => {
        const hits = PRICE_BANDS.filter((b) => matches(bandFilter(b.id), cents));
        expect(hits).toHaveLength(1);
        const rupees = cents / 100;
        expect(rupees).toBeGreaterThanOrEqual(hits[0]!.min);
        expect(rupees).toBeLessThan(hits[0]!.max);
      }),
      { numRuns: 500 },
    );
  });

  it('band edges: the lower edge is in the band, one cent below is in the band before', () => {
    PRICE_BANDS.forEach((b, i) => {
      expect(matches(bandFilter(b.id), b.min * 100)).toBe(true);
      if (i > 0) {
        expect(matches(bandFilter(b.id), b.min * 100 - 1)).toBe(false);
        expect(matches(bandFilter(PRICE_BANDS[i - 1]!.id), b.min * 100 - 1)).toBe(true);
      }
    });
  });

  it('a band only adds the FinalPrice condition: the rest of the query is the same as without it', () => {
    const query = fc.record(
      {
        q: fc.string({ maxLength: 20 }),
        category: fc.constantFrom('Mobile Phones', 'Gaming', 'Laptops'),
        brand: fc.string({ maxLength: 10 }),
        minRating: fc.integer({ min: 1, max: 5 }),
        discounted: fc.constantFrom('true', 'false'),
        available: fc.constantFrom('true', 'false'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(query, fc.constantFrom(...PRICE_BANDS.map((b) => b.id)), fc.boolean(), (raw, band, mine) => {
        const scope = mine ? 'a'.repeat(24) : null;
        const without = itemFilter(ItemListQuerySchema.parse(raw), scope);
        const withBand = itemFilter(ItemListQuerySchema.parse({ ...raw, priceBand: band }), scope);
        const { finalPriceCents, ...rest } = withBand;
        expect(rest).toEqual(without);
        expect(finalPriceCents).toEqual(bandFilter(band));
        expect(withBand.deleted).toBe(false);
      }),
    );
  });

  it('refuses a band id that is not in the table', () => {
    fc.assert(
      fc.property(fc.string(), (id) => {
        fc.pre(!PRICE_BANDS.some((b) => b.id === id));
        expect(ItemListQuerySchema.safeParse({ priceBand: id }).success).toBe(false);
      }),
    );
  });
});
