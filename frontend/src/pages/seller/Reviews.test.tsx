/**
 * The seller's customer messages: deleting one asks first, says so and reloads the list.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage, SELLER } from '../../test-utils';
import { SellerMessages } from './Reviews';

afterEach(() => vi.unstubAllGlobals());

const message = {
  _id: 'm1',
  name: 'Sachini',
  email: 'sachini@example.lk',
  message: 'Is it in stock?',
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe("seller's customer messages", () => {
  it('deletes a message after confirmation and reloads the list', async () => {
    let messages = [message];
    const calls = fakeGateway({
      'GET /orgSeller/me': SELLER,
      'GET /contactsel/get': () => ({ items: messages, total: messages.length, page: 1, limit: 10 }),
      'DELETE /contactsel/delete/m1': () => ((messages = []), { message: 'Successfully Deleted' }),
    });
    renderPage(<SellerMessages />, { kind: 'seller', path: '/Seller/Contact' });
    fireEvent.click(within(await screen.findByTestId('message-card')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Successfully Deleted')).toBeInTheDocument();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/contactsel/delete/m1']);
  });
});
