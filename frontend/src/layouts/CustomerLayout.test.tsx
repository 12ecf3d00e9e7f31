/** Guest browsing (issue 32 item 1): the shop's catalogue opens without an account; its actions ask to sign in and are done after. */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShopButtons } from '../components/ShopButtons';
import { QueryProvider } from '../lib/queryClient';
import { RequireSession } from '../session/session';
import { CUSTOMER, fakeGateway } from '../test-utils';
import { CustomerLayout, isGuestPath } from './CustomerLayout';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ITEM = 'aaaaaaaaaaaaaaaaaaaaaa01';

function LoginPage() {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return <p>login page, back to {from ?? 'nowhere'}</p>;
}

/** The customer area as routes.tsx builds it, with a catalogue page and a private one. */
function shop(path: string) {
  return render(
    <MantineProvider>
      <Notifications />
      <QueryProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              path="/Customer"
              element={
                <RequireSession kind="customer" guestPaths={isGuestPath}>
                  <CustomerLayout />
                </RequireSession>
              }
            >
              <Route path="AllItmes" element={<ShopButtons itemId={ITEM} itemName="Galaxy A55" />} />
              <Route path="MyOrders" element={<p>my orders</p>} />
            </Route>
            <Route path="/CustomerLogin" element={<LoginPage />} />
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </MantineProvider>,
  );
}

describe('guest browsing', () => {
  it('lists the pages a guest may open: home, listings, an item and its reviews', () => {
    for (const p of [
      '/Customer',
      '/Customer/Home',
      '/Customer/AllItmes',
      '/Customer/AllItemsFilterBy/Samsung',
      '/Customer/DiscountedItems',
    ])
      expect(isGuestPath(p), p).toBe(true);
    for (const p of [
      '/Customer/Packages',
      `/Customer/ItemDetails/${ITEM}`,
      `/Customer/itemdetails/${ITEM}`,
      `/Customer/ItemReviews/${ITEM}`,
    ])
      expect(isGuestPath(p), p).toBe(true);
    for (const p of [
      '/Customer/MyOrders',
      '/Customer/MyShoppingCart',
      `/Customer/WriteReview/${ITEM}`,
      '/Customer/MyProfile',
      '/Customer/SelectPayment',
    ])
      expect(isGuestPath(p), p).toBe(false);
  });

  it('opens a listing without an account, with Login and Register in the header and only the catalogue in the navigation', async () => {
    fakeGateway({ 'GET /Customer/me': { status: 401, body: { error: 'Unauthorized' } } });
    shop('/Customer/AllItmes');
    expect(await screen.findByRole('button', { name: 'Add Galaxy A55 to cart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/CustomerLogin');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/CustomerRegistration');
    expect(screen.getByRole('link', { name: 'All Items' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'My Orders' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Logout/ })).toBeNull();
  });

  it('sends a guest opening a private page to the login page, to come back to it', async () => {
    fakeGateway({ 'GET /Customer/me': { status: 401, body: { error: 'Unauthorized' } } });
    shop('/Customer/MyOrders?page=2');
    expect(await screen.findByText('login page, back to /Customer/MyOrders?page=2')).toBeInTheDocument();
  });

  it('asks a guest to sign in at Add to cart, and adds the line once they are back signed in', async () => {
    fakeGateway({ 'GET /Customer/me': { status: 401, body: { error: 'Unauthorized' } } });
    const first = shop('/Customer/AllItmes');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Galaxy A55 to cart' }));
    expect(await screen.findByText('login page, back to /Customer/AllItmes')).toBeInTheDocument();
    first.unmount();

    // Signed in (the login page went back to the listing): the cart line is added, once.
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: { _id: 'cart1', CustomerID: CUSTOMER._id, ItemIDs: [], PackageIDs: [], version: 1 },
      [`POST /ShoppingCart/cart1/lines/items/${ITEM}`]: {
        _id: 'cart1',
        CustomerID: CUSTOMER._id,
        ItemIDs: [ITEM],
        PackageIDs: [],
        version: 2,
      },
      'GET /threads/unread': { threads: 0 },
    });
    shop('/Customer/AllItmes');
    expect(await screen.findByText('Item added to cart Successfully!')).toBeInTheDocument();
    await waitFor(() =>
      // The wishlist read behind the hearts is a POST too (issue 32 item 3); writes only here.
      expect(calls.filter((c) => c.method !== 'GET' && !c.path.startsWith('/wishlist/getByCustomerID/')).map((c) => c.path)).toEqual([
        `/ShoppingCart/cart1/lines/items/${ITEM}`,
      ]),
    );
    expect(sessionStorage.getItem('pendingShopAction')).toBeNull();
  });
});
