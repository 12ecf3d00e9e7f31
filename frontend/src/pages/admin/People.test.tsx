/**
 * The admin's people screens: removing a customer asks first, says so and reloads the list;
 * creating an admin shows the server's refusal on the form and, once created, goes to Admins.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage } from '../../test-utils';
import { AdminAddAdmin, AdminCustomers } from './People';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = { _id: 'ad0000000000000000000001', username: 'admin' };
const customer = {
  _id: 'c1',
  firstName: 'Sachini',
  lastName: 'Bandara',
  username: 'sachini',
  email: 'sachini@example.lk',
  userImage: '',
  newlyAddeddate: '2026-11-20T10:00:00.000Z',
};

describe("admin's people", () => {
  it('removes a customer after confirmation and reloads the list', async () => {
    let customers = [customer];
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /Customer/getAll': () => ({ items: customers, total: customers.length, page: 1, limit: 10 }),
      'DELETE /Customer/delete/c1': () => ((customers = []), { message: 'Successfully Deleted' }),
    });
    renderPage(<AdminCustomers />, { kind: 'admin', path: '/Admin/Customers' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Remove Sachini Bandara (@sachini)? You won't be able to revert this!")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('The customer has been removed.')).toBeInTheDocument();
    expect(screen.getByText('Deleted!')).toBeInTheDocument();
    expect(await screen.findByText('No customers yet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/Customer/delete/c1']);
  });

  it("shows the server's refusal above the form, then creates the admin and goes to Admins", async () => {
    let refuse = true;
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'POST /Admin/addAdmin': () =>
        refuse ? { status: 409, body: { error: 'That email is already in use' } } : { message: 'New admin has been Created' },
    });
    renderPage(<AdminAddAdmin />, { kind: 'admin', path: '/Admin/AddAdmin' });
    fireEvent.change(await screen.findByLabelText(/First Name/), { target: { value: 'Nimal' } });
    fireEvent.change(screen.getByLabelText(/Last Name/), { target: { value: 'Perera' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'nimal@example.lk' } });
    fireEvent.change(screen.getByLabelText(/Username/), { target: { value: 'nimal1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That email is already in use');
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Email has been sent!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Admin/Admins'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { firstName: 'Nimal', lastName: 'Perera', email: 'nimal@example.lk', username: 'nimal1' },
      { firstName: 'Nimal', lastName: 'Perera', email: 'nimal@example.lk', username: 'nimal1' },
    ]);
  });
});
