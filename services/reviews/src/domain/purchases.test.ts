import { describe, expect, it } from 'vitest';
import { purchasedItemIds } from './purchases';

describe('purchased items', () => {
  it('takes item lines and the items of package lines, once each', () => {
    expect(
      purchasedItemIds({
        items: [{ itemId: 'A1', quantity: 2 }],
        packages: [
          { packageId: 'p1', quantity: 1, itemIds: ['a1', 'b2'] },
          { packageId: 'p2', quantity: 3, itemIds: ['c3', ''] },
        ],
      }),
    ).toEqual(['a1', 'b2', 'c3']);
  });

  it('is empty for an empty order', () => {
    expect(purchasedItemIds({ items: [], packages: [] })).toEqual([]);
  });
});
