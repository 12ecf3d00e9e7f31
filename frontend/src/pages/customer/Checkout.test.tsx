import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER, fakeGateway, renderPage, type Call } from '../../test-utils';
import type { DeliveryAddress } from '@market/contracts';
import { chosenAddress } from '../../components/DeliveryAddressStep';
import { ConfirmPayment, OrderConfirmation, SelectPayment } from './Checkout';

const CHECKOUT = 'K7Q2M9X4B1ZT';
const CARD = 'dddddddddddddddddddddd01';
const view = (status: string, extra: object = {}) => ({
  checkoutId: CHECKOUT,
  OrderID: CHECKOUT,
  status,
  Subtotal: 365000,
  DeliveryAndVat: 100,
  Amount: 365100,
  lines: [{ kind: 'item', id: 'i1', name: 'Galaxy A55', image: '', quantity: 2, unitPrice: 95000, total: 190000 }],
  ...extra,
});
const card = {
  _id: CARD,
  ownerID: CUSTOMER._id,
  cardowner: 'Sachini Bandara',
  cardtype: 'Visa',
  cardnumber: '**** **** **** 1111',
  last4: '1111',
  carddate: '12/29',
};

const HOME = {
  recipient: 'Sachini Bandara',
  phone: '0771234567',
  line1: '12 Galle Road',
  line2: '',
  city: 'Colombo',
  district: 'Colombo',
  postalCode: '00300',
} as DeliveryAddress;
const BOOK = { version: 2, defaultAddressId: 'a1', addresses: [{ _id: 'a1', ...HOME, isDefault: true }] };
const EMPTY_BOOK = { version: 0, defaultAddressId: null, addresses: [] };

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('market.checkoutId', CHECKOUT);
});
afterEach(() => vi.unstubAllGlobals());

describe('select payment', () => {
  it('shows the order number and amount, the saved cards as radios, and continues with the chosen one to the default address', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: view('Open'),
      'GET /paymentdetails/get': [card],
      'GET /Customer/addresses': BOOK,
    });
    renderPage(<SelectPayment />, { kind: 'customer', path: '/Customer/SelectPayment' });
    expect(await screen.findByText(CHECKOUT)).toBeInTheDocument();
    expect(screen.getByText('Rs. 365,100.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(await screen.findByTestId('chosen-address')).toHaveTextContent(
      'Sachini Bandara, 12 Galle Road, Colombo 00300, Colombo District',
    );
    fireEvent.click(await screen.findByRole('radio', { name: /1111/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/Customer/Confrim/${CARD}`));
    expect(chosenAddress.get(CHECKOUT)).toEqual(HOME);
  });

  it('holds every way to pay until a delivery address is given', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: view('Open'),
      'GET /paymentdetails/get': [card],
      'GET /Customer/addresses': EMPTY_BOOK,
    });
    renderPage(<SelectPayment />, { kind: 'customer', path: '/Customer/SelectPayment' });
    fireEvent.click(await screen.findByRole('radio', { name: /1111/ }));
    expect(await screen.findByTestId('address-first')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay with PayPal (sandbox)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Deliver here' })).toBeInTheDocument();
  });

  it('without a checkout, explains and links to the cart', async () => {
    sessionStorage.clear();
    fakeGateway({ 'GET /Customer/me': CUSTOMER, 'GET /paymentdetails/get': [card] });
    renderPage(<SelectPayment />, { kind: 'customer', path: '/Customer/SelectPayment' });
    expect(await screen.findByText(/There is nothing to pay yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my cart' })).toHaveAttribute('href', '/Customer/MyShoppingCart');
  });
});

describe('cash on delivery (issue 29)', () => {
  const address = {
    recipient: 'Kasun Perera',
    phone: '0771234567',
    line1: '12 Galle Road',
    line2: '',
    city: 'Dehiwala',
    district: 'Colombo',
    postalCode: '10350',
  };

  it('is shown disabled with the reason when the checkout may not be paid so', async () => {
    const reason = 'Cash on delivery is available for orders up to Rs. 250,000.00; please pay by card or PayPal';
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: view('Open', { cashOnDelivery: { available: false, reason, limit: 250000 } }),
      'GET /paymentdetails/get': [card],
    });
    renderPage(<SelectPayment />, { kind: 'customer', path: '/Customer/SelectPayment' });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order (cash on delivery)' })).toBeDisabled();
  });

  it('needs the delivery address first', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: view('Open', { cashOnDelivery: { available: true, limit: 250000 } }),
      'GET /paymentdetails/get': [card],
    });
    renderPage(<SelectPayment />, { kind: 'customer', path: '/Customer/SelectPayment' });
    expect(await screen.findByText(/in cash to the courier when your order arrives/)).toBeInTheDocument();
    expect(screen.getByText('Choose where to deliver above first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order (cash on delivery)' })).toBeDisabled();
  });

  it('places the order to the chosen address and opens the confirmation', async () => {
    chosenAddress.set(CHECKOUT, address as DeliveryAddress);
    let polls = 0;
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: () =>
        ++polls < 2 ? view('Open', { cashOnDelivery: { available: true, limit: 250000 } }) : view('Confirmed'),
      'GET /paymentdetails/get': [card],
      [`POST /checkout/${CHECKOUT}/pay`]: view('AwaitingStock'),
    });
    renderPage(<SelectPayment />, { kind: 'customer', path: '/Customer/SelectPayment' });
    const place = await screen.findByRole('button', { name: 'Place order (cash on delivery)' });
    await waitFor(() => expect(place).toBeEnabled());
    fireEvent.click(place);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/Customer/OrderConfirmation/${CHECKOUT}`), {
      timeout: 3000,
    });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ paymentType: 'cod', deliveryAddress: address }]);
  });
});

