/**
 * Shared set-up of the ordering tests: identity, the e-mail worker, catalogue, cart and ordering
 * behind a gateway (real Kafka, FerretDB, Redis, MailDev); a seller with items; helpers to wait
 * for the read models and the saga.
 */
import { waitFor } from '@market/platform/testing';
import assert from 'node:assert/strict';
import { itemBody, startCatalogueWorld, type CatalogueWorld } from './catalogue';
import { Client } from './client';
import { newCustomer } from './identity';

export const startOrderingWorld = (): Promise<CatalogueWorld> => startCatalogueWorld(['ordering']);

/**
 * A customer registered and signed in through the gateway, with what the tests check against: the
 * id, the e-mail address their mails go to and the password (e.g. to delete the account).
 * @throws when the registration or the sign-in does not answer 201 / 200
 */
export async function signedInCustomer(world: CatalogueWorld): Promise<{ client: Client; id: string; email: string; password: string }> {
  const body = newCustomer();
  const client = new Client(world.stack.gatewayUrl);
  assert.equal((await client.request('post', '/Customer/add', { body })).status, 201);
  const login = await client.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
  assert.equal(login.status, 200);
  return { client, id: login.body.customerLogin._id, email: body.email, password: body.password };
}

/** A valid Visa test number (Luhn-valid). */
export const VISA = '4111 1111 1111 1111';
/** An expiry two years ahead, MM/YY. */
export const FUTURE_EXPIRY = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

export interface CheckoutBody {
  checkoutId: string;
  OrderID: string;
  status: string;
  Amount: number;
  Subtotal: number;
  lines: { kind: string; id: string; name: string; quantity: number; unitPrice: number; total: number }[];
  receipt?: { _id: string; RecieptNo: string; PaymentType: string; Amount: number };
  rejection?: { itemId: string; message: string; reason: string };
}

/** Adds an item as `seller` and waits until ordering can price it (ItemCreated applied). */
export async function listedItem(seller: Client, buyer: Client, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await seller.request('post', '/items/addItems', { body: itemBody(overrides) });
  assert.equal(res.status, 201);
  await priceable(buyer, res.body._id);
  return res.body._id;
}

/** Waits until ordering's read model knows the item (a checkout for it is accepted). */
export async function priceable(buyer: Client, itemId: string): Promise<void> {
  await waitFor(
    async () => {
      const r = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
      return r.status === 201 ? true : undefined;
    },
    20_000,
    150,
    `item ${itemId} in ordering's read model`,
  );
}

let cardsMade = 0;

/**
 * A Luhn-valid 16-digit Visa test number, another one on each call (`4111 1111 11nn nnnc`), so a
 * customer can save several cards: saving the same number and expiry twice answers 409.
 */
export function nextVisa(): string {
  const body = `4111111111${String(cardsMade++ % 100_000).padStart(5, '0')}`;
  let sum = 0;
  // Luhn: from the right of the full number, every second digit doubled; the check digit is the first.
  for (let i = 0; i < 15; i++) {
    let d = Number(body[14 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  const digits = `${body}${(10 - (sum % 10)) % 10}`;
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Adds a card (a new number each call, {@link nextVisa}) and answers its id. */
export async function savedCard(customer: Client, cvv = '737'): Promise<string> {
  const res = await customer.request('post', '/paymentdetails/add', {
    body: { cardowner: 'Nimal Perera', cardnumber: nextVisa(), carddate: FUTURE_EXPIRY, cardcvv: cvv },
  });
  assert.equal(res.status, 201);
  return res.body._id;
}

/**
 * Waits until the checkout's saga has decided and its orders and payment-history record show the outcome (the checkout
 * records the decision first; its orders follow in the same handler, a moment later).
 */
export async function decided(customer: Client, checkoutId: string): Promise<CheckoutBody> {
  return waitFor(
    async () => {
      const r = await customer.request('get', '/checkout/{checkoutId}', { params: { checkoutId } });
      if (r.body.status !== 'Confirmed' && r.body.status !== 'Rejected') return undefined;
      for (const list of ['/Orders/getOrders', '/PackageOrders/getOrders'] as const) {
        // Asked by OrderID without a page: the bare array of the list's answer.
        const orders = (await customer.request('get', list, { query: { OrderID: checkoutId } })).body as { status: string }[];
        if (orders.some((o) => o.status === 'AwaitingStock')) return undefined;
      }
      // The payment history says the decision too (AwaitingStock until then; issue 30 item 5).
      const receipt = (r.body as CheckoutBody).receipt?.RecieptNo;
      if (receipt) {
        const history = (await customer.request('get', '/orderhistory/getItems', { query: { q: receipt } })).body as { status: string }[];
        if (history.some((h) => h.status === 'AwaitingStock')) return undefined;
      }
      return r.body as CheckoutBody;
    },
    20_000,
    100,
    `checkout ${checkoutId} decided`,
  );
}

/** A delivery address in Colombo district that cash-on-delivery test checkouts are paid to. */
export const TEST_DELIVERY_ADDRESS = {
  recipient: 'Kasun Perera',
  phone: '0771234567',
  line1: '12 Galle Road',
  line2: '',
  city: 'Dehiwala',
  district: 'Colombo',
  postalCode: '10350',
} as const;

/**
 * A checkout of `quantity` of item `itemId` paid by cash on delivery to {@link TEST_DELIVERY_ADDRESS}
 * and confirmed by the saga (issue 29): its id, its first item order line (`<id>-I1`) and its
 * payment-history record's id (the pay answer's receipt).
 * @throws when the session, the pay or the decision is not 201 / 200 / Confirmed
 */
export async function confirmedCodLine(
  customer: Client,
  itemId: string,
  quantity = 1,
): Promise<{ checkoutId: string; lineId: string; receiptId: string }> {
  const session = await customer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity }] } });
  assert.equal(session.status, 201);
  const { checkoutId } = session.body as { checkoutId: string };
  const paid = await customer.request('post', '/checkout/{checkoutId}/pay', {
    params: { checkoutId },
    body: { paymentType: 'cod', deliveryAddress: { ...TEST_DELIVERY_ADDRESS } } as never,
  });
  assert.equal(paid.status, 200);
  assert.equal((await decided(customer, checkoutId)).status, 'Confirmed');
  return { checkoutId, lineId: `${checkoutId}-I1`, receiptId: (paid.body as { receipt: { _id: string } }).receipt._id };
}
