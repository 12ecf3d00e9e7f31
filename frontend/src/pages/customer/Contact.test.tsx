/**
 * The contact forms past the account's hourly limit (issue 27 item 8; docs/architecture.md, Rate
 * limits): the 429's message with the wait from Retry-After, above the form.
 */
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage } from '../../test-utils';
import { ContactSeller, ContactUs } from './Messages';

afterEach(() => vi.unstubAllGlobals());

const SELLER = 'bbbbbbbbbbbbbbbbbbbbbb01';
// The form starts from the profile; this one has an e-mail address.
const me = { ...CUSTOMER, email: 'sachini@example.lk' };
const limited = { status: 429, body: { error: 'You have sent too many messages' }, headers: { 'Retry-After': '2520' } };

describe('contact forms past the limit', () => {
  it('Contact Us says how long to wait', async () => {
    fakeGateway({ 'GET /Customer/me': me, 'POST /contact/add': limited });
    renderPage(<ContactUs />, { kind: 'customer', path: '/Customer/ContactUs' });
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'Where is my order?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You have sent too many messages. Try again in 42 minutes.')).toBeInTheDocument();
  });

  it('Contact the Seller says how long to wait', async () => {
    fakeGateway({ 'GET /Customer/me': me, 'POST /contactsel/add': limited });
    renderPage(<ContactSeller />, { kind: 'customer', path: `/Customer/ContactSeller/${SELLER}`, pattern: 'ContactSeller/:sellerId' });
    fireEvent.change(await screen.findByLabelText('Message'), { target: { value: 'Is it in stock?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You have sent too many messages. Try again in 42 minutes.')).toBeInTheDocument();
  });
});
