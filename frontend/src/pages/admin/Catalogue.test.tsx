/**
 * The admin's catalogue screens: removing an item asks first, says so and reloads the list;
 * removing a package says so and goes back to the seller's packages.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, renderPage } from '../../test-utils';
import { AdminItems, AdminPackage } from './Catalogue';

afterEach(() => vi.unstubAllGlobals());

const ADMIN = { _id: 'ad0000000000000000000001', username: 'admin' };
const item = {
  _id: 'i1',
  Item_name: 'Galaxy A55',
  Brand: 'Samsung',
  Category: 'Mobile Phones',
  Stock_keeping_unit: 'SKU-A55',
  Quantity: 6,
  FinalPrice: 85500,
  Images: [],
  SellerID: 's1',
  rating: null,
};
const pkg = {
  _id: 'p1',
  packageName: 'Phone Bundle',
  seller: 's1',
  image: '',
  description: 'Two phones',
  price: 130000,
  startDate: '2026-11-01',
  endDate: '2026-12-01',
  packageAvailability: true,
  content: [{ _id: 'i1', Item_name: 'Galaxy A55' }],
};

describe("admin's catalogue", () => {
  it('removes an item after confirmation and reloads the list', async () => {
    let items = [item];
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /items/getItems': () => ({ items, total: items.length, page: 1, limit: 15 }),
      'DELETE /items/delete/i1': () => ((items = []), { message: 'Successfully Deleted' }),
    });
    renderPage(<AdminItems />, { kind: 'admin', path: '/Admin/Items' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("Remove Galaxy A55? You won't be able to revert this!")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Your file has been deleted.')).toBeInTheDocument();
    expect(await screen.findByText('No Result Found!')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/items/delete/i1']);
  });

  it("removes a package after confirmation and goes to the seller's packages", async () => {
    const calls = fakeGateway({
      'GET /Admin/me': ADMIN,
      'GET /Packages/getPackage/p1': pkg,
      'DELETE /Packages/deletePackage/p1': { message: 'Successfully Deleted' },
    });
    renderPage(<AdminPackage />, { kind: 'admin', path: '/Admin/Packagesss/p1', pattern: 'Packagesss/:packageId' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await screen.findByText('Your file has been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Admin/packages/s1'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/Packages/deletePackage/p1']);
  });
});
