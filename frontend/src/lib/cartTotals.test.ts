import { describe, expect, it } from 'vitest';
import { cartTotals, nextQuantity } from './cartTotals';

describe('cart totals', () => {
  it('adds the lines and the Rs. 100 delivery & VAT, to the cent', () => {
    expect(
      cartTotals([
        { kind: 'item', id: 'a', unitPrice: 95000, quantity: 2 },
        { kind: 'item', id: 'b', unitPrice: 0.1, quantity: 3 },
        { kind: 'package', id: 'p', unitPrice: 130000.55, quantity: 1 },
      ]),
    ).toEqual({ subtotal: 320000.85, delivery: 100, total: 320100.85 });
  });

  it('charges no delivery for an empty cart', () => {
    expect(cartTotals([])).toEqual({ subtotal: 0, delivery: 0, total: 0 });
  });

  it('never lets a quantity go below 1, with the documents’ messages', () => {
    expect(nextQuantity('item', 1, 1)).toBe(2);
    expect(nextQuantity('item', 2, -1)).toBe(1);
    expect(() => nextQuantity('item', 1, -1)).toThrow('Item Quantity Cannot be reduced to zero');
    expect(() => nextQuantity('package', 1, -1)).toThrow('Package Quantity Cannot be reduced to zero');
  });

  it('stops at the most units a line may hold', () => {
    expect(nextQuantity('item', 199, 1)).toBe(200);
    expect(() => nextQuantity('package', 200, 1)).toThrow('Quantity cannot be more than 200');
  });
});
