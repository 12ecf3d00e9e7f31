/** Properties of server-side checkout pricing (priceCheckout): cents exact, FinalPrice for items, Rs. 100 delivery & VAT once, stock refusals; docs/architecture.md, Money, spec 000 section 9. */
import { CheckoutSessionSchema, DELIVERY_AND_VAT_CENTS, ITEM_UNAVAILABLE, PACKAGE_UNAVAILABLE, discountedCents } from '@market/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineRefused, priceCheckout, type ItemPrice, type PackagePrice } from './pricing';

const hexId = fc.stringMatching(/^[0-9a-f]{24}$/);

const itemArb = fc.record({
  priceCents: fc.integer({ min: 1, max: 100_000_000 }),
  percent: fc.option(fc.integer({ min: 1, max: 80 }), { nil: undefined }),
  stock: fc.integer({ min: 0, max: 200 }),
  quantity: fc.integer({ min: 1, max: 200 }),
});
const packageArb = fc.record({ priceCents: fc.integer({ min: 1, max: 200_000_000 }), quantity: fc.integer({ min: 1, max: 200 }) });

type ItemSpec = { priceCents: number; percent: number | undefined; stock: number; quantity: number };

function item(id: string, s: ItemSpec): ItemPrice {
  return {
    _id: id,
    Item_name: `Item ${id.slice(0, 4)}`,
    Brand: 'Brand',
    Model: 'M1',
    Category: 'Mobile Phones',
    SellerID: 's'.repeat(24),
    Stock_keeping_unit: `SKU-${id.slice(0, 6)}`,
    priceCents: s.priceCents,
    finalPriceCents: s.percent === undefined ? s.priceCents : discountedCents(s.priceCents, s.percent),
    ItemAvailabilityStatus: true,
    Quantity: s.stock,
    Images: [],
    deleted: false,
  };
}

function pkg(id: string, priceCents: number): PackagePrice {
  return {
    _id: id,
    packageName: 'Bundle',
    seller: 's'.repeat(24),
    description: 'd',
    priceCents,
    image: '',
    packageAvailability: true,
    // On sale whenever the properties run (the dates' own rule: pricing.test.ts).
    startDate: '2000-01-01',
    endDate: '2999-12-31',
    content: [{ itemId: 'c'.repeat(24), Item_name: 'C' }],
    deleted: false,
  };
}

/** A checkout of distinct item and package ids, with at least one line. */
const checkoutArb = fc.uniqueArray(hexId, { minLength: 1, maxLength: 30 }).chain((ids) =>
  fc.integer({ min: 0, max: ids.length }).chain((split) =>
    fc.tuple(
      fc.array(itemArb, { minLength: split, maxLength: split }).map((specs) => specs.map((s, i) => ({ id: ids[i]!, ...s }))),
      fc
        .array(packageArb, { minLength: ids.length - split, maxLength: ids.length - split })
        .map((specs) => specs.map((s, i) => ({ id: ids[split + i]!, ...s }))),
    ),
  ),
);

function setUp(items: (ItemSpec & { id: string })[], packages: { id: string; priceCents: number; quantity: number }[]) {
  const request = CheckoutSessionSchema.parse({
    items: items.map((i) => ({ itemId: i.id, quantity: i.quantity })),
    packages: packages.map((p) => ({ packageId: p.id, quantity: p.quantity })),
  });
  const byId = new Map(items.map((i) => [i.id, item(i.id, i)]));
  // The item inside every package, sold (a package is sold only while its items are: pricing.ts packageBuyable).
  const inside = 'c'.repeat(24);
  if (!byId.has(inside)) byId.set(inside, item(inside, { priceCents: 100, percent: undefined, stock: 1, quantity: 1 }));
  return {
    request,
    items: byId,
    packages: new Map(packages.map((p) => [p.id, pkg(p.id, p.priceCents)])),
  };
}

