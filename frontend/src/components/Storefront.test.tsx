/**
 * Issue 32 item 3 in the web app: the header's search with suggestions (keyboard: arrows, Enter,
 * Escape; for guests too), the cart count badge (signed-in customers only, updated after an add),
 * filled hearts for items in the wishlist (one wishlist read for the whole listing), and the item
 * page's "Only N left" and quantity picker (the cart line and Buy Now take the units chosen).
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerLayout, isGuestPath } from '../layouts/CustomerLayout';
import { QueryProvider } from '../lib/queryClient';
import { ItemDetails } from '../pages/customer/Browse';
import { RequireSession } from '../session/session';
import { CUSTOMER, fakeGateway, type Call } from '../test-utils';
import { ItemFilterBar } from './ItemFilters';
import { ShopButtons } from './ShopButtons';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

const A = 'aaaaaaaaaaaaaaaaaaaaaa01';
const B = 'aaaaaaaaaaaaaaaaaaaaaa02';
const SELLER_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const GUEST = { 'GET /Customer/me': { status: 401, body: { error: 'Unauthorized' } } };
const SUGGESTIONS = [
  { text: 'N-SO-04G', kind: 'model', itemId: A },
  { text: 'Sony', kind: 'brand' },
  { text: 'Xperia Z3', kind: 'item', itemId: B },
];

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

/** The customer area as routes.tsx builds it, with `page` at `/Customer/<at>`. */
function shop(path: string, at: string, page: React.ReactNode) {
  return render(
    <MantineProvider>
      <Notifications />
      <QueryProvider>
        <MemoryRouter initialEntries={[path]}>
          <Where />
          <Routes>
            <Route
              path="/Customer"
              element={
                <RequireSession kind="customer" guestPaths={isGuestPath}>
                  <CustomerLayout />
                </RequireSession>
              }
            >
              <Route path={at} element={page} />
              <Route path="*" element={<p>elsewhere</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryProvider>
    </MantineProvider>,
  );
}

const type = async (text: string) => {
  const box = await screen.findByRole('combobox', { name: 'Search the shop' });
  fireEvent.change(box, { target: { value: text } });
  return box;
};

describe('header search (guest)', () => {
  it('suggests as the guest types; arrows mark one and Enter opens it', async () => {
    const calls = fakeGateway({ ...GUEST, 'GET /items/suggest': SUGGESTIONS });
    shop('/Customer/Home', 'Home', <p>home</p>);
    const box = await type('n-so');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['N-SO-04GModel', 'SonyBrand', 'Xperia Z3']);
    expect(calls.some((c) => c.path === '/items/suggest?q=n-so')).toBe(true);
    expect(box).toHaveAttribute('aria-expanded', 'true');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const third = within(list).getAllByRole('option')[2]!;
    expect(third).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', third.id);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/Customer/ItemDetails/${B}`));
    // A guest has no cart: no badge, and no cart or wishlist read.
    expect(screen.queryByRole('link', { name: /My Cart/ })).toBeNull();
    expect(calls.filter((c) => /ShoppingCart|wishlist/.test(c.path))).toEqual([]);
  });

  it('goes up from the field to the last suggestion, opens a brand’s listing, and Escape closes then clears', async () => {
    fakeGateway({ ...GUEST, 'GET /items/suggest': SUGGESTIONS });
    shop('/Customer/Home', 'Home', <p>home</p>);
    const box = await type('so');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');

    await type('son');
    await screen.findByRole('option', { name: /Sony/ });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(screen.getByRole('option', { name: /Sony/ })).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/Customer/AllItemsFilterBy/Sony'));
  });

  it('Enter with nothing marked searches All Items for the text', async () => {
    fakeGateway({ ...GUEST, 'GET /items/suggest': [] });
    shop('/Customer/Home', 'Home', <p>home</p>);
    const box = await type('galaxy s24');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/Customer/AllItmes?q=galaxy%20s24'));
  });
});

const cart = (items: string[], quantities: Record<string, number>, version = 1) => ({
  _id: 'cart1',
  customerID: CUSTOMER._id,
  ItemIDs: items,
  PackageIDs: [],
  ItemQuantities: quantities,
  PackageQuantities: {},
  version,
});

