/**
 * The seller's item reviews: another seller's item is not found; Reply posts the public reply with
 * the review's version and the card shows it under the review (issue 30 item 7).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage, SELLER } from '../../test-utils';
import { SellerItemReviews } from './Reviews';

afterEach(() => vi.unstubAllGlobals());

describe("another seller's item reviews (issue 30 item 11)", () => {
  it("are not found, without the item's title", async () => {
    const foreign = 'f'.repeat(24);
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /items/get/${foreign}`]: { _id: foreign, Item_name: 'Someone Else Phone', SellerID: 'a'.repeat(24), rating: 0, reviewCount: 0 },
      'GET /review/get': { items: [], total: 0, page: 1, limit: 10 },
    });
    renderPage(<SellerItemReviews />, { kind: 'seller', path: `/Seller/ItemReviews/${foreign}`, pattern: 'ItemReviews/:id' });
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.queryByText(/Someone Else Phone/)).toBeNull();
  });

  it("show the own item's title and reviews", async () => {
    const own = 'e'.repeat(24);
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /items/get/${own}`]: { _id: own, Item_name: 'My Phone', SellerID: SELLER._id, rating: 0, reviewCount: 0 },
      'GET /review/get': { items: [], total: 0, page: 1, limit: 10 },
    });
    renderPage(<SellerItemReviews />, { kind: 'seller', path: `/Seller/ItemReviews/${own}`, pattern: 'ItemReviews/:id' });
    expect(await screen.findByRole('heading', { name: 'Reviews: My Phone' })).toBeInTheDocument();
  });
});

describe("the seller's public reply (issue 30 item 7)", () => {
  it('posts the reply with the version shown and shows it under the review', async () => {
    const own = 'e'.repeat(24);
    const review = {
      _id: 'r1',
      itemid: own,
      customerid: 'c1',
      customerName: 'Sachini',
      customerImage: '',
      date: '2026-11-20T10:00:00.000Z',
      item: { Item_name: 'My Phone', Brand: 'Samsung', Model: 'S-1' },
      noofstars: 2,
      description: 'Battery is weak',
      reviewstatus: false,
      reportreason: '',
      sellerid: '',
      verifiedPurchase: true,
      reply: null as null | { text: string; date: string },
      version: 2,
    };
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /items/get/${own}`]: { _id: own, Item_name: 'My Phone', SellerID: SELLER._id, rating: 2, reviewCount: 1 },
      'GET /review/get': () => ({ items: [review], total: 1, page: 1, limit: 10 }),
      'PUT /review/reply/r1': (c: { body: { reply: string } }) => {
        review.reply = { text: c.body.reply, date: '2026-11-21T09:00:00.000Z' };
        review.version = 3;
        return review;
      },
    });
    renderPage(<SellerItemReviews />, { kind: 'seller', path: `/Seller/ItemReviews/${own}`, pattern: 'ItemReviews/:id' });
    fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Your reply/), { target: { value: 'Please visit our <b>shop</b>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Reply posted')).toBeInTheDocument();
    const reply = await screen.findByTestId('review-reply');
    expect(within(reply).getByText('Please visit our <b>shop</b>')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/review/reply/r1', { reply: 'Please visit our <b>shop</b>', version: 2 }],
    ]);
    expect(await screen.findByRole('button', { name: 'Edit reply' })).toBeInTheDocument();
  });
});