describe('confirm and pay', () => {
  beforeEach(() => chosenAddress.set(CHECKOUT, HOME));
  const page = () => renderPage(<ConfirmPayment />, { kind: 'customer', path: `/Customer/Confrim/${CARD}`, pattern: 'Confrim/:cardId' });

  it('refuses a wrong CVV with the documents’ message, then pays and follows the order until it is placed', async () => {
    let polls = 0;
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: () => (++polls < 2 ? view('Open') : view('Confirmed')),
      [`GET /paymentdetails/getItem/${CARD}`]: card,
      [`POST /checkout/${CHECKOUT}/pay`]: (call: Call) =>
        (call.body as { cvv: string }).cvv === '737'
          ? view('AwaitingStock')
          : { status: 400, body: { error: 'Wrong cvv/cvc number please enter correct cvv' } },
    });
    page();
    expect(await screen.findByText('Rs. 365,100.00')).toBeInTheDocument();
    await screen.findByText(/\*\*\*\* 1111/);
    const cvv = screen.getByLabelText('CVV');
    expect(cvv).toHaveAttribute('type', 'password');

    fireEvent.change(cvv, { target: { value: '738' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect((await screen.findAllByText('Wrong cvv/cvc number please enter correct cvv')).length).toBeGreaterThan(0);

    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '737' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    // One confirmation page after paying, not a toast on Home.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/Customer/OrderConfirmation/${CHECKOUT}`), {
      timeout: 3000,
    });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { cardId: CARD, cvv: '738', deliveryAddress: HOME },
      { cardId: CARD, cvv: '737', deliveryAddress: HOME },
    ]);
    expect(sessionStorage.getItem('market.checkoutId')).toBeNull();
  });

  it('after too many wrong security codes (429) says so with the wait from Retry-After, not at the CVV field, and holds Pay', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: view('Open'),
      [`GET /paymentdetails/getItem/${CARD}`]: card,
      [`POST /checkout/${CHECKOUT}/pay`]: {
        status: 429,
        body: { error: 'Too many wrong security codes for this card' },
        headers: { 'Retry-After': '840' },
      },
    });
    page();
    fireEvent.change(await screen.findByLabelText('CVV'), { target: { value: '737' } });
    await screen.findByText(/\*\*\*\* 1111/);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const alert = await screen.findByRole('alert', { name: /paused/i });
    expect(alert).toHaveTextContent('Too many wrong security codes for this card. Try again in 14 minutes.');
    expect(screen.getByLabelText('CVV')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('shows why an order was rejected (and that the payment was refunded), keeping the cart', async () => {
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: view('Open'),
      [`GET /paymentdetails/getItem/${CARD}`]: card,
      [`POST /checkout/${CHECKOUT}/pay`]: view('Rejected', {
        rejection: {
          itemId: 'i1',
          itemName: 'Galaxy A55',
          reason: 'OutOfStock',
          message: 'Galaxy A55 is out of stock. Your payment has been refunded.',
        },
      }),
    });
    page();
    fireEvent.change(await screen.findByLabelText('CVV'), { target: { value: '737' } });
    await screen.findByText(/\*\*\*\* 1111/);
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(/Galaxy A55 is out of stock\. Your payment has been refunded\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my cart' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });

  it('pays through the wallet provider from the toggle', async () => {
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: view('Open'),
      [`GET /paymentdetails/getItem/${CARD}`]: card,
      'POST /paypal-transaction-complete': view('Confirmed'),
    });
    page();
    fireEvent.click(await screen.findByText('PayPal'));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay with PayPal (sandbox)' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/Customer/OrderConfirmation/${CHECKOUT}`));
    expect(calls.find((c) => c.path === '/paypal-transaction-complete')?.body).toEqual({ checkoutId: CHECKOUT, deliveryAddress: HOME });
  });

  it('without a chosen delivery address, holds Pay and links back to choose one', async () => {
    sessionStorage.removeItem('market.deliveryAddress');
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: view('Open'),
      [`GET /paymentdetails/getItem/${CARD}`]: card,
    });
    page();
    fireEvent.change(await screen.findByLabelText('CVV'), { target: { value: '737' } });
    await screen.findByText(/\*\*\*\* 1111/);
    expect(screen.getByText('Choose a delivery address first')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose the address' })).toHaveAttribute('href', '/Customer/SelectPayment');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
  });
});

