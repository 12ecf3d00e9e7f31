/** Properties of LKR display (formatLkr, formatRupees) against an exact BigInt reference: docs/architecture.md, Money: integer cents, shown as `Rs. 12,345.00`. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rs } from '../../../services/reporting/src/domain/money';
import { formatLkr, formatRupees } from './money';

const SHAPE = /^(-?)Rs\. (\d{1,3}(?:,\d{3})*)\.(\d{2})$/;

/** The exact text for integer `cents`, computed on BigInt (no floating point at all). */
function reference(cents: bigint): string {
  const neg = cents < 0n;
  const abs = neg ? -cents : cents;
  const rupees = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}Rs. ${rupees}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** Reads `-Rs. 1,234.56` back as cents. */
function parse(text: string): bigint {
  const m = SHAPE.exec(text);
  if (!m) throw new Error(`not an LKR amount: ${text}`);
  const cents = BigInt(m[2]!.replace(/,/g, '')) * 100n + BigInt(m[3]!);
  return m[1] === '-' ? -cents : cents;
}

const safeCents = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
/** Amounts a shop actually shows: up to Rs. 100 billion, either sign. */
const shopCents = fc.integer({ min: -10_000_000_000_000, max: 10_000_000_000_000 });

describe('formatLkr (property)', () => {
  it('prints every safe integer of cents as `Rs. 12,345.00`, exactly, and parses back to the same cents', () => {
    fc.assert(
      fc.property(fc.oneof(safeCents, shopCents, fc.integer({ min: -100_000, max: 100_000 })), (cents) => {
        const text = formatLkr(cents);
        expect(text).toMatch(SHAPE);
        expect(text).toBe(reference(BigInt(cents)));
        expect(parse(text)).toBe(BigInt(cents));
      }),
      { numRuns: 300 },
    );
  });

  it('a fractional amount prints as its nearest cent, and formatting is idempotent through parse', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (cents) => {
        const text = formatLkr(cents);
        expect(text).toBe(formatLkr(Math.round(cents)));
        const back = Number(parse(text));
        expect(Math.abs(back - cents)).toBeLessThanOrEqual(0.5);
        expect(formatLkr(back)).toBe(text);
      }),
    );
  });

  it('never shows a negative zero', () => {
    fc.assert(
      fc.property(fc.double({ min: -0.5, max: 0.5, noNaN: true }), (cents) => {
        expect(formatLkr(cents)).not.toMatch(/^-/);
      }),
    );
  });

  it('sums in cents are exact: the text of a sum is the sum of the texts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 200_000_000 }), { maxLength: 50 }), (lines) => {
        const total = lines.reduce((s, c) => s + c, 0);
        expect(parse(formatLkr(total))).toBe(lines.reduce((s, c) => s + parse(formatLkr(c)), 0n));
      }),
    );
  });

  it('throws RangeError on NaN and infinities only', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) expect(() => formatLkr(bad)).toThrow(RangeError);
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (cents) => void formatLkr(cents)));
  });
});

describe('formatRupees (property)', () => {
  it('shows a two-decimal rupee amount as formatLkr shows its cents', () => {
    fc.assert(
      fc.property(shopCents, (cents) => {
        expect(formatRupees(cents / 100)).toBe(formatLkr(cents));
      }),
    );
  });
});

describe('web app and reports agree (property)', () => {
  it('formatLkr and reporting rs() print the same text for every amount, refunds included', () => {
    fc.assert(
      fc.property(fc.oneof(shopCents, fc.integer({ min: -100_000, max: 100_000 })), (cents) => {
        expect(formatLkr(cents)).toBe(rs(cents));
      }),
    );
  });
});
