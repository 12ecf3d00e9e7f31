import { describe, expect, it } from 'vitest';
import { FORMER_CUSTOMER, reviewView } from './reviewView';

const review = {
  _id: 'r1',
  itemid: 'i1',
  customerid: 'c1',
  description: 'Good',
  date: '2026-11-22T10:00:00.000Z',
  noofstars: 4,
  reviewstatus: false,
  reportreason: '',
  sellerid: '',
  aggregateVersion: 3,
};

describe('review card', () => {
  it('shows the customer’s current name and photo and the item', () => {
    const v = reviewView(
      review,
      { firstName: 'Nimal', lastName: 'Perera', userImage: 'a.webp', deleted: false },
      { Item_name: 'Pixel', Brand: 'Google', Model: 'N-P9' },
      true,
    );
    expect(v).toMatchObject({
      customerName: 'Nimal Perera',
      customerImage: 'a.webp',
      verifiedPurchase: true,
      item: { Item_name: 'Pixel' },
    });
  });

  it('anonymises a deleted or unknown customer', () => {
    expect(reviewView(review, { firstName: 'X', lastName: 'Y', userImage: 'a.webp', deleted: true }, undefined, false)).toMatchObject({
      customerName: FORMER_CUSTOMER,
      customerImage: '',
    });
    expect(reviewView(review, undefined, undefined, false).customerName).toBe(FORMER_CUSTOMER);
  });

  it('shows the seller’s reply under the review, and the version a reply or decision is based on', () => {
    const replied = { ...review, sellerReply: 'Thank you! <b>Visit again</b>', sellerReplyAt: '2026-11-23T08:00:00.000Z' };
    const v = reviewView(replied, undefined, undefined, false);
    expect(v.reply).toEqual({ text: 'Thank you! <b>Visit again</b>', date: '2026-11-23T08:00:00.000Z' });
    expect(v.version).toBe(3);
    expect(v).not.toHaveProperty('sellerReply');
    expect(v).not.toHaveProperty('aggregateVersion');
    expect(reviewView(review, undefined, undefined, false).reply).toBeNull();
    expect(reviewView({ ...review, sellerReply: '', sellerReplyAt: '' }, undefined, undefined, false).reply).toBeNull();
  });
});
