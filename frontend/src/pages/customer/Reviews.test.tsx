/** Writing a review of an item already reviewed opens that review for editing (issue 29 item 4). */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage } from '../../test-utils';
import { WriteReview } from './Reviews';

afterEach(() => vi.unstubAllGlobals());

const ITEM = 'aaaaaaaaaaaaaaaaaaaaaa01';
const REVIEW = 'bbbbbbbbbbbbbbbbbbbbbb01';
const mine = {
  _id: REVIEW,
  itemid: ITEM,
  customerid: CUSTOMER._id,
  description: 'Battery lasts two days.',
  // 23:30 UTC is the next day in Colombo.
  date: '2026-03-11T23:30:00.000Z',
  noofstars: 4,
  reviewstatus: false,
  reportreason: '',
  sellerid: '',
  customerName: 'Sachini Bandara',
  customerImage: '',
  verifiedPurchase: true,
  item: { Item_name: 'Galaxy A55', Brand: 'Samsung', Model: 'A55' },
};
const page = () => renderPage(<WriteReview />, { kind: 'customer', path: `/Customer/WriteReview/${ITEM}`, pattern: 'WriteReview/:id' });

describe('write a review', () => {
  it('opens the existing review for editing, says when it was written, and saves it with an update', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /items/get/${ITEM}`]: { _id: ITEM, Item_name: 'Galaxy A55', Images: [] },
      'GET /review/get': { items: [mine], total: 1, page: 1, limit: 1 },
      [`PUT /review/updateReview/${REVIEW}`]: { message: 'updated' },
    });
    page();
    expect(await screen.findByText(/You reviewed this item on/)).toHaveTextContent(
      'You reviewed this item on 2026-03-12; edit your review',
    );
    expect(screen.getByLabelText('Your review')).toHaveValue('Battery lasts two days.');
    expect(screen.getByLabelText('4 stars')).toBeChecked();
    expect(calls.find((c) => c.path.startsWith('/review/get'))!.path).toMatch(new RegExp(`itemid=${ITEM}`));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Battery lasts two days. Camera is weak.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/Customer/ItemDetails/${ITEM}`));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ description: 'Battery lasts two days. Camera is weak.', noofstars: 4 });
  });

  it('without an earlier review, is the empty form that adds one', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /items/get/${ITEM}`]: { _id: ITEM, Item_name: 'Galaxy A55', Images: [] },
      'GET /review/get': { items: [], total: 0, page: 1, limit: 1 },
      'POST /review/add': { status: 201, body: { _id: REVIEW } },
    });
    page();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).not.toHaveAttribute('data-loading'));
    expect(screen.queryByText(/You reviewed this item/)).toBeNull();
    expect(screen.getByLabelText('Your review')).toHaveValue('');
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Good.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/review/add')).toBe(true));
  });
});