describe('signed-in customer: cart badge and hearts', () => {
  it('shows the units in the cart and updates after Add to cart; hearts are filled from one wishlist read', async () => {
    let current = cart([A], { [A]: 2 });
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      'GET /threads/unread': { threads: 0 },
      [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: () => current,
      [`POST /ShoppingCart/cart1/lines/items/${B}`]: () => (current = cart([A, B], { [A]: 2, [B]: 1 }, 2)),
      [`POST /wishlist/getByCustomerID/${CUSTOMER._id}`]: { wishlistss: { _id: 'w1', CustomerID: CUSTOMER._id, Items: [A] } },
    });
    shop(
      '/Customer/AllItmes',
      'AllItmes',
      <>
        <ShopButtons itemId={A} itemName="Galaxy A55" />
        <ShopButtons itemId={B} itemName="Xperia Z3" />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'My Cart, 2 units' })).toHaveAttribute('href', '/Customer/MyShoppingCart');
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
    expect(await screen.findByRole('button', { name: 'Saved: Galaxy A55 is in your wishlist' })).toHaveTextContent('Saved');
    expect(screen.getByRole('button', { name: 'Add Xperia Z3 to wishlist' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/wishlist/getByCustomerID/'))).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Add Xperia Z3 to cart' }));
    expect(await screen.findByRole('link', { name: 'My Cart, 3 units' })).toBeInTheDocument();
  });
});

describe('item page buy box', () => {
  const page = (Quantity: number, extra: Record<string, object> = {}) => ({
    'GET /Customer/me': CUSTOMER,
    'GET /threads/unread': { threads: 0 },
    [`GET /items/get/${A}`]: {
      _id: A,
      Item_name: 'Galaxy A55',
      Brand: 'Samsung',
      Model: 'M-A55',
      Category: 'Mobile Phones',
      Images: [],
      Price: 95000,
      FinalPrice: 95000,
      DiscountStatus: false,
      DiscountPrecentage: 0,
      ItemAvailabilityStatus: true,
      Quantity,
      rating: 0,
      reviewCount: 0,
      SellerID: SELLER_ID,
      Description: 'A phone',
      Specification: '',
      WHT: '',
      Warrenty: 1,
      Color_family: [],
    },
    [`GET /orgSeller/get/${SELLER_ID}`]: { _id: SELLER_ID, companyname: 'Kandy Tech', logo: '', description: '' },
    [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: cart([], {}),
    [`POST /wishlist/getByCustomerID/${CUSTOMER._id}`]: { wishlistss: { _id: 'w1', CustomerID: CUSTOMER._id, Items: [] } },
    ...extra,
  });

  it('says "Only 3 left", keeps the quantity within the stock and adds that many to the cart', async () => {
    const calls = fakeGateway(
      page(3, {
        [`POST /ShoppingCart/cart1/lines/items/${A}`]: (c: Call) => cart([A], { [A]: (c.body as { quantity: number }).quantity }, 2),
      }),
    );
    shop(`/Customer/ItemDetails/${A}`, 'ItemDetails/:id', <ItemDetails />);
    expect(await screen.findByText('Only 3 left')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Kandy Tech' })).toHaveAttribute('href', `/Customer/Seller/${SELLER_ID}`);
    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    // More than the stock is not taken.
    fireEvent.change(quantity, { target: { value: '9' } });
    fireEvent.blur(quantity);
    expect(quantity).toHaveValue('1');
    fireEvent.change(quantity, { target: { value: '2' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    });
    await waitFor(() => expect(calls.some((c) => c.path === `/ShoppingCart/cart1/lines/items/${A}`)).toBe(true));
    expect(calls.find((c) => c.path === `/ShoppingCart/cart1/lines/items/${A}`)!.body).toMatchObject({ quantity: 2 });
  });

  it('says nothing of the stock above 5', async () => {
    fakeGateway(page(6));
    shop(`/Customer/ItemDetails/${A}`, 'ItemDetails/:id', <ItemDetails />);
    expect(await screen.findByRole('textbox', { name: 'Quantity' })).toBeInTheDocument();
    expect(screen.queryByTestId('stock-note')).toBeNull();
  });
});

describe('the listing’s sort with search text', () => {
  it('says the default is the best match and offers newest first', () => {
    const onChange = vi.fn();
    render(
      <MantineProvider>
        <ItemFilterBar text="n-so-04g" onText={() => undefined} filters={{}} onChange={onChange} showSort />
      </MantineProvider>,
    );
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    const options = within(sort)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options[0]).toBe('Sort: best match');
    expect(options).toContain('Newest first');
    expect(options).not.toContain('Best match');
    fireEvent.change(sort, { target: { value: 'newest' } });
    expect(onChange).toHaveBeenLastCalledWith({ sort: 'newest' });
  });
});
