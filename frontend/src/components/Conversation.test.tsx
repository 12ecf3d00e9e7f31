/**
 * Conversations in the web app (issue 30 item 6): the list marks unread conversations and links to
 * each; a conversation shows its messages as text, marks itself read at the version shown, sends a
 * reply with that version, offers help to a seller's conversation only, and says so when a new
 * message arrived meanwhile (409) while keeping the draft; "Delete" asks first, then takes it off
 * the caller's list with the version shown.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, SELLER, fakeGateway, renderPage } from '../test-utils';
import { MyMessages, CustomerThread } from '../pages/customer/Messages';
import { SellerThread } from '../pages/seller/Messages';

afterEach(() => vi.unstubAllGlobals());

const ID = 'aaaaaaaaaaaaaaaaaaaaaa01';
const summary = {
  _id: ID,
  kind: 'seller',
  customerid: CUSTOMER._id,
  customerName: 'Sachini Bandara',
  sellerid: SELLER._id,
  sellerName: 'Kandy Tech',
  about: { kind: 'item', id: 'bbbbbbbbbbbbbbbbbbbbbb01', title: 'Galaxy A55 (Samsung)' },
  messageCount: 2,
  last: { from: 'seller', snippet: 'Yes, two left.', at: '2026-11-29T04:00:00.000Z' },
  unread: { customer: 1, seller: 0, admin: 0 },
  help: null,
  createdAt: '2026-11-29T03:30:00.000Z',
  version: 3,
};
const thread = (you: 'customer' | 'seller') => ({
  ...summary,
  you,
  messages: [
    { n: 0, from: 'customer', authorName: 'Sachini Bandara', text: 'Is it in stock? <b>x</b>', at: '2026-11-29T03:30:00.000Z' },
    { n: 1, from: 'seller', authorName: 'Kandy Tech', text: 'Yes, two left.', at: '2026-11-29T04:00:00.000Z' },
  ],
});

describe('conversations', () => {
  it('lists conversations with what they are about, the latest message, the time in Colombo and the unread count', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /threads': { items: [summary], total: 1, page: 1, limit: 10 },
      'GET /threads/unread': { threads: 1 },
    });
    renderPage(<MyMessages />, { kind: 'customer', path: '/Customer/Messages' });
    const row = await screen.findByRole('link', { name: /Galaxy A55 \(Samsung\), with Kandy Tech, 1 unread/ });
    expect(row).toHaveAttribute('href', `/Customer/Messages/${ID}`);
    expect(screen.getByText('1 new')).toBeInTheDocument();
    expect(screen.getByText('2026-11-29 09:30')).toBeInTheDocument();
  });

  it('marks the conversation read at the version shown, sends a reply with it and offers help in a seller conversation', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /threads/${ID}`]: thread('customer'),
      [`PUT /threads/${ID}/read`]: { ...thread('customer'), unread: { customer: 0, seller: 0, admin: 0 }, version: 4 },
      [`POST /threads/${ID}/messages`]: { status: 201, body: thread('customer') },
    });
    renderPage(<CustomerThread />, { kind: 'customer', path: `/Customer/Messages/${ID}`, pattern: 'Messages/:id' });
    expect(await screen.findByText('Is it in stock? <b>x</b>')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === `/threads/${ID}/read`)).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ version: 3 });
    fireEvent.change(screen.getByLabelText(/Your reply/), { target: { value: 'Please keep one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ text: 'Please keep one', version: 3 });
    expect(screen.getByRole('button', { name: 'Ask the marketplace team for help' })).toBeInTheDocument();
  });

  it('keeps the draft and says so when a new message arrived meanwhile (409)', async () => {
    fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /threads/${ID}`]: { ...thread('seller'), unread: { customer: 0, seller: 0, admin: 0 } },
      [`POST /threads/${ID}/messages`]: { status: 409, body: { error: 'This conversation changed meanwhile; here it is now' } },
    });
    renderPage(<SellerThread />, { kind: 'seller', path: `/Seller/Contact/${ID}`, pattern: 'Contact/:id' });
    await screen.findByText('Yes, two left.');
    fireEvent.change(screen.getByLabelText(/Your reply/), { target: { value: 'We have two.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText(/New messages arrived while you wrote/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Your reply/)).toHaveValue('We have two.');
  });

  it('deletes the conversation from the list only after a confirmation, with the version shown', async () => {
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      [`GET /threads/${ID}`]: { ...thread('seller'), unread: { customer: 0, seller: 0, admin: 0 } },
      [`PUT /threads/${ID}/archive`]: { ...thread('seller'), archivedBy: ['seller'], version: 4 },
      'GET /threads': { items: [], total: 0, page: 1, limit: 10 },
      'GET /threads/unread': { threads: 0 },
    });
    renderPage(<SellerThread />, { kind: 'seller', path: `/Seller/Contact/${ID}`, pattern: 'Contact/:id' });
    await screen.findByText('Yes, two left.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/Sachini Bandara keeps it/)).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/archive'))).toBe(false);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === `/threads/${ID}/archive`)).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/archive'))!.body).toEqual({ version: 3 });
  });
});
