import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage, type Call } from '../../test-utils';
import { CART_CHANGED, WISHLIST_CHANGED } from '@market/contracts/rules';
import { MyShoppingCart, MyWishlist } from './Cart';

const PHONE = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const BUNDLE = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const CART_ID = 'cccccccccccccccccccccc01';

const phone = {
  _id: PHONE,
  Item_name: 'Galaxy A55',
  Brand: 'Samsung',
  Images: [],
  Price: 95000,
  FinalPrice: 95000,
  ItemAvailabilityStatus: true,
  Quantity: 10,
};
const bundle = { _id: BUNDLE, packageName: 'Phone Bundle', image: '', price: 130000.5, packageAvailability: true, content: [] };

function gateway(extra: Record<string, object> = {}) {
  let cart = {
    _id: CART_ID,
    customerID: CUSTOMER._id,
    ItemIDs: [PHONE],
    PackageIDs: [BUNDLE],
    ItemQuantities: { [PHONE]: 2 } as Record<string, number>,
    PackageQuantities: { [BUNDLE]: 1 } as Record<string, number>,
    version: 4,
  };
  return fakeGateway({
    'GET /Customer/me': CUSTOMER,
    [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: () => cart,
    [`PUT /ShoppingCart/${CART_ID}/lines/items/${PHONE}`]: (call: Call) =>
      (cart = { ...cart, ItemQuantities: { [PHONE]: (call.body as { quantity: number }).quantity }, version: cart.version + 1 }),
    [`DELETE /ShoppingCart/${CART_ID}/lines/packages/${BUNDLE}`]: () =>
      (cart = { ...cart, PackageIDs: [], PackageQuantities: {}, version: cart.version + 1 }),
    [`GET /items/get/${PHONE}`]: phone,
    [`GET /Packages/getPackage/${BUNDLE}`]: bundle,
    ...extra,
  });
}

const checkoutView = (id: string, status = 'Open') => ({
  checkoutId: id,
  OrderID: id,
  status,
  Subtotal: 320000.5,
  DeliveryAndVat: 100,
  Amount: 320100.5,
  lines: [],
});

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('shopping cart screen', () => {
  it('shows each line, the subtotal, Rs. 100.00 delivery & VAT and the total, with the notice', async () => {
    gateway();
    renderPage(<MyShoppingCart />, { kind: 'customer', path: '/Customer/MyShoppingCart' });
    await screen.findByText('Galaxy A55');
    expect(screen.getByText('Phone Bundle')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity of Galaxy A55')).toHaveTextContent('2');
    expect(screen.getByText('Rs. 190,000.00')).toBeInTheDocument();
    expect(screen.getByText('Subtotal: Rs. 320,000.50')).toBeInTheDocument();
    expect(screen.getByText('Delivery & VAT: Rs. 100.00')).toBeInTheDocument();
    expect(screen.getByText('Total: Rs. 320,100.50')).toBeInTheDocument();
    expect(screen.getByText(/does not reserve/)).toBeInTheDocument();
  });

  it('keeps quantities on the server and never lets one go below 1', async () => {
    const calls = gateway();
    renderPage(<MyShoppingCart />, { kind: 'customer', path: '/Customer/MyShoppingCart' });
    await screen.findByText('Phone Bundle');

    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Phone Bundle' }));
    await screen.findByText('Package Quantity Cannot be reduced to zero');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Galaxy A55' }));
    await waitFor(() => expect(screen.getByLabelText('Quantity of Galaxy A55')).toHaveTextContent('3'));
    // One line's quantity, at the version the page shows: never the whole cart (issue 29).
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`/ShoppingCart/${CART_ID}/lines/items/${PHONE}`);
    expect(put?.body).toEqual({ quantity: 3, version: 4 });
    expect(screen.getByText('Total: Rs. 415,100.50')).toBeInTheDocument();
  });

  it('shows the server’s refusal and leaves the cart unchanged', async () => {
    gateway({
      [`PUT /ShoppingCart/${CART_ID}/lines/items/${PHONE}`]: { status: 409, body: { error: 'Item is not available Right now!' } },
    });
    renderPage(<MyShoppingCart />, { kind: 'customer', path: '/Customer/MyShoppingCart' });
    await screen.findByText('Galaxy A55');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Galaxy A55' }));
    await screen.findByText('Item is not available Right now!');
    expect(screen.getByLabelText('Quantity of Galaxy A55')).toHaveTextContent('2');
  });

  it('Go to Checkout prices the lines on the server with an Idempotency-Key and opens the payment choice', async () => {
    const calls = gateway({ 'POST /checkout/session': { status: 201, body: checkoutView('ORDER0000001') } });
    renderPage(<MyShoppingCart />, { kind: 'customer', path: '/Customer/MyShoppingCart' });
    await screen.findByText('Galaxy A55');
    fireEvent.click(screen.getByRole('button', { name: 'Go to Checkout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Customer/SelectPayment'));
    const post = calls.find((c) => c.path === '/checkout/session')!;
    expect(post.body).toEqual({ items: [{ itemId: PHONE, quantity: 2 }], packages: [{ packageId: BUNDLE, quantity: 1 }] });
    expect(post.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sessionStorage.getItem('market.checkoutId')).toBe('ORDER0000001');
    expect(screen.getByText('Please Proceed to Checkout')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: {
        _id: CART_ID,
        customerID: CUSTOMER._id,
        ItemIDs: [],
        PackageIDs: [],
        ItemQuantities: {},
        PackageQuantities: {},
      },
    });
    renderPage(<MyShoppingCart />, { kind: 'customer', path: '/Customer/MyShoppingCart' });
    await screen.findByText('Your cart is empty.');
    expect(screen.queryByRole('button', { name: 'Go to Checkout' })).toBeNull();
  });
});

describe('what checkout would refuse is said in the cart', () => {
  it('refuses + past the stock with checkout’s message, without a call', async () => {
    const calls = gateway({ [`GET /items/get/${PHONE}`]: { ...phone, Quantity: 2 } });
    renderPage(<MyShoppingCart />, { kind: 'customer', path: '/Customer/MyShoppingCart' });
    await screen.findByText('Galaxy A55');
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity of Galaxy A55' }));
    await screen.findByText('Only 2 of Galaxy A55 left in stock');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    expect(screen.getByLabelText('Quantity of Galaxy A55')).toHaveTextContent('2');
  });

  it('says on the line when its quantity is above the stock and explains why checkout is disabled', async () => {
    gateway({ [`GET /items/get/${PHONE}`]: { ...phone, Quantity: 1 } });
    renderPage(<MyShoppingCart />, { kind: 'customer', path: '/Customer/MyShoppingCart' });
    expect(await screen.findByText('Only 1 of Galaxy A55 left in stock')).toBeInTheDocument();
    const go = screen.getByRole('button', { name: 'Go to Checkout' });
    expect(go).toBeDisabled();
    expect(go).toHaveAccessibleDescription(/Checkout is unavailable until every line can be bought/);
  });

  it('keeps an unavailable line out of the total and disables checkout', async () => {
    const calls = gateway({ [`GET /Packages/getPackage/${BUNDLE}`]: { ...bundle, packageAvailability: false } });
    renderPage(<MyShoppingCart />, { kind: 'customer', path: '/Customer/MyShoppingCart' });
    expect(await screen.findByText('Package is not available Right now!')).toBeInTheDocument();
    expect(screen.getByText('Subtotal: Rs. 190,000.00')).toBeInTheDocument();
    expect(screen.getByText('Total: Rs. 190,100.00')).toBeInTheDocument();
    const go = screen.getByRole('button', { name: 'Go to Checkout' });
    expect(go).toBeDisabled();
    fireEvent.click(go);
    expect(calls.filter((c) => c.path === '/checkout/session')).toEqual([]);
  });
});

describe('removing lines', () => {
  it('asks first, then removes the package with the documents’ notice', async () => {
    const calls = gateway();
    renderPage(<MyShoppingCart />, { kind: 'customer', path: '/Customer/MyShoppingCart' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Phone Bundle' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText("You won't be able to revert this!")).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, remove it!' }));
    await screen.findByText('Package Removed From The Cart');
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/ShoppingCart/${CART_ID}/lines/packages/${BUNDLE}?version=4`);
    await waitFor(() => expect(screen.queryByText('Phone Bundle')).toBeNull());
  });
});

describe('a cart changed on another device (issue 29)', () => {
  it('shows the cart as it is now and says so when a change is refused as stale', async () => {
    // Another device added the bundle ×2 after this page loaded the cart with the phone only.
    let cart = {
      _id: CART_ID,
      customerID: CUSTOMER._id,
      ItemIDs: [PHONE],
      PackageIDs: [] as string[],
      ItemQuantities: { [PHONE]: 2 },
      PackageQuantities: {} as Record<string, number>,
      version: 4,
    };
    const now = { ...cart, PackageIDs: [BUNDLE], PackageQuantities: { [BUNDLE]: 2 }, version: 5 };
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: () => cart,
      [`PUT /ShoppingCart/${CART_ID}/lines/items/${PHONE}`]: () => {
        cart = now;
        return { status: 409, body: { error: CART_CHANGED, fields: { version: CART_CHANGED }, cart: now } };
      },
      [`GET /items/get/${PHONE}`]: phone,
      [`GET /Packages/getPackage/${BUNDLE}`]: bundle,
    });
    renderPage(<MyShoppingCart />, { kind: 'customer', path: '/Customer/MyShoppingCart' });
    await screen.findByText('Galaxy A55');
    expect(screen.queryByText('Phone Bundle')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity of Galaxy A55' }));
    expect(await screen.findByTestId('changed-elsewhere')).toHaveTextContent(CART_CHANGED);
    expect(await screen.findByText('Phone Bundle')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantity of Phone Bundle')).toHaveTextContent('2');
    expect(screen.getByLabelText('Quantity of Galaxy A55')).toHaveTextContent('2');
  });
});

describe('wishlist screen', () => {
  it('lists the items with Add to cart, removes one after confirmation, then shows the empty state', async () => {
    let items = [PHONE];
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`POST /wishlist/getByCustomerID/${CUSTOMER._id}`]: () => ({
        wishlistss: { _id: 'w1', CustomerID: CUSTOMER._id, Items: items, version: 3 - items.length },
      }),
      [`DELETE /wishlist/w1/items/${PHONE}`]: () => {
        items = [];
        return { wishlistss: { _id: 'w1', CustomerID: CUSTOMER._id, Items: items, version: 3 } };
      },
      [`GET /items/get/${PHONE}`]: phone,
    });
    renderPage(<MyWishlist />, { kind: 'customer', path: '/Customer/Mywishlist' });
    expect(await screen.findByText('Galaxy A55')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Galaxy A55 to cart' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, remove it!' }));
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/wishlist/w1/items/${PHONE}?version=2`);
  });

  it('shows the wishlist as it is now when a removal is refused as stale', async () => {
    let items = [PHONE];
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`POST /wishlist/getByCustomerID/${CUSTOMER._id}`]: () => ({
        wishlistss: { _id: 'w1', CustomerID: CUSTOMER._id, Items: items, version: items.length },
      }),
      [`DELETE /wishlist/w1/items/${PHONE}`]: () => {
        // Another device removed it meanwhile.
        items = [];
        return { status: 409, body: { error: WISHLIST_CHANGED, fields: { version: WISHLIST_CHANGED } } };
      },
      [`GET /items/get/${PHONE}`]: phone,
    });
    renderPage(<MyWishlist />, { kind: 'customer', path: '/Customer/Mywishlist' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, remove it!' }));
    expect(await screen.findByTestId('changed-elsewhere')).toHaveTextContent(WISHLIST_CHANGED);
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
  });
});
