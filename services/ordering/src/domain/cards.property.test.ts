/** Properties of card rules (cardTypeOf, cardFacts, luhnValid, the card-number schema, CVC hashes): brand by the first digit per spec 000 section 4, docs/architecture.md, Departures from the documents. */
import { CARD_BRANDS, CardCreateSchema, cardTypeOf, luhnValid } from '@market/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardFacts, cvvHash, cvvMatches, maskedNumber, numberHash } from './cards';

const BRAND_BY_DIGIT: Record<string, string> = { '3': 'American Express', '4': 'Visa', '5': 'Master', '6': 'Discover' };
const digit = fc.constantFrom(...'0123456789'.split(''));
const digits = (min: number, max: number) => fc.array(digit, { minLength: min, maxLength: max }).map((d) => d.join(''));
/** Separators a customer may type between groups of digits. */
const separator = fc.constantFrom(' ', '  ', '-', '\t');

/** `body` followed by its Luhn check digit. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  throw new Error('no check digit');
}

/** Spreads `number` into groups joined by the given separators. */
function spaced(number: string, cuts: number[], seps: string[]): string {
  const at = [...new Set(cuts.map((c) => c % (number.length + 1)))].sort((a, b) => a - b);
  let out = '';
  let from = 0;
  at.forEach((cut, i) => {
    out += number.slice(from, cut) + seps[i % seps.length]!;
    from = cut;
  });
  return out + number.slice(from);
}

describe('cardTypeOf (property)', () => {
  it('any 16-digit number starting with 4 is Visa, 5 Master, 3 American Express, 6 Discover (spec: first digit only)', () => {
    fc.assert(
      fc.property(fc.constantFrom('3', '4', '5', '6'), digits(15, 15), (first, rest) => {
        expect(cardTypeOf(first + rest)).toBe(BRAND_BY_DIGIT[first]);
      }),
    );
    // The rule is the first digit, not the card networks' ranges: 2221-2720 is no brand here.
    expect(cardTypeOf('2221000000000009')).toBe('');
  });

  it('a number starting with 0, 1, 2, 7, 8 or 9 has no brand', () => {
    fc.assert(
      fc.property(fc.constantFrom('0', '1', '2', '7', '8', '9'), digits(0, 18), (first, rest) => {
        expect(cardTypeOf(first + rest)).toBe('');
      }),
    );
  });

  it('ignores spaces, dashes and any other non-digits', () => {
    fc.assert(
      fc.property(digits(1, 19), fc.array(fc.nat()), fc.array(separator, { minLength: 1 }), (number, cuts, seps) => {
        expect(cardTypeOf(spaced(number, cuts, seps))).toBe(cardTypeOf(number));
        expect(cardTypeOf(` ${number} `)).toBe(cardTypeOf(number));
      }),
    );
  });

  /** Any UTF-16 code units, lone surrogates and non-ASCII digits (e.g. '٤') included. */
  const codeUnits = fc
    .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0x30, max: 0x39 }), fc.integer({ min: 0x660, max: 0x669 })), {
      maxLength: 30,
    })
    .map((units) => String.fromCharCode(...units));
  it('never throws on arbitrary text and answers one of the known brands or empty', () => {
    const brands = new Set(['', ...Object.values(CARD_BRANDS)]);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), codeUnits), (text) => {
        const brand = cardTypeOf(text);
        expect(brands.has(brand)).toBe(true);
        const firstAsciiDigit = /[0-9]/.exec(text)?.[0];
        expect(brand).toBe(firstAsciiDigit === undefined ? '' : (BRAND_BY_DIGIT[firstAsciiDigit] ?? ''));
      }),
    );
  });
});

describe('cardFacts and the card-number schema (property)', () => {
  it('a Luhn-valid number of 12-19 digits, typed with spaces or dashes, parses to its digits; the card keeps brand and last 4 only', () => {
    fc.assert(
      fc.property(
        digits(11, 18),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.array(fc.constantFrom(' ', '-'), { minLength: 1 }),
        (body, cuts, seps) => {
          const number = withCheckDigit(body);
          const typed = spaced(number, cuts, seps);
          const parsed = CardCreateSchema.shape.cardnumber.safeParse(typed);
          expect(parsed.success).toBe(true);
          expect(parsed.data).toBe(number);
          const facts = cardFacts(number);
          expect(facts).toEqual({ cardtype: cardTypeOf(typed), last4: number.slice(-4) });
          expect(maskedNumber(facts.last4)).toMatch(/^\*{4} \*{4} \*{4} \d{4}$/);
        },
      ),
    );
  });

  it('Luhn catches every single mistyped digit', () => {
    fc.assert(
      fc.property(digits(11, 18), fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, delta) => {
        const number = withCheckDigit(body);
        const i = at % number.length;
        const wrong = number.slice(0, i) + String((Number(number[i]) + delta) % 10) + number.slice(i + 1);
        expect(luhnValid(number)).toBe(true);
        expect(luhnValid(wrong)).toBe(false);
        expect(CardCreateSchema.shape.cardnumber.safeParse(wrong).success).toBe(false);
      }),
    );
  });

  it('the number hash recognises the same digits and tells different ones apart', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), digits(12, 19), digits(12, 19), (secret, a, b) => {
        expect(numberHash(secret, a)).toBe(numberHash(secret, a));
        expect(numberHash(secret, a) === numberHash(secret, b)).toBe(a === b);
      }),
    );
  });
});

describe('CVC hashes (property)', () => {
  const cvv = digits(3, 4);
  it('the entered CVC matches its stored hash, surrounding spaces ignored; another CVC or another card does not', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.stringMatching(/^[0-9a-f]{24}$/), cvv, cvv, (secret, cardId, right, other) => {
        const stored = cvvHash(secret, cardId, right);
        expect(cvvMatches(secret, cardId, right, stored)).toBe(true);
        expect(cvvMatches(secret, cardId, ` ${right}\t`, stored)).toBe(true);
        expect(cvvMatches(secret, cardId, other, stored)).toBe(other === right);
        expect(cvvHash(secret, `${cardId}x`, right)).not.toBe(stored);
        expect(cvvMatches(secret, cardId, right, 'not-hex')).toBe(false);
      }),
    );
  });
});
