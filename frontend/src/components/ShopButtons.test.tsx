import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage, type Call } from '../test-utils';
import { ShopButtons } from './ShopButtons';

const ITEM = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const PKG = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const cart = (ItemIDs: string[], PackageIDs: string[] = []) => ({
  _id: 'cart1',
  customerID: CUSTOMER._id,
  ItemIDs,
  PackageIDs,
  ItemQuantities: {},
  PackageQuantities: {},
  version: 1,
});

afterEach(() => vi.unstubAllGlobals());

/** Writes only: the wishlist is read with a POST (the documents' `getByCustomerID`) for the hearts. */
const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET' && !c.path.startsWith('/wishlist/getByCustomerID/'));

describe('listing buttons', () => {
  it('adds an item to the cart with the documents’ notice', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: cart([]),
      [`POST /ShoppingCart/cart1/lines/items/${ITEM}`]: () => ({ ...cart([ITEM]), version: 2 }),
    });
    renderPage(<ShopButtons itemId={ITEM} />, { kind: 'customer', path: '/Customer/AllItmes' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    await screen.findByText('Item added to cart Successfully!');
    // One line, added to the cart as the server holds it (issue 29): never a rewrite of the whole cart.
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`POST /ShoppingCart/cart1/lines/items/${ITEM}`]);
  });

  it('refuses a duplicate without writing, and shows the server’s refusal', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: cart([ITEM]),
      [`POST /ShoppingCart/cart1/lines/packages/${PKG}`]: { status: 409, body: { error: 'Package is not available Right now!' } },
    });
    renderPage(
      <>
        <ShopButtons itemId={ITEM} />
        <ShopButtons packageId={PKG} />
      </>,
      { kind: 'customer', path: '/Customer/Packages' },
    );
    const [itemButton, packageButton] = await screen.findAllByRole('button', { name: 'Add to cart' });
    fireEvent.click(itemButton!);
    await screen.findByText('Item Already in Your Shopping Cart.');
    expect(writes(calls)).toEqual([]);
    fireEvent.click(packageButton!);
    await screen.findByText('Package is not available Right now!');
  });

  it('adds to the wishlist, then shows the item as in the wishlist (issue 32 item 3: a filled heart)', async () => {
    let items: string[] = [];
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`POST /wishlist/getByCustomerID/${CUSTOMER._id}`]: () => ({ wishlistss: { _id: 'w1', CustomerID: CUSTOMER._id, Items: items } }),
      'POST /wishlist/addItems': (c: Call) => {
        items = [...items, ...(c.body as { Items: string[] }).Items];
        return { status: 201, body: { wishlistss: { _id: 'w1', Items: items } } };
      },
    });
    renderPage(<ShopButtons itemId={ITEM} />, { kind: 'customer', path: '/Customer/AllItmes' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to Wishlist' }));
    await screen.findByText('Your Item has been added to your wishlist!');
    const saved = await screen.findByRole('button', { name: 'In wishlist' });
    expect(saved).toHaveTextContent('In wishlist');
    expect(screen.queryByRole('button', { name: 'Add to Wishlist' })).toBeNull();
    expect(items).toEqual([ITEM]);
  });

  it('cannot add an unavailable item to the cart', async () => {
    fakeGateway({ 'GET /Customer/me': CUSTOMER });
    renderPage(<ShopButtons itemId={ITEM} available={false} />, { kind: 'customer', path: '/Customer/AllItmes' });
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });
});
