/**
 * The web app's data layer:
 * one `GET /Customer/me` per session, no double fetches under StrictMode, instant Back.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage, renderRoutes } from '../test-utils';
import { api } from '../api/client';
import { MyOrders, MyPackageOrders } from '../pages/customer/Orders';
import { createQueryClient, domainsChangedBy, QueryProvider } from './queryClient';
import { pageQuery, readAhead, useAsync } from './useAsync';

afterEach(() => vi.unstubAllGlobals());

const ORDER = {
  _id: 'eeeeeeeeeeeeeeeeeeeeee01',
  OrderID: 'ORDER1',
  SellerID: 's1',
  CustomerID: CUSTOMER._id,
  CustomerName: 'Sachini Bandara',
  OQuantity: 1,
  TransitTime: '2025-03-14T09:30:00.000Z',
  status: 'Confirmed',
  UnitPrice: 95000,
  TotalPrice: 95000,
  Items: [
    {
      _id: 'i1',
      Item_name: 'Phone 1',
      Brand: 'Samsung',
      Model: 'A55',
      Stock_keeping_unit: 'SKU-1',
      Category: 'Mobile Phones',
      Price: 95000,
      FinalPrice: 95000,
      Images: [],
    },
  ],
};

const gateway = () =>
  fakeGateway({
    'GET /Customer/me': CUSTOMER,
    'GET /Orders/getOrders': { items: [ORDER], total: 1, page: 1, limit: 10 },
    'GET /PackageOrders/getOrders': { items: [], total: 0, page: 1, limit: 10 },
  });
const count = (calls: { method: string; path: string }[], prefix: string) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith(prefix)).length;

describe('data layer', () => {
  it('under StrictMode a page asks once for the session and once for its data', async () => {
    const calls = gateway();
    renderPage(<MyOrders />, { kind: 'customer', path: '/Customer/MyOrders', strict: true });
    expect(await screen.findByText('Phone 1')).toBeInTheDocument();
    // Give a second (duplicate) request every chance to be sent.
    await new Promise((r) => setTimeout(r, 50));
    expect(count(calls, '/Customer/me')).toBe(1);
    expect(count(calls, '/Orders/getOrders')).toBe(1);
  });

  it('Back shows the cached page at once and refreshes it in the background; one me for the session', async () => {
    const calls = gateway();
    renderRoutes(
      { '/Customer/MyOrders': <MyOrders />, '/Customer/MyPackageOrders': <MyPackageOrders /> },
      { kind: 'customer', path: '/Customer/MyOrders', back: true, strict: true },
    );
    expect(await screen.findByText('Phone 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Package Orders' }));
    expect(await screen.findByText('You have no package orders yet.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('history-back'));
    // At once: no loader, the list from the cache.
    expect(screen.getByText('Phone 1')).toBeInTheDocument();
    await waitFor(() => expect(count(calls, '/Orders/getOrders')).toBe(2));
    expect(count(calls, '/Customer/me')).toBe(1);
  });

  it('a write refetches the cached reads it changes, so Back shows the change at once', async () => {
    let paid = false;
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /Orders/getOrders': () => ({
        items: paid
          ? [ORDER, { ...ORDER, _id: 'eeeeeeeeeeeeeeeeeeeeee02', Items: [{ ...ORDER.Items[0], Item_name: 'Phone 2' }] }]
          : [ORDER],
        total: paid ? 2 : 1,
        page: 1,
        limit: 10,
      }),
      'GET /PackageOrders/getOrders': { items: [], total: 0, page: 1, limit: 10 },
      'POST /checkout/k1/pay': () => {
        paid = true;
        return { _id: 'k1', status: 'paid' };
      },
    });
    renderRoutes(
      { '/Customer/MyOrders': <MyOrders />, '/Customer/MyPackageOrders': <MyPackageOrders /> },
      { kind: 'customer', path: '/Customer/MyOrders', back: true },
    );
    expect(await screen.findByText('Phone 1')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Package Orders' }));
    expect(await screen.findByText('You have no package orders yet.')).toBeInTheDocument();
    await act(() => api('POST', '/checkout/k1/pay', {}));
    // The item orders page is not shown, yet its cached list is fetched again at once.
    await waitFor(() => expect(count(calls, '/Orders/getOrders')).toBe(2));
    fireEvent.click(screen.getByTestId('history-back'));
    expect(screen.getByText('Phone 2')).toBeInTheDocument();
    expect(count(calls, '/Customer/me')).toBe(1);
  });

  it('a page shows the read its route started ahead without asking again; a later visit refreshes', async () => {
    let loads = 0;
    const load = () => Promise.resolve(`answer ${++loads}`);
    function Page() {
      return <p>{useAsync(['items', 'ahead'], load).data ?? 'loading'}</p>;
    }
    const client = createQueryClient();
    readAhead(client, pageQuery(['items', 'ahead'], load));
    // The answer arrives before the page's code and the session do.
    await waitFor(() => expect(client.getQueryData(['items', 'ahead'])).toBe('answer 1'));
    render(
      <QueryProvider client={client}>
        <Page />
      </QueryProvider>,
    );
    expect(screen.getByText('answer 1')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(loads).toBe(1);
    cleanup();
    render(
      <QueryProvider client={client}>
        <Page />
      </QueryProvider>,
    );
    expect(await screen.findByText('answer 2')).toBeInTheDocument();
  });

  it('knows which cached reads each write changes', () => {
    expect(domainsChangedBy('/ShoppingCart/updateSItem/abc')).toEqual(['cart']);
    expect(domainsChangedBy('/wishlist/update/abc')).toEqual(['wishlist']);
    expect(domainsChangedBy('/wishlist/getByCustomerID/abc')).toEqual([]);
    expect(domainsChangedBy('/items/updateDiscount/abc')).toEqual(expect.arrayContaining(['items', 'cart', 'wishlist']));
    expect(domainsChangedBy('/checkout/abc/pay')).toEqual(expect.arrayContaining(['cart', 'orders', 'history', 'items']));
    expect(domainsChangedBy('/Customer/loginCustomer')).toBe('session');
    expect(domainsChangedBy('/Customer/logout')).toBe('session');
    // Checking the own password (before deleting the account) changes nothing shown.
    expect(domainsChangedBy('/Customer/checkPassword')).toEqual([]);
    expect(domainsChangedBy('/Customer/update/abc')).toEqual(['me', 'people']);
    // Deleting an account does not ask `me` again: the own account's 401 would redirect to the login.
    expect(domainsChangedBy('/Customer/delete/abc')).toEqual(['people']);
    expect(domainsChangedBy('/Admin/delete/abc')).toEqual(['people']);
    expect(domainsChangedBy('/something/new')).toBe('all');
  });
});
