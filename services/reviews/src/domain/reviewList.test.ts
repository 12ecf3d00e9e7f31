import { describe, expect, it } from 'vitest';
import { restrictToItems, reviewListPlan } from './reviewList';

const seller = { id: 's1', role: 'seller' as const };
const customer = { id: 'c1', role: 'customer' as const };
const ITEM = 'ABCDEF0123456789ABCDEF01';

describe('review list plan', () => {
  it('lists every live review for the public, with plain filters', () => {
    expect(reviewListPlan({}, null)).toEqual({ filter: { deleted: false } });
    expect(reviewListPlan({ itemid: ITEM, reviewstatus: true }, null)).toEqual({
      filter: { deleted: false, itemid: ITEM.toLowerCase(), reviewstatus: true },
    });
  });

  it('scopes a seller to own items whatever sellerid they send', () => {
    const plan = reviewListPlan({ sellerid: 'ffffffffffffffffffffffff' }, seller);
    expect(plan.itemFilter).toMatchObject({ SellerID: 's1' });
  });

  it('narrows others to a seller only when asked', () => {
    expect(reviewListPlan({}, customer).itemFilter).toBeUndefined();
    expect(reviewListPlan({ sellerid: 'FFFFFFFFFFFFFFFFFFFFFFFF' }, customer).itemFilter).toMatchObject({
      SellerID: 'ffffffffffffffffffffffff',
    });
  });

  it('searches item name, brand or model with the text escaped', () => {
    const plan = reviewListPlan({ q: 'a.b(' }, customer);
    const or = (plan.itemFilter as { $or: Record<string, { $regex: string }>[] }).$or;
    expect(or.map((c) => Object.keys(c)[0])).toEqual(['Item_name', 'Brand', 'Model']);
    expect(or[0]!.Item_name!.$regex).toBe('a\\.b\\(');
  });

  it('lists the caller’s own reviews with mine', () => {
    expect(reviewListPlan({ mine: true, customerid: 'ffffffffffffffffffffffff' }, customer, 'c1').filter.customerid).toBe('c1');
  });

  it('restricts to the scoped items, keeping a single named item only if in scope', () => {
    expect(restrictToItems({ deleted: false }, ['i1', 'i2'])).toEqual({ deleted: false, itemid: { $in: ['i1', 'i2'] } });
    expect(restrictToItems({ itemid: 'i2' }, ['i1', 'i2'])).toEqual({ itemid: { $in: ['i2'] } });
    expect(restrictToItems({ itemid: 'i3' }, ['i1', 'i2'])).toEqual({ itemid: { $in: [] } });
  });
});
