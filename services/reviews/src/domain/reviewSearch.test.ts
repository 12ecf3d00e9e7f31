import { describe, expect, it } from 'vitest';
import { messageListSearch, messageOwner, messageSearchDoc } from './messageSearch';
import { reviewListSearch, reviewSearchDoc } from './reviewSearch';

const seller = { id: 's1', role: 'seller' as const };
const customer = { id: 'c1', role: 'customer' as const };
const ITEM = 'ABCDEF0123456789ABCDEF01';
const filters = (body: { query: Record<string, unknown> }) => (body.query as { bool: { filter: unknown[] } }).bool.filter;

describe('review list search', () => {
  it('matches every live review for the public, newest first with an exact total', () => {
    const body = reviewListSearch({}, null);
    expect(filters(body)).toEqual([]);
    expect(body.sort).toEqual([{ sortAt: { order: 'desc' } }, { key: { order: 'asc' } }]);
    expect(body.track_total_hits).toBe(true);
  });

  it('filters by item, author and reported, with ids in lower case', () => {
    expect(filters(reviewListSearch({ itemid: ITEM, customerid: ITEM, reviewstatus: true }, null))).toEqual([
      { term: { itemid: ITEM.toLowerCase() } },
      { term: { customerid: ITEM.toLowerCase() } },
      { term: { reported: true } },
    ]);
  });

  it('scopes a seller to own items whatever sellerid they send, and others only when asked', () => {
    expect(filters(reviewListSearch({ sellerid: ITEM }, seller))).toEqual([{ term: { itemSeller: 's1' } }]);
    expect(filters(reviewListSearch({ sellerid: ITEM }, customer))).toEqual([{ term: { itemSeller: ITEM.toLowerCase() } }]);
  });

  it('lists the caller’s own reviews with mine', () => {
    expect(filters(reviewListSearch({ mine: true }, customer, 'c1'))).toEqual([{ term: { customerid: 'c1' } }]);
  });

  it('searches item name, brand or model as a case-insensitive substring, wildcards taken literally', () => {
    const [text] = filters(reviewListSearch({ q: 'Gal*' }, null)) as { bool: { should: unknown[] } }[];
    expect(text!.bool.should).toContainEqual({ wildcard: { itemBrand: { value: '*gal\\**', case_insensitive: true } } });
    expect(text!.bool.should).toHaveLength(3);
  });

  it('indexes a review with its item’s seller and text, and the card’s stored fields as the view', () => {
    const doc = reviewSearchDoc(
      {
        _id: 'r1',
        itemid: 'i1',
        customerid: 'c1',
        description: 'ok',
        date: '2026-01-01T00:00:00.000Z',
        noofstars: 4,
        reviewstatus: true,
        reportreason: 'spam',
        sellerid: 's1',
      },
      { Item_name: 'Tab', Brand: 'Samsung', Model: 'S9', SellerID: 's1' },
    );
    expect(doc).toMatchObject({ key: 'r1', itemSeller: 's1', reported: true, itemBrand: 'Samsung', sortAt: '2026-01-01T00:00:00.000Z' });
    expect(doc.view).toMatchObject({ _id: 'r1', reportreason: 'spam', noofstars: 4 });
  });
});

describe('message list search', () => {
  it('keeps the admin’s and each seller’s messages apart', () => {
    expect(messageOwner({})).toBe('admin');
    expect(messageOwner({ sellerid: 's1' })).toBe('s:s1');
    expect(filters(messageListSearch('s:s1'))).toEqual([{ term: { owner: 's:s1' } }]);
    const doc = messageSearchDoc({ _id: 'm1', name: 'A', email: 'a@b.lk', message: '<b>x</b>', customerid: 'c1', createdAt: new Date(0) });
    expect(doc).toEqual({
      view: { _id: 'm1', name: 'A', email: 'a@b.lk', message: '<b>x</b>', customerid: 'c1', createdAt: '1970-01-01T00:00:00.000Z' },
      sortAt: '1970-01-01T00:00:00.000Z',
      key: 'm1',
      owner: 'admin',
    });
  });
});
