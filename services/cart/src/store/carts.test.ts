import { describe, expect, it } from 'vitest';
import { cartLines, storedLines } from './carts';

describe('stored cart lines', () => {
  it('keeps quantities in arrays parallel to the ids, and reads them back as maps', () => {
    const lines = { ItemIDs: ['a', 'b'], PackageIDs: ['p'], itemQty: { a: 2, b: 7 }, packageQty: { p: 3 } };
    const stored = storedLines(lines);
    expect(stored).toEqual({ ItemIDs: ['a', 'b'], itemQtys: [2, 7], PackageIDs: ['p'], packageQtys: [3] });
    expect(cartLines(stored)).toEqual(lines);
  });

  it('reads absent fields as empty and a missing quantity as 1', () => {
    expect(cartLines({})).toEqual({ ItemIDs: [], PackageIDs: [], itemQty: {}, packageQty: {} });
    expect(cartLines({ ItemIDs: ['a', 'b'], itemQtys: [4] })).toMatchObject({ itemQty: { a: 4, b: 1 } });
  });
});
