import { ITEM_IN_CART, ITEM_IN_WISHLIST, ITEM_UNAVAILABLE, PACKAGE_IN_CART, PACKAGE_UNAVAILABLE, CartWriteSchema } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LINES,
  addedIds,
  firstDuplicate,
  normalCartWrite,
  planCart,
  planWishlistAdd,
  planWishlistReplace,
  planAddLine,
  withLineQuantity,
  withoutBoughtUnits,
  withoutLine,
  withoutLines,
  type AvailableIds,
  type CartLines,
} from './lines';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);
const C = 'c'.repeat(24);
const P = '1'.repeat(24);
const Q = '2'.repeat(24);
const all: AvailableIds = { items: new Set([A, B, C]), packages: new Set([P, Q]) };
const write = (body: unknown) => normalCartWrite(CartWriteSchema.parse(body));

describe('ids', () => {
  it('finds the first duplicate and the added ids', () => {
    expect(firstDuplicate([A, B, A])).toBe(A);
    expect(firstDuplicate([A, B])).toBeUndefined();
    expect(addedIds([A], [A, B, C, B])).toEqual([B, C]);
  });

  it('normalises ids and quantity keys to lower case', () => {
    expect(write({ ItemIDs: [` ${'A'.repeat(24)}`], ItemQuantities: { ['A'.repeat(24)]: 3 } })).toEqual({
      ItemIDs: [A],
      PackageIDs: [],
      ItemQuantities: { [A]: 3 },
      PackageQuantities: {},
    });
  });
});

describe('planning a cart', () => {
  const current: CartLines = { ItemIDs: [A, B], PackageIDs: [P], itemQty: { [A]: 4, [B]: 2 }, packageQty: { [P]: 3 } };

  it('keeps quantities of lines not named, starts new lines at 1, drops removed lines', () => {
    const d = planCart(current, write({ ItemIDs: [A, C], PackageIDs: [P, Q], ItemQuantities: { [C]: 5 } }), all);
    expect(d).toEqual({
      ok: true,
      value: { ItemIDs: [A, C], PackageIDs: [P, Q], itemQty: { [A]: 4, [C]: 5 }, packageQty: { [P]: 3, [Q]: 1 } },
    });
  });

  it('sets named quantities and ignores quantities of ids not in the lines', () => {
    const d = planCart(
      current,
      write({ ItemIDs: [A, B], PackageIDs: [P], ItemQuantities: { [A]: 1, [C]: 9 }, PackageQuantities: { [P]: 7 } }),
      all,
    );
    expect(d).toEqual({ ok: true, value: { ItemIDs: [A, B], PackageIDs: [P], itemQty: { [A]: 1, [B]: 2 }, packageQty: { [P]: 7 } } });
  });

  it.each([
    ['a duplicate item', { ItemIDs: [A, B, A] }, ITEM_IN_CART, 'ItemIDs'],
    ['a duplicate package', { ItemIDs: [A], PackageIDs: [P, P] }, PACKAGE_IN_CART, 'PackageIDs'],
    ['an unavailable new item', { ItemIDs: [A, C] }, ITEM_UNAVAILABLE, 'ItemIDs'],
    ['an unavailable new package', { PackageIDs: [P, Q] }, PACKAGE_UNAVAILABLE, 'PackageIDs'],
  ])('refuses %s', (_what, body, message, field) => {
    const available: AvailableIds = { items: new Set([A, B]), packages: new Set([P]) };
    expect(planCart(current, write(body), available)).toEqual({ ok: false, refusal: { message, field } });
  });

  it('keeps a line already in the cart whose item became unavailable', () => {
    const d = planCart(current, write({ ItemIDs: [B, A], PackageIDs: [P] }), { items: new Set(), packages: new Set() });
    expect(d.ok && d.value.ItemIDs).toEqual([B, A]);
  });

  it('plans a new cart from the empty lines', () => {
    expect(planCart(EMPTY_LINES, write({ ItemIDs: [A], PackageIDs: [P] }), all)).toEqual({
      ok: true,
      value: { ItemIDs: [A], PackageIDs: [P], itemQty: { [A]: 1 }, packageQty: { [P]: 1 } },
    });
  });
});

