/**
 * Checkout refuses a package outside its dates (issue 27 item 7): its days are Sri Lanka days, so a
 * package ending today is still sold until 23:59:59.999 Colombo time (18:29:59.999 UTC) and not a
 * moment later; one starting tomorrow is sold from 00:00 Colombo time (18:30 UTC today).
 */
import { CheckoutSessionSchema, PACKAGE_UNAVAILABLE } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { LineRefused, packageBuyable, packageSellable, priceCheckout, type ItemPrice, type PackagePrice } from './pricing';

const id = 'a'.repeat(24);
const bundle = (dates: { startDate: string; endDate: string }, over: Partial<PackagePrice> = {}): PackagePrice => ({
  _id: id,
  packageName: 'Bundle',
  seller: 's'.repeat(24),
  description: 'd',
  priceCents: 250_000,
  image: '',
  packageAvailability: true,
  content: [{ itemId: 'c'.repeat(24), Item_name: 'C' }],
  deleted: false,
  ...dates,
  ...over,
});
const inside = (over: Partial<ItemPrice> = {}): ItemPrice => ({
  _id: 'c'.repeat(24),
  Item_name: 'C',
  Brand: 'B',
  Model: 'M',
  Category: 'Mobile Phones',
  SellerID: 's'.repeat(24),
  Stock_keeping_unit: 'SKU-C',
  priceCents: 100_000,
  finalPriceCents: 100_000,
  ItemAvailabilityStatus: true,
  Quantity: 5,
  Images: [],
  deleted: false,
  ...over,
});
const itemsWith = (item?: ItemPrice) => new Map(item ? [[item._id, item]] : []);
const request = CheckoutSessionSchema.parse({ packages: [{ packageId: id, quantity: 1 }] });
const price = (p: PackagePrice, now: Date, items = itemsWith(inside())) => priceCheckout(request, items, new Map([[id, p]]), now);

describe('packages outside their dates', () => {
  const endingToday = bundle({ startDate: '2026-11-01', endDate: '2026-11-28' });

  it('sells a package on its last day until 23:59:59.999 in Colombo', () => {
    expect(price(endingToday, new Date('2026-11-28T18:29:59.999Z')).amountCents).toBe(250_000 + 10_000);
    expect(packageSellable(endingToday, new Date('2026-11-28T18:29:59.999Z'))).toBe(true);
  });

  it("refuses it from 00:00 the next day in Colombo with 'Package is not available Right now!'", () => {
    const next = new Date('2026-11-28T18:30:00.000Z');
    expect(packageSellable(endingToday, next)).toBe(false);
    expect(() => price(endingToday, next)).toThrow(new LineRefused(PACKAGE_UNAVAILABLE, id));
  });

  it('refuses a package before its first day, and sells it from 00:00 Colombo time that day', () => {
    const tomorrow = bundle({ startDate: '2026-11-29', endDate: '2026-12-31' });
    expect(packageSellable(tomorrow, new Date('2026-11-28T18:29:59.999Z'))).toBe(false);
    expect(packageSellable(tomorrow, new Date('2026-11-28T18:30:00.000Z'))).toBe(true);
  });

  it('refuses the issue’s 2020 and 2030 packages in 2026, and a package switched off or deleted whatever its dates', () => {
    const now = new Date('2026-11-28T11:00:00Z');
    expect(() => price(bundle({ startDate: '2020-01-01', endDate: '2020-12-31' }), now)).toThrow(PACKAGE_UNAVAILABLE);
    expect(() => price(bundle({ startDate: '2030-01-01', endDate: '2030-12-31' }), now)).toThrow(PACKAGE_UNAVAILABLE);
    const current = { startDate: '2026-01-01', endDate: '2026-12-31' };
    expect(packageSellable(bundle(current), now)).toBe(true);
    expect(packageSellable(bundle(current, { packageAvailability: false }), now)).toBe(false);
    expect(packageSellable(bundle(current, { deleted: true }), now)).toBe(false);
    expect(packageSellable(undefined, now)).toBe(false);
  });
});

describe('packages whose items are no longer sold (issue 30 item 3)', () => {
  const now = new Date('2026-11-28T11:00:00Z');
  const current = bundle({ startDate: '2026-01-01', endDate: '2026-12-31' });

  it('refuses a package while an item inside it is gone, deleted or switched off', () => {
    expect(packageBuyable(current, itemsWith(inside()), now)).toBe(true);
    expect(packageBuyable(current, itemsWith(), now)).toBe(false);
    expect(packageBuyable(current, itemsWith(inside({ deleted: true })), now)).toBe(false);
    expect(packageBuyable(current, itemsWith(inside({ ItemAvailabilityStatus: false })), now)).toBe(false);
    expect(() => price(current, now, itemsWith(inside({ deleted: true })))).toThrow(PACKAGE_UNAVAILABLE);
    expect(price(current, now).lines).toHaveLength(1);
  });
});
