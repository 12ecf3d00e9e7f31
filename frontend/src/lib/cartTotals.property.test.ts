/** Properties of the cart screen's totals (cartTotals, nextQuantity) and their agreement with the server's priceCheckout for the same lines: spec 000 sections 4 and 9, docs/architecture.md, Money. */
import { CheckoutSessionSchema, DELIVERY_AND_VAT, MAX_LINE_QUANTITY, discountedCents } from '@market/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCheckout, type ItemPrice, type PackagePrice } from '../../../services/ordering/src/domain/pricing';
import { cartTotals, nextQuantity, type PricedCartLine } from './cartTotals';
import { formatLkr, formatRupees } from './money';

/** Lines as the screen gets them: unit prices in rupees with two decimals (from integer cents), distinct ids. */
const lineSpecs = fc.uniqueArray(
  fc.record({
    id: fc.stringMatching(/^[0-9a-f]{24}$/),
    kind: fc.constantFrom('item' as const, 'package' as const),
    priceCents: fc.oneof(fc.integer({ min: 1, max: 200_000_000 }), fc.integer({ min: 1, max: 10_000 })),
    percent: fc.option(fc.integer({ min: 1, max: 80 }), { nil: undefined }),
    quantity: fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
  }),
  { selector: (l) => l.id, maxLength: 40 },
);
type Spec = { id: string; kind: 'item' | 'package'; priceCents: number; percent: number | undefined; quantity: number };

/** What a customer pays per unit: FinalPrice for items (discounted), the price for packages. */
const unitCents = (s: Spec) => (s.kind === 'item' && s.percent !== undefined ? discountedCents(s.priceCents, s.percent) : s.priceCents);
const screenLines = (specs: Spec[]): PricedCartLine[] =>
  specs.map((s) => ({ kind: s.kind, id: s.id, unitPrice: unitCents(s) / 100, quantity: s.quantity }));
const exactSubtotal = (specs: Spec[]) => specs.reduce((sum, s) => sum + BigInt(unitCents(s)) * BigInt(s.quantity), 0n);

describe('cartTotals (property)', () => {
  it('the subtotal is the exact sum of the lines to the cent; delivery & VAT Rs. 100 only with lines; total = subtotal + delivery', () => {
    fc.assert(
      fc.property(lineSpecs, (specs) => {
        const t = cartTotals(screenLines(specs));
        expect(BigInt(Math.round(t.subtotal * 100))).toBe(exactSubtotal(specs));
        expect(t.delivery).toBe(specs.length > 0 ? DELIVERY_AND_VAT : 0);
        expect(Math.round(t.total * 100)).toBe(Math.round(t.subtotal * 100) + t.delivery * 100);
        expect(formatRupees(t.total)).toBe(formatLkr(Number(exactSubtotal(specs)) + t.delivery * 100));
      }),
    );
  });

  it('does not depend on the order of the lines, and a line never lowers the total', () => {
    fc.assert(
      fc.property(lineSpecs, fc.nat(), (specs, by) => {
        const lines = screenLines(specs);
        const rotated = lines.map((_, i) => lines[(i + by) % lines.length]!);
        expect(cartTotals(rotated)).toEqual(cartTotals(lines));
        if (lines.length > 1) expect(cartTotals(lines).total).toBeGreaterThanOrEqual(cartTotals(lines.slice(1)).total);
      }),
    );
  });
});

describe('nextQuantity (property)', () => {
  it('steps by one, stays within 1..200, and refuses exactly at the limits', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('item' as const, 'package' as const),
        fc.integer({ min: 1, max: MAX_LINE_QUANTITY }),
        fc.constantFrom(1 as const, -1 as const),
        (kind, q, step) => {
          const next = q + step;
          if (next < 1 || next > MAX_LINE_QUANTITY) expect(() => nextQuantity(kind, q, step)).toThrow();
          else expect(nextQuantity(kind, q, step)).toBe(next);
        },
      ),
    );
  });
});

describe('the screen agrees with the server (property)', () => {
  it('cartTotals shows, to the cent, what priceCheckout charges for the same lines', () => {
    fc.assert(
      fc.property(
        lineSpecs.filter((s) => s.length > 0),
        (specs) => {
          const items = new Map<string, ItemPrice>();
          const packages = new Map<string, PackagePrice>();
          for (const s of specs) {
            if (s.kind === 'item')
              items.set(s.id, {
                _id: s.id,
                Item_name: 'Phone',
                Brand: 'B',
                Model: 'M1',
                Category: 'Mobile Phones',
                SellerID: 's'.repeat(24),
                Stock_keeping_unit: 'SKU',
                priceCents: s.priceCents,
                finalPriceCents: unitCents(s),
                ItemAvailabilityStatus: true,
                Quantity: MAX_LINE_QUANTITY,
                Images: [],
                deleted: false,
              });
            else
              packages.set(s.id, {
                _id: s.id,
                packageName: 'Bundle',
                seller: 's'.repeat(24),
                description: 'd',
                priceCents: s.priceCents,
                image: '',
                packageAvailability: true,
                // On sale whenever the property runs (checkout refuses a package outside its dates).
                startDate: '2000-01-01',
                endDate: '2999-12-31',
                content: [],
                deleted: false,
              });
          }
          const request = CheckoutSessionSchema.parse({
            items: specs.filter((s) => s.kind === 'item').map((s) => ({ itemId: s.id, quantity: s.quantity })),
            packages: specs.filter((s) => s.kind === 'package').map((s) => ({ packageId: s.id, quantity: s.quantity })),
          });
          const server = priceCheckout(request, items, packages);
          const screen = cartTotals(screenLines(specs));
          expect(Math.round(screen.subtotal * 100)).toBe(server.subtotalCents);
          expect(Math.round(screen.total * 100)).toBe(server.amountCents);
          expect(formatRupees(screen.total)).toBe(formatLkr(server.amountCents));
        },
      ),
    );
  });
});