describe('planning a wishlist', () => {
  it('replaces the items, refusing duplicates and unavailable new items', () => {
    expect(planWishlistReplace([A, C], [C], new Set())).toEqual({ ok: true, value: [C] });
    expect(planWishlistReplace([A], [A, B], new Set([B]))).toEqual({ ok: true, value: [A, B] });
    expect(planWishlistReplace([A], [A, A], all.items)).toEqual({ ok: false, refusal: { message: ITEM_IN_WISHLIST, field: 'Items' } });
    expect(planWishlistReplace([A], [A, B], new Set())).toEqual({ ok: false, refusal: { message: ITEM_UNAVAILABLE, field: 'Items' } });
  });

  it('adds items, refusing one already there, one named twice, or an unavailable one', () => {
    expect(planWishlistAdd([A], [B, C], all.items)).toEqual({ ok: true, value: [A, B, C] });
    expect(planWishlistAdd([A], [A], all.items)).toEqual({ ok: false, refusal: { message: ITEM_IN_WISHLIST, field: 'Items' } });
    expect(planWishlistAdd([], [B, B], all.items)).toEqual({ ok: false, refusal: { message: ITEM_IN_WISHLIST, field: 'Items' } });
    expect(planWishlistAdd([], [B], new Set([A]))).toEqual({ ok: false, refusal: { message: ITEM_UNAVAILABLE, field: 'Items' } });
  });
});

describe('removing lines', () => {
  it('drops the ids and their quantities and keeps the rest in order', () => {
    const lines: CartLines = {
      ItemIDs: [A, B, C],
      PackageIDs: [P, Q],
      itemQty: { [A]: 2, [B]: 3, [C]: 4 },
      packageQty: { [P]: 1, [Q]: 5 },
    };
    expect(withoutLines(lines, [B, 'f'.repeat(24)], [P])).toEqual({
      ItemIDs: [A, C],
      PackageIDs: [Q],
      itemQty: { [A]: 2, [C]: 4 },
      packageQty: { [Q]: 5 },
    });
  });
});

describe('one line at a time (issue 29)', () => {
  const lines: CartLines = { ItemIDs: [A, B], PackageIDs: [P], itemQty: { [A]: 2, [B]: 1 }, packageQty: { [P]: 1 } };

  it('adds a line last, refusing a duplicate or an unavailable one', () => {
    expect(planAddLine(lines, { kind: 'items', id: C }, 3, true)).toEqual({
      ok: true,
      value: { ...lines, ItemIDs: [A, B, C], itemQty: { [A]: 2, [B]: 1, [C]: 3 } },
    });
    expect(planAddLine(lines, { kind: 'items', id: A }, 1, true)).toMatchObject({ ok: false, refusal: { message: ITEM_IN_CART } });
    expect(planAddLine(lines, { kind: 'packages', id: P }, 1, true)).toMatchObject({ ok: false, refusal: { message: PACKAGE_IN_CART } });
    expect(planAddLine(lines, { kind: 'packages', id: Q }, 1, false)).toMatchObject({
      ok: false,
      refusal: { message: PACKAGE_UNAVAILABLE },
    });
  });

  it('sets one quantity or removes one line, leaving the others', () => {
    expect(withLineQuantity(lines, { kind: 'items', id: B }, 4)).toEqual({ ...lines, itemQty: { [A]: 2, [B]: 4 } });
    expect(withLineQuantity(lines, { kind: 'items', id: C }, 4)).toBeUndefined();
    expect(withoutLine(lines, { kind: 'packages', id: P })).toEqual({ ...lines, PackageIDs: [], packageQty: {} });
    expect(withoutLine(lines, { kind: 'items', id: C })).toEqual(lines);
  });

  it('takes only the units an order bought: a line goes only when none are left', () => {
    const bought = withoutBoughtUnits(
      lines,
      new Map([
        [A, 1],
        [B, 1],
        [C, 5],
      ]),
      new Map([[P, 3]]),
    );
    expect(bought).toEqual({ ItemIDs: [A], itemQty: { [A]: 1 }, PackageIDs: [], packageQty: {} });
  });
});
