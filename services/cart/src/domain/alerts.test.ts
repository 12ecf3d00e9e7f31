import { describe, expect, it } from 'vitest';
import { wishlistChange } from './alerts';

const now = { available: true, quantity: 3, finalPriceCents: 10_000_00 };

describe('wishlistChange (wishlist alerts)', () => {
  it('tells a price drop: a new or bigger discount, or a lower price', () => {
    expect(wishlistChange({ ...now, finalPriceCents: 12_000_00 }, now)).toBe('price-drop');
  });

  it('tells nothing when the price stays or rises, or other fields change', () => {
    expect(wishlistChange(now, now)).toBeNull();
    expect(wishlistChange(now, { ...now, finalPriceCents: 11_000_00 })).toBeNull();
    expect(wishlistChange(now, { ...now, quantity: 1 })).toBeNull();
  });

  it('tells back in stock from 0 units or unavailable to buyable, even when cheaper too', () => {
    expect(wishlistChange({ ...now, quantity: 0 }, now)).toBe('back-in-stock');
    expect(wishlistChange({ ...now, available: false }, now)).toBe('back-in-stock');
    expect(wishlistChange({ ...now, quantity: 0, finalPriceCents: 12_000_00 }, now)).toBe('back-in-stock');
  });

  it('tells nothing when the item cannot be bought now', () => {
    expect(wishlistChange({ ...now, finalPriceCents: 12_000_00 }, { ...now, quantity: 0 })).toBeNull();
    expect(wishlistChange({ ...now, quantity: 0 }, { ...now, available: false })).toBeNull();
  });

  it('tells nothing for an item it never saw, a deleted one, or an older record without the price', () => {
    expect(wishlistChange(null, now)).toBeNull();
    expect(wishlistChange({ ...now, deleted: true, finalPriceCents: 12_000_00 }, now)).toBeNull();
    expect(wishlistChange({ available: true }, now)).toBeNull();
    expect(wishlistChange({ available: false }, now)).toBe('back-in-stock');
  });
});