describe('priceCheckout (property)', () => {
  it('in stock: subtotal is the exact sum of FinalPrice × quantity, plus Rs. 100 delivery & VAT once', () => {
    fc.assert(
      fc.property(checkoutArb, ([itemSpecs, packageSpecs]) => {
        const inStock = itemSpecs.map((s) => ({ ...s, stock: Math.max(s.stock, s.quantity) }));
        const { request, items, packages } = setUp(inStock, packageSpecs);
        const priced = priceCheckout(request, items, packages);
        const expected =
          inStock.reduce((s, i) => s + BigInt(items.get(i.id)!.finalPriceCents) * BigInt(i.quantity), 0n) +
          packageSpecs.reduce((s, p) => s + BigInt(p.priceCents) * BigInt(p.quantity), 0n);
        expect(BigInt(priced.subtotalCents)).toBe(expected);
        expect(priced.amountCents).toBe(priced.subtotalCents + DELIVERY_AND_VAT_CENTS);
        expect(priced.subtotalCents).toBe(priced.lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0));
        expect(priced.lines.map((l) => [l.kind, l.id, l.quantity])).toEqual([
          ...inStock.map((i) => ['item', i.id, i.quantity]),
          ...packageSpecs.map((p) => ['package', p.id, p.quantity]),
        ]);
      }),
    );
  });

  it('an item line costs its discounted price: never negative, never above the list price, and its snapshot agrees to the cent', () => {
    fc.assert(
      fc.property(checkoutArb, ([itemSpecs, packageSpecs]) => {
        const inStock = itemSpecs.map((s) => ({ ...s, stock: 200 }));
        const { request, items, packages } = setUp(inStock, packageSpecs);
        for (const line of priceCheckout(request, items, packages).lines) {
          expect(line.unitPriceCents).toBeGreaterThanOrEqual(0);
          if (line.kind === 'item') {
            const it = items.get(line.id)!;
            expect(line.unitPriceCents).toBe(it.finalPriceCents);
            expect(line.unitPriceCents).toBeLessThanOrEqual(it.priceCents);
            expect(Math.round((line.snapshot.FinalPrice as number) * 100)).toBe(it.finalPriceCents);
            expect(Math.round((line.snapshot.Price as number) * 100)).toBe(it.priceCents);
          } else {
            expect(Math.round((line.snapshot.price as number) * 100)).toBe(line.unitPriceCents);
          }
        }
      }),
    );
  });

  it('refuses exactly when an item line asks for more than its stock, naming that line', () => {
    fc.assert(
      fc.property(checkoutArb, ([itemSpecs, packageSpecs]) => {
        const { request, items, packages } = setUp(itemSpecs, packageSpecs);
        const short = itemSpecs.find((i) => i.quantity > i.stock);
        if (!short) {
          expect(() => priceCheckout(request, items, packages)).not.toThrow();
          return;
        }
        try {
          priceCheckout(request, items, packages);
          expect.unreachable('priced a line beyond its stock');
        } catch (err) {
          expect(err).toBeInstanceOf(LineRefused);
          expect((err as LineRefused).lineId).toBe(short.id);
          expect((err as LineRefused).message).toMatch(new RegExp(`^Only ${short.stock} of `));
        }
      }),
    );
  });

  it('refuses an unknown, deleted or unavailable item or package', () => {
    fc.assert(
      fc.property(checkoutArb, fc.nat(), fc.constantFrom('missing', 'deleted', 'unavailable'), ([itemSpecs, packageSpecs], pick, how) => {
        const inStock = itemSpecs.map((s) => ({ ...s, stock: 200 }));
        const { request, items, packages } = setUp(inStock, packageSpecs);
        const all = [...inStock.map((i) => ['item', i.id] as const), ...packageSpecs.map((p) => ['package', p.id] as const)];
        const [kind, id] = all[pick % all.length]!;
        if (kind === 'item') {
          if (how === 'missing') items.delete(id);
          else if (how === 'deleted') items.get(id)!.deleted = true;
          else items.get(id)!.ItemAvailabilityStatus = false;
        } else {
          if (how === 'missing') packages.delete(id);
          else if (how === 'deleted') packages.get(id)!.deleted = true;
          else packages.get(id)!.packageAvailability = false;
        }
        expect(() => priceCheckout(request, items, packages)).toThrow(kind === 'item' ? ITEM_UNAVAILABLE : PACKAGE_UNAVAILABLE);
      }),
    );
  });
});
