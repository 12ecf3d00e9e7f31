/**
 * Deleting the own account (spec 000 sections 4 and 5): the password first
 * ('Please Enter Your Password!', 'Invalid Credentials!' from the service's check), only then
 * 'Are you sure?', then the deletion, then the registration page (never the login page).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderRoutes } from '../../test-utils';
import { CustomerMyProfile, CustomerUpdateProfile } from './Profile';

const ME = { ...CUSTOMER, email: 's@example.lk', phoneNumber: '0771234567', dob: '1996-05-04', gender: 'Female', address: '' };
const INVALID = { status: 400, body: { error: 'Invalid Credentials!', fields: { password: 'Invalid Credentials!' } } };

function open() {
  renderRoutes(
    { '/Customer/update/:id': <CustomerUpdateProfile />, '/CustomerLogin': <p>login page</p> },
    { kind: 'customer', path: `/Customer/update/${CUSTOMER._id}` },
  );
}

async function typeAndDelete(password: string) {
  fireEvent.change(await screen.findByLabelText('Your password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
}

describe('delete account', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an empty password is refused at the field without asking anything', async () => {
    const calls = fakeGateway({ 'GET /Customer/me': ME });
    open();
    await typeAndDelete('');
    expect(await screen.findByText('Please Enter Your Password!')).toBeInTheDocument();
    expect(screen.queryByText('Are you sure?')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('a wrong password is checked by the service first: its message at the field, no "Are you sure?", nothing deleted', async () => {
    const calls = fakeGateway({ 'GET /Customer/me': ME, 'POST /Customer/checkPassword': INVALID });
    open();
    await typeAndDelete('Wrong#123');
    expect(await screen.findByText('Invalid Credentials!')).toBeInTheDocument();
    expect(screen.queryByText('Are you sure?')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([
      expect.objectContaining({ method: 'POST', path: '/Customer/checkPassword', body: { password: 'Wrong#123' } }),
    ]);
  });

  it('the right password, then "Are you sure?", then the deletion, then the registration page', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': ME,
      'POST /Customer/checkPassword': { message: 'Password confirmed' },
      [`DELETE /Customer/delete/${CUSTOMER._id}`]: { message: 'Successfully Deleted' },
      'POST /Customer/logout': { message: 'Logged out' },
    });
    open();
    await typeAndDelete('Secret#123');
    expect(await screen.findByText('Are you sure?')).toBeInTheDocument();
    // Nothing deleted before the confirmation.
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/CustomerRegistration'));
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(writes.slice(0, 2)).toEqual(['POST /Customer/checkPassword', `DELETE /Customer/delete/${CUSTOMER._id}`]);
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({ password: 'Secret#123' });
    // It stays there (no later redirect to the login page).
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getByTestId('location').textContent).toBe('/CustomerRegistration');
    expect(screen.queryByText('login page')).toBeNull();
  });

  it('pressing Enter in the password field checks it too (keyboard)', async () => {
    const calls = fakeGateway({ 'GET /Customer/me': ME, 'POST /Customer/checkPassword': INVALID });
    open();
    const field = await screen.findByLabelText('Your password');
    fireEvent.change(field, { target: { value: 'Wrong#123' } });
    fireEvent.submit(field.closest('form')!);
    expect(await screen.findByText('Invalid Credentials!')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/Customer/checkPassword')).toBe(true);
  });
});

describe('profile headings (axe heading-order)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const levels = () => screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));

  it('my profile and its edit page go h1 then h2, skipping no level', async () => {
    fakeGateway({ 'GET /Customer/me': { ...ME, newlyAddeddate: '2026-01-02T00:00:00.000Z' } });
    renderRoutes({ '/Customer/MyProfile': <CustomerMyProfile /> }, { kind: 'customer', path: '/Customer/MyProfile' });
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });
    // The name, then "Delivery addresses".
    expect(levels()).toEqual([1, 2, 2]);
  });

  it('the edit page’s "Delete my account" is a second-level heading under the page’s h1', async () => {
    fakeGateway({ 'GET /Customer/me': ME });
    open();
    await screen.findByRole('heading', { level: 2, name: 'Delete my account' });
    expect(levels()[0]).toBe(1);
    expect(levels().every((l) => l <= 2)).toBe(true);
  });
});

describe('delivery addresses on the profile (issue 29)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const home = {
    recipient: 'Sachini Bandara',
    phone: '0771234567',
    line1: '12 Galle Road',
    line2: '',
    city: 'Colombo',
    district: 'Colombo',
    postalCode: '00300',
  };
  const BOOK = {
    version: 4,
    defaultAddressId: 'a1',
    addresses: [
      { _id: 'a1', ...home, isDefault: true },
      { _id: 'a2', ...home, line1: '8 Dalada Veediya', city: 'Kandy', district: 'Kandy', postalCode: '20000', isDefault: false },
    ],
  };

  it('lists the book default first, makes another the default and removes one after a confirmation, each naming the version shown', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': ME,
      'GET /Customer/addresses': BOOK,
      'PUT /Customer/addresses/a2/default': { book: BOOK },
      'DELETE /Customer/addresses/a2': { book: BOOK },
    });
    renderRoutes({ '/Customer/MyProfile': <CustomerMyProfile /> }, { kind: 'customer', path: '/Customer/MyProfile' });
    const cards = await screen.findAllByTestId('saved-address');
    expect(cards.map((c) => c.textContent)).toEqual([
      expect.stringContaining('Default'),
      expect.stringContaining('8 Dalada Veediya, Kandy 20000, Kandy District'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Make default' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ version: 4 });
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[1]!);
    expect(await screen.findByText('Remove this address?')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remove it' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/Customer/addresses/a2?version=4'));
  });

  it('says so when there is none yet', async () => {
    fakeGateway({ 'GET /Customer/me': ME, 'GET /Customer/addresses': { version: 0, defaultAddressId: null, addresses: [] } });
    renderRoutes({ '/Customer/MyProfile': <CustomerMyProfile /> }, { kind: 'customer', path: '/Customer/MyProfile' });
    expect(await screen.findByText('No delivery addresses yet. Add one to check out faster.')).toBeInTheDocument();
  });
});
