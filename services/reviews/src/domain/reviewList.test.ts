import { describe, expect, it } from 'vitest';
import { entryMatches, itemMatchesText, reviewListPlan } from './reviewList';

const seller = { id: 's1', role: 'seller' as const };
const customer = { id: 'c1', role: 'customer' as const };
const ITEM = 'ABCDEF0123456789ABCDEF01';

describe('review list plan', () => {
  it('reads everyone’s list for the public, directly when nothing narrows it', () => {
    expect(reviewListPlan({}, null)).toEqual({ source: { by: 'a' }, where: {}, direct: true });
  });

  it('reads the item’s list for an item, walking it for further conditions', () => {
    expect(reviewListPlan({ itemid: ITEM }, null)).toEqual({
      source: { by: 'i', id: ITEM.toLowerCase() },
      where: { i: ITEM.toLowerCase() },
      direct: true,
    });
    expect(reviewListPlan({ itemid: ITEM, reviewstatus: true }, null)).toMatchObject({ where: { r: 1 }, direct: false });
  });

  it('scopes a seller to own items whatever sellerid they send', () => {
    expect(reviewListPlan({ sellerid: 'ffffffffffffffffffffffff' }, seller)).toMatchObject({ source: { by: 's', id: 's1' }, direct: true });
  });

  it('narrows others to a seller only when asked', () => {
    expect(reviewListPlan({}, customer).source).toEqual({ by: 'a' });
    expect(reviewListPlan({ sellerid: 'FFFFFFFFFFFFFFFFFFFFFFFF' }, customer).source).toEqual({ by: 's', id: 'ffffffffffffffffffffffff' });
  });

  it('searches item name, brand or model as a case-insensitive substring', () => {
    const plan = reviewListPlan({ q: 'A.b(' }, customer);
    expect(plan).toMatchObject({ text: 'a.b(', direct: false });
    expect(itemMatchesText({ Item_name: 'x', Brand: 'Sony A.B(', Model: '' }, plan.text!)).toBe(true);
    expect(itemMatchesText({ Item_name: 'ab', Brand: '', Model: '' }, plan.text!)).toBe(false);
    expect(itemMatchesText(undefined, 'a')).toBe(false);
  });

  it('lists the caller’s own reviews with mine', () => {
    expect(reviewListPlan({ mine: true, customerid: 'ffffffffffffffffffffffff' }, customer, 'c1').source).toEqual({ by: 'c', id: 'c1' });
  });

  it('matches entries on every condition', () => {
    const e = { n: 0, t: 1, i: 'i1', c: 'c1', s: 's1', r: 0 };
    expect(entryMatches({ i: 'i1', s: 's1', r: 0 }, e)).toBe(true);
    expect(entryMatches({ s: 's2' }, e)).toBe(false);
    expect(entryMatches({ r: 1 }, e)).toBe(false);
  });
});
