/** Properties of report money (amount, rs, rupees, percentOf, lineOutgoings) against exact BigInt arithmetic: docs/architecture.md, Money and spec 001 section 9. */
import { ITEM_OUTGOINGS_PERCENT, PACKAGE_OUTGOINGS_PERCENT, rupees } from '@market/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amount, lineOutgoings, percentOf, rs } from './money';

const SHAPE = /^(-?)(\d{1,3}(?:,\d{3})*)\.(\d{2})$/;

function reference(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  return `${neg ? '-' : ''}${(abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${(abs % 100n).toString().padStart(2, '0')}`;
}

function parse(text: string): bigint {
  const m = SHAPE.exec(text);
  if (!m) throw new Error(`not an amount: ${text}`);
  const cents = BigInt(m[2]!.replace(/,/g, '')) * 100n + BigInt(m[3]!);
  return m[1] === '-' ? -cents : cents;
}

/** Floor division on BigInt (BigInt `/` truncates toward zero). */
const floorDiv = (a: bigint, b: bigint): bigint => (a % b !== 0n && a < 0n !== b < 0n ? a / b - 1n : a / b);

const safeCents = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const shopCents = fc.integer({ min: -10_000_000_000_000, max: 10_000_000_000_000 });

describe('amount and rs (property)', () => {
  it('print every safe integer of cents exactly, two decimals, grouped by thousands, and parse back', () => {
    fc.assert(
      fc.property(fc.oneof(safeCents, shopCents, fc.integer({ min: -100_000, max: 100_000 })), (cents) => {
        const text = amount(cents);
        expect(text).toMatch(SHAPE);
        expect(text).toBe(reference(BigInt(cents)));
        expect(parse(text)).toBe(BigInt(cents));
        expect(rs(cents)).toBe(cents < 0 ? `-Rs. ${text.slice(1)}` : `Rs. ${text}`);
      }),
      { numRuns: 300 },
    );
  });

  it('a profit summed in cents prints as the exact sum of its parts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -200_000_000, max: 200_000_000 }), { maxLength: 100 }), (parts) => {
        const total = parts.reduce((s, c) => s + c, 0);
        expect(parse(amount(total))).toBe(parts.reduce((s, c) => s + parse(amount(c)), 0n));
      }),
    );
  });
});

describe('rupees (property)', () => {
  it('is exact to the cent: its two-decimal text is the report amount and it turns back into the same cents', () => {
    fc.assert(
      fc.property(shopCents, (cents) => {
        const r = rupees(cents);
        expect(Math.round(r * 100)).toBe(cents);
        expect(r.toFixed(2)).toBe(amount(cents).replace(/,/g, ''));
      }),
    );
  });
});

describe('percentOf and lineOutgoings (property)', () => {
  it('percentOf is the exact percentage rounded half up, and rounding is idempotent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }), fc.integer({ min: 0, max: 100 }), (cents, percent) => {
        const got = percentOf(cents, percent);
        expect(Number.isInteger(got)).toBe(true);
        expect(BigInt(got)).toBe(floorDiv(BigInt(cents) * BigInt(percent) + 50n, 100n));
        expect(percentOf(got, 100)).toBe(got);
      }),
    );
  });

  it('percentOf is monotone in the amount and in the percent, and never exceeds the amount for 0-100 %', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (cents, more, p, q) => {
          const [lo, hi] = p <= q ? [p, q] : [q, p];
          expect(percentOf(cents, lo)).toBeLessThanOrEqual(percentOf(cents, hi));
          expect(percentOf(cents, p)).toBeLessThanOrEqual(percentOf(cents + more, p));
          expect(percentOf(cents, p)).toBeGreaterThanOrEqual(0);
          expect(percentOf(cents, p)).toBeLessThanOrEqual(cents);
        },
      ),
    );
  });

  it('outgoings: 20 % of an item line, 10 % of a package line, per line not per unit, to the cent', () => {
    expect([ITEM_OUTGOINGS_PERCENT, PACKAGE_OUTGOINGS_PERCENT]).toEqual([20, 10]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000_000 }), (unit) => {
        expect(lineOutgoings('item', unit)).toBe(Number((BigInt(unit) * 20n + 50n) / 100n));
        expect(lineOutgoings('package', unit)).toBe(Number((BigInt(unit) * 10n + 50n) / 100n));
      }),
    );
  });
});