describe('order confirmation', () => {
  const receipt = {
    _id: 'hhhhhhhhhhhhhhhhhhhhhh01',
    RecieptNo: 'HCSEEL3SU4',
    PaymentType: 'Card',
    Amount: 365100,
    TransTime: '2026-11-24T10:00:00.000Z',
  };
  const page = () =>
    renderPage(<OrderConfirmation />, {
      kind: 'customer',
      path: `/Customer/OrderConfirmation/${CHECKOUT}`,
      pattern: 'OrderConfirmation/:checkoutId',
    });

  it('shows the order number and the receipt number, each explained, with the lines and where to go next', async () => {
    fakeGateway({ 'GET /Customer/me': CUSTOMER, [`GET /checkout/${CHECKOUT}`]: view('Confirmed', { receipt }) });
    page();
    expect(await screen.findByRole('heading', { name: 'Your Order has been placed Successfully' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent(CHECKOUT);
    expect(screen.getByText(/Every order card in My Orders and My Package Orders shows this number/)).toBeInTheDocument();
    expect(screen.getByTestId('receipt-number')).toHaveTextContent('HCSEEL3SU4');
    expect(screen.getByText(/The receipt of your payment of Rs\. 365,100\.00 by Card, listed in Payment history/)).toBeInTheDocument();
    expect(screen.getByText('Galaxy A55')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/Customer/MyOrders');
    expect(screen.getByRole('link', { name: 'Payment details' })).toHaveAttribute(
      'href',
      `/Customer/purchaseHistoryExtended/${receipt._id}`,
    );
  });

  it('shows where the order is delivered, or that no address was given', async () => {
    const DeliverTo = {
      recipient: 'Nimali Fernando',
      phone: '0712345678',
      line1: '45/2 Temple Road',
      line2: '',
      city: 'Kiribathgoda',
      district: 'Gampaha',
      postalCode: '11600',
    };
    fakeGateway({ 'GET /Customer/me': CUSTOMER, [`GET /checkout/${CHECKOUT}`]: view('Confirmed', { receipt, DeliverTo }) });
    const { unmount } = page();
    expect(await screen.findByTestId('deliver-to')).toHaveTextContent(
      'Nimali Fernando, 45/2 Temple Road, Kiribathgoda 11600, Gampaha District, 0712345678',
    );
    unmount();
    fakeGateway({ 'GET /Customer/me': CUSTOMER, [`GET /checkout/${CHECKOUT}`]: view('Confirmed', { receipt }) });
    page();
    expect(await screen.findByTestId('deliver-to')).toHaveTextContent('No delivery address given');
  });

  it('says when the order is still being confirmed', async () => {
    fakeGateway({ 'GET /Customer/me': CUSTOMER, [`GET /checkout/${CHECKOUT}`]: view('AwaitingStock', { receipt }) });
    page();
    expect(await screen.findByRole('heading', { name: 'Your order is being confirmed' })).toBeInTheDocument();
    expect(screen.getByTestId('order-number')).toHaveTextContent(CHECKOUT);
  });
});

describe('lines no longer sold and a cart changed meanwhile (issue 29 items 5 and 3)', () => {
  const I2 = 'i2';
  const twoLines = (status: string) =>
    view(status, {
      lines: [
        { kind: 'item', id: 'i1', name: 'Galaxy A55', image: '', quantity: 2, unitPrice: 95000, total: 190000 },
        { kind: 'item', id: I2, name: 'Xperia Z5', image: '', quantity: 1, unitPrice: 175000, total: 175000 },
      ],
    });
  const cart = (extra: object = {}) => ({
    _id: 'cccccccccccccccccccccc01',
    customerID: CUSTOMER._id,
    ItemIDs: ['i1', I2],
    PackageIDs: [],
    ItemQuantities: { i1: 2, [I2]: 1 },
    PackageQuantities: {},
    version: 7,
    ...extra,
  });
  const page = () => renderPage(<ConfirmPayment />, { kind: 'customer', path: `/Customer/Confrim/${CARD}`, pattern: 'Confrim/:cardId' });

  it('names the unavailable line at the lines, not under the CVV, and removes it from the cart and goes back to the cart', async () => {
    sessionStorage.setItem('market.checkoutFromCart', CHECKOUT);
    chosenAddress.set(CHECKOUT, HOME);
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: twoLines('Open'),
      [`GET /paymentdetails/getItem/${CARD}`]: card,
      [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: cart(),
      [`POST /checkout/${CHECKOUT}/pay`]: {
        status: 409,
        body: { error: 'Item is not available Right now!', fields: { line: I2 }, unavailable: { items: [I2], packages: [] } },
      },
      [`DELETE /ShoppingCart/cccccccccccccccccccccc01/lines/items/${I2}`]: cart({ ItemIDs: ['i1'], ItemQuantities: { i1: 2 }, version: 8 }),
    });
    page();
    await screen.findByText(/\*\*\*\* 1111/);
    fireEvent.change(screen.getByLabelText('CVV'), { target: { value: '737' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Item is not available Right now!');
    expect(alert).toHaveTextContent('Xperia Z5 can no longer be bought, so nothing was charged.');
    const row = screen.getByText('Not available right now').closest('tr')!;
    expect(row).toHaveTextContent('Xperia Z5');
    expect(screen.getByText('Galaxy A55').closest('tr')).not.toHaveTextContent('Not available right now');
    expect(screen.getByLabelText('CVV')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Remove it from my cart' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Customer/MyShoppingCart'));
    // One line removed, based on the version read; nothing else in the cart rewritten.
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /checkout/${CHECKOUT}/pay`,
      `DELETE /ShoppingCart/cccccccccccccccccccccc01/lines/items/${I2}?version=7`,
    ]);
    expect(sessionStorage.getItem('market.checkoutId')).toBeNull();
  });

  it('says before paying that the cart changed after the checkout started from it', async () => {
    sessionStorage.setItem('market.checkoutFromCart', CHECKOUT);
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: twoLines('Open'),
      [`GET /paymentdetails/getItem/${CARD}`]: card,
      // Another tab: one more Galaxy, the Xperia removed, a third item added.
      [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: cart({ ItemIDs: ['i1', 'i3'], ItemQuantities: { i1: 3, i3: 1 } }),
    });
    page();
    const notice = (await screen.findByText('Your cart changed after this checkout started')).closest<HTMLElement>('[role="status"]')!;
    expect(notice).toHaveTextContent('Galaxy A55: 3 in your cart now, 2 in this checkout.');
    expect(notice).toHaveTextContent('Xperia Z5 is no longer in your cart.');
    expect(notice).toHaveTextContent('1 line added to your cart is not in this checkout.');
    expect(screen.getByRole('link', { name: 'Back to my cart' })).toHaveAttribute('href', '/Customer/MyShoppingCart');
  });

  it('says nothing when the cart still matches, nor for a Buy Now checkout', async () => {
    sessionStorage.setItem('market.checkoutFromCart', CHECKOUT);
    const calls = fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: twoLines('Open'),
      [`GET /paymentdetails/getItem/${CARD}`]: card,
      [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: cart(),
    });
    const { unmount } = page();
    await screen.findByText(/\*\*\*\* 1111/);
    await waitFor(() => expect(calls.some((c) => c.path.startsWith('/ShoppingCart/getOneCart'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Your cart changed after this checkout started')).toBeNull();
    unmount();
    sessionStorage.removeItem('market.checkoutFromCart');
    fakeGateway({
      'GET /Customer/me': CUSTOMER,
      [`GET /checkout/${CHECKOUT}`]: twoLines('Open'),
      [`GET /paymentdetails/getItem/${CARD}`]: card,
      [`GET /ShoppingCart/getOneCart/${CUSTOMER._id}`]: cart({ ItemIDs: [] }),
    });
    page();
    await screen.findByText(/\*\*\*\* 1111/);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Your cart changed after this checkout started')).toBeNull();
  });
});
