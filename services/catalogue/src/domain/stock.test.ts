import { describe, expect, it } from 'vitest';
import { canReserve, stockLines } from './stock';

describe('stock lines', () => {
  it('adds item lines and package contents per item', () => {
    const lines = stockLines({
      orderId: 'o1',
      customerId: 'c1',
      items: [
        { itemId: 'a', quantity: 2 },
        { itemId: 'b', quantity: 1 },
      ],
      packages: [{ packageId: 'p', quantity: 3, itemIds: ['a', 'c'] }],
    });
    expect(lines).toEqual([
      { itemId: 'a', quantity: 5 },
      { itemId: 'b', quantity: 1 },
      { itemId: 'c', quantity: 3 },
    ]);
  });

  it('reserves only what is there, and nothing of an unavailable item', () => {
    expect(canReserve({ Quantity: 2, ItemAvailabilityStatus: true }, 2)).toBe('ok');
    expect(canReserve({ Quantity: 1, ItemAvailabilityStatus: true }, 2)).toBe('out-of-stock');
    expect(canReserve({ Quantity: 9, ItemAvailabilityStatus: false }, 1)).toBe('unavailable');
  });
});
