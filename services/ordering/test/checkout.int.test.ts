/**
 * Checkout, cards and orders through the gateway on real servers: server-side
 * prices, wrong CVV, one set of orders for concurrent pays, the saga to Confirmed and Rejected
 * (with refund), an item made unavailable after pricing, scoping to the caller, seller status
 * changes, and no card number or CVC stored or logged.
 */
import { DELIVERY_AND_VAT, WRONG_CVV, ADD_ORDER_RETIRED, ITEM_UNAVAILABLE, CARD_EXPIRED } from '@market/contracts';
import { testServers, waitFor } from '@market/platform/testing';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FUTURE_EXPIRY,
  VISA,
  decided,
  listedItem,
  savedCard,
  startOrderingWorld,
  type CatalogueWorld,
  type CheckoutBody,
  type Client,
  packageBody,
} from '@market/testing';

let world: CatalogueWorld;
let seller: Client;
let sellerId: string;
let buyer: Client;
let buyerId: string;
let stranger: Client;

beforeAll(async () => {
  world = await startOrderingWorld();
  ({ client: seller, id: sellerId } = await world.newSeller());
  ({ client: buyer, id: buyerId } = await world.newCustomer());
  ({ client: stranger } = await world.newCustomer());
}, 180_000);

afterAll(async () => {
  await world?.stack.stop();
});

type Order = {
  _id: string;
  OrderID: string;
  status: string;
  OQuantity: number;
  TotalPrice: number;
  CustomerName: string;
  rejectionReason?: string;
};

describe('cards', () => {
  it('stores the type from the first digit, shows the number masked, and keeps each card to its owner', async () => {
    const add = await buyer.request('post', '/paymentdetails/add', {
      body: {
        cardowner: 'Nimal Perera',
        cardnumber: '5555 5555 5555 4444',
        carddate: FUTURE_EXPIRY,
        cardcvv: '123',
        cardtype: 'VISA',
        ownerID: 'someone-else',
      },
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({ cardtype: 'Master', cardnumber: '**** **** **** 4444', last4: '4444', ownerID: buyerId });
    expect(add.body).not.toHaveProperty('cardcvv');

    expect((await buyer.request('get', '/paymentdetails/getItem/{id}', { params: { id: add.body._id } })).status).toBe(200);
    expect((await stranger.request('get', '/paymentdetails/getItem/{id}', { params: { id: add.body._id } })).status).toBe(404);
    expect(
      (await stranger.request('put', '/paymentdetails/update/{id}', { params: { id: add.body._id }, body: { carddate: FUTURE_EXPIRY } }))
        .status,
    ).toBe(404);
    expect((await stranger.request('delete', '/paymentdetails/delete/{id}', { params: { id: add.body._id } })).status).toBe(404);
    const strangerList = await stranger.request('get', '/paymentdetails/get');
    expect(strangerList.body).toEqual([]);

    const edit = await buyer.request('put', '/paymentdetails/update/{id}', {
      params: { id: add.body._id },
      body: { carddate: '01/40', cardowner: 'N Perera' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ carddate: '01/40', cardowner: 'N Perera', last4: '4444' });

    expect((await buyer.request('delete', '/paymentdetails/delete/{id}', { params: { id: add.body._id } })).status).toBe(200);
    expect((await buyer.request('get', '/paymentdetails/getItem/{id}', { params: { id: add.body._id } })).status).toBe(404);
  });

  it('refuses bad card input with clear messages and changes nothing', async () => {
    const before = (await buyer.get<unknown[]>('/paymentdetails/get')).body.length;
    const expired = await buyer.post<{ error: string; fields: Record<string, string> }>('/paymentdetails/add', {
      cardowner: 'Nimal',
      cardnumber: VISA,
      carddate: '01/20',
      cardcvv: '123',
    });
    expect(expired.status).toBe(400);
    expect(expired.body.fields.carddate).toBe(CARD_EXPIRED);
    const luhn = await buyer.post<{ fields: Record<string, string> }>('/paymentdetails/add', {
      cardowner: 'Nimal',
      cardnumber: '4111 1111 1111 1112',
      carddate: FUTURE_EXPIRY,
      cardcvv: '123',
    });
    expect(luhn.status).toBe(400);
    expect(luhn.body.fields.cardnumber).toBe('Invalid card number');
    expect((await buyer.post('/paymentdetails/add', { cardowner: 'x', cardnumber: 42, carddate: [], cardcvv: {} })).status).toBe(400);
    expect((await buyer.request('get', '/paymentdetails/getItem/{id}', { params: { id: 'not-an-id' } })).status).toBe(404);
    expect((await buyer.get<unknown[]>('/paymentdetails/get')).body.length).toBe(before);
    expect((await seller.request('get', '/paymentdetails/get')).status).toBe(403);
  });
});

describe('checkout', () => {
  it('prices on the server, refuses a wrong CVV without placing anything, then confirms through the saga', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 1000, Quantity: 5 });
    const card = await savedCard(buyer, '737');
    const session = await buyer.call<CheckoutBody>('POST', '/checkout/session', {
      items: [{ itemId, quantity: 2, price: 1, FinalPrice: 1 }],
      Amount: 1,
      totalPrice: 1,
    });
    expect(session.status).toBe(201);
    expect(session.body).toMatchObject({ status: 'Open', Subtotal: 2000, Amount: 2000 + DELIVERY_AND_VAT });
    const { checkoutId } = session.body;

    const wrong = await buyer.post<{ error: string }>(`/checkout/${checkoutId}/pay`, { cardId: card, cvv: '738' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(WRONG_CVV);
    expect((await buyer.request('get', '/checkout/{checkoutId}', { params: { checkoutId } })).body.status).toBe('Open');
    expect((await buyer.request('get', '/Orders/getOrders', { query: { OrderID: checkoutId } })).body).toEqual([]);

    const paid = await buyer.request('post', '/checkout/{checkoutId}/pay', { params: { checkoutId }, body: { cardId: card, cvv: '737' } });
    expect(paid.status).toBe(200);
    expect(paid.body.receipt).toMatchObject({ PaymentType: 'Card', Amount: 2100 });
    expect(paid.body.receipt!.RecieptNo).toMatch(/^[A-Z0-9]{10}$/);

    const done = await decided(buyer, checkoutId);
    expect(done.status).toBe('Confirmed');
    const orders = (await buyer.get<Order[]>(`/Orders/getOrders?OrderID=${checkoutId}`)).body;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'Confirmed', OQuantity: 2, TotalPrice: 2000, CustomerName: 'Nimal Perera' });
    const stock = await world.customer.request('get', '/items/get/{id}', { params: { id: itemId } });
    expect(stock.body.Quantity).toBe(3);

    const history = await buyer.get<{ _id: string; RecieptNo: string; Amount: number; status: string; ItemList: string[] }[]>(
      `/orderhistory/getItems?q=${paid.body.receipt!.RecieptNo}`,
    );
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ Amount: 2100, status: 'Paid', ItemList: [itemId] });
    expect((await buyer.request('get', '/orderhistory/get/{id}', { params: { id: history.body[0]!._id } })).status).toBe(200);
    expect((await stranger.request('get', '/orderhistory/get/{id}', { params: { id: history.body[0]!._id } })).status).toBe(404);
    expect((await stranger.request('get', '/checkout/{checkoutId}', { params: { checkoutId } })).status).toBe(404);
    expect((await stranger.request('get', '/Orders/getOrders', { query: { OrderID: checkoutId } })).body).toEqual([]);
    const cus = await buyer.get<{ CustomerID: string; Orders: string[] }[]>('/customerOrders/getCusOrder');
    expect(cus.body[0]!.Orders).toContain(checkoutId);

    // Paying again (a retry, a second tab) answers the same result and places nothing more.
    const again = await buyer.request('post', '/checkout/{checkoutId}/pay', { params: { checkoutId }, body: { cardId: card, cvv: '737' } });
    expect(again.body.receipt!.RecieptNo).toBe(paid.body.receipt!.RecieptNo);
    expect((await buyer.request('get', '/Orders/getOrders', { query: { OrderID: checkoutId } })).body).toHaveLength(1);
  });

  it('places the orders once when the same checkout is paid twice at the same moment', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 500, Quantity: 10 });
    const card = await savedCard(buyer);
    const { body } = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
    const [a, b, c] = await Promise.all([
      buyer.request('post', '/checkout/{checkoutId}/pay', { params: { checkoutId: body.checkoutId }, body: { cardId: card, cvv: '737' } }),
      buyer.request('post', '/checkout/{checkoutId}/pay', { params: { checkoutId: body.checkoutId }, body: { cardId: card, cvv: '737' } }),
      buyer.request('post', '/paypal-transaction-complete', { body: { checkoutId: body.checkoutId } }),
    ]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a, b, c].map((r) => r.body.receipt!.RecieptNo)).size).toBe(1);
    await decided(buyer, body.checkoutId);
    expect((await buyer.request('get', '/Orders/getOrders', { query: { OrderID: body.checkoutId } })).body).toHaveLength(1);
    const receipts = await buyer.request('get', '/orderhistory/getItems', { query: { q: a.body.receipt!.RecieptNo } });
    expect(receipts.body).toHaveLength(1);
    expect((await world.customer.request('get', '/items/get/{id}', { params: { id: itemId } })).body.Quantity).toBe(9);
  });

  it('answers the same checkout for a repeated Idempotency-Key', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 750 });
    const key = { 'Idempotency-Key': `cart-attempt-${Date.now()}` };
    const first = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] }, headers: key });
    const second = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] }, headers: key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.checkoutId).toBe(first.body.checkoutId);
    // Another customer's same key is another checkout.
    const theirs = await stranger.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] }, headers: key });
    expect(theirs.body.checkoutId).not.toBe(first.body.checkoutId);
  });

  it('pays with the wallet provider the real server-computed amount', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 12345.5 });
    const { body } = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 3 }] } });
    const paid = await buyer.post<CheckoutBody>('/paypal-transaction-complete', { checkoutId: body.checkoutId, amount: 100 });
    expect(paid.status).toBe(200);
    expect(paid.body.receipt).toMatchObject({ PaymentType: 'PayPal', Amount: 12345.5 * 3 + DELIVERY_AND_VAT });
    expect((await decided(buyer, body.checkoutId)).status).toBe('Confirmed');
  });

  it('rejects and refunds the second of two checkouts for the last unit, naming the line', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 900, Quantity: 1, Item_name: 'Last Pixel' });
    const card = await savedCard(buyer);
    const one = (await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } })).body;
    const two = (await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } })).body;
    // Both are paid while the unit is still on sale, so catalogue decides: one gets it.
    const pays = await Promise.all(
      [one, two].map((c) =>
        buyer.request('post', '/checkout/{checkoutId}/pay', { params: { checkoutId: c.checkoutId }, body: { cardId: card, cvv: '737' } }),
      ),
    );
    expect(pays.map((p) => p.status)).toEqual([200, 200]);
    const outcomes = await Promise.all([one, two].map((c) => decided(buyer, c.checkoutId)));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['Confirmed', 'Rejected']);
    const outcome = outcomes.find((o) => o.status === 'Rejected')!;
    const pay2 = pays.find((p) => p.body.checkoutId === outcome.checkoutId)!;
    expect(outcome.rejection!.message).toContain('Last Pixel');
    // The last unit also made the item unavailable, so either reason names the sold-out line.
    expect(['out-of-stock', 'unavailable']).toContain(outcome.rejection!.reason);
    const orders = (await buyer.get<Order[]>(`/Orders/getOrders?OrderID=${outcome.checkoutId}`)).body;
    expect(orders[0]).toMatchObject({ status: 'Rejected' });
    expect(orders[0]!.rejectionReason).toContain('refunded');
    // The payment history is a read model the saga's refund reaches within about a second.
    await waitFor(
      async () =>
        (await buyer.get<{ status: string }[]>(`/orderhistory/getItems?q=${pay2.body.receipt!.RecieptNo}`)).body[0]?.status ===
          'Refunded' || undefined,
      20_000,
      150,
      'the refunded record in the history',
    );
  });

  it('refuses to take payment for an item made unavailable after the checkout was priced', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 400 });
    const card = await savedCard(buyer);
    const { body } = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
    const item = (await seller.request('get', '/items/get/{id}', { params: { id: itemId } })).body;
    const edit = await seller.request('put', '/items/update/{id}', {
      params: { id: itemId },
      body: { ...pick(item), ItemAvailabilityStatus: false },
    });
    expect(edit.status).toBe(200);
    // Wait until ordering has applied ItemUpdated: a new checkout for the item is refused.
    const fresh = await waitFor(
      async () => {
        const r = await buyer.post<{ error: string }>('/checkout/session', { items: [{ itemId, quantity: 1 }] });
        return r.status === 409 ? r : undefined;
      },
      15_000,
      150,
      'the item to be unavailable in ordering',
    );
    expect(fresh.body.error).toBe(ITEM_UNAVAILABLE);
    const refused = await buyer.post<{ error: string }>(`/checkout/${body.checkoutId}/pay`, { cardId: card, cvv: '737' });
    expect(refused.status).toBe(409);
    // The documents' message, and the line named so the web app can show it there (issue 29 item 5).
    expect(refused.body).toEqual({
      error: ITEM_UNAVAILABLE,
      code: 'item-unavailable',
      fields: { line: itemId },
      unavailable: { items: [itemId], packages: [] },
    });
    const byWallet = await buyer.post('/paypal-transaction-complete', { checkoutId: body.checkoutId });
    expect(byWallet.status).toBe(409);
    expect(byWallet.body).toEqual(refused.body);
    expect((await buyer.request('get', '/checkout/{checkoutId}', { params: { checkoutId: body.checkoutId } })).body.status).toBe('Open');
  });

  it('refuses empty, malformed and foreign checkouts with clear errors', async () => {
    expect((await buyer.post<{ error: string }>('/checkout/session', { items: [], packages: [] })).body.error).toBe('Your cart is empty');
    expect((await buyer.post('/checkout/session', { items: [{ itemId: 'x', quantity: 0 }] })).status).toBe(400);
    expect((await buyer.post('/checkout/session', 'not json')).status).toBe(400);
    expect(
      (await buyer.request('post', '/checkout/{checkoutId}/pay', { params: { checkoutId: 'NOPE' }, body: { paymentType: 'wallet' } }))
        .status,
    ).toBe(404);
    expect((await buyer.post('/checkout/../../etc/pay', { paymentType: 'wallet' })).status).toBe(404);
    expect((await seller.request('post', '/checkout/session', { body: { items: [] } })).status).toBe(403);
    for (const path of ['/Orders/addOrder', '/PackageOrders/addOrder', '/orderhistory/addItems']) {
      const r = await world.admin.post<{ error: string }>(path, { OrderID: 'x', Items: [], Amount: 1 });
      expect(r.status).toBe(410);
      expect(r.body.error).toBe(ADD_ORDER_RETIRED);
    }
  });
});

describe('seller order screens', () => {
  it('shows a seller the orders of their items, lets them ship and deliver, and the customer sees the status', async () => {
    const itemId = await listedItem(seller, buyer, { Price: 2500, Quantity: 4 });
    const { body } = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
    await buyer.request('post', '/paypal-transaction-complete', { body: { checkoutId: body.checkoutId } });
    await decided(buyer, body.checkoutId);

    const mine = await seller.get<{ items: Order[]; total: number }>(`/Orders/getOrders?OrderID=${body.checkoutId}&page=1&limit=10`);
    expect(mine.body.total).toBe(1);
    const order = mine.body.items[0]!;
    expect(order.CustomerName).toBe('Nimal Perera');
    const other = (await world.newSeller()).client;
    expect((await other.request('get', '/Orders/getOrders', { query: { OrderID: body.checkoutId } })).body).toEqual([]);
    expect((await other.request('put', '/Orders/status/{id}', { params: { id: order._id }, body: { status: 'Shipped' } })).status).toBe(
      404,
    );
    expect((await buyer.request('put', '/Orders/status/{id}', { params: { id: order._id }, body: { status: 'Shipped' } })).status).toBe(
      403,
    );

    expect((await seller.request('put', '/Orders/status/{id}', { params: { id: order._id }, body: { status: 'Delivered' } })).status).toBe(
      409,
    );
    expect((await seller.put(`/Orders/status/${order._id}`, { status: 'Lost' })).status).toBe(400);
    expect(
      (await seller.request('put', '/Orders/status/{id}', { params: { id: order._id }, body: { status: 'Shipped' } })).body.status,
    ).toBe('Shipped');
    expect((await buyer.get<Order[]>(`/Orders/getOrders?OrderID=${body.checkoutId}`)).body[0]!.status).toBe('Shipped');
    expect(
      (await seller.request('put', '/Orders/status/{id}', { params: { id: order._id }, body: { status: 'Delivered' } })).body.status,
    ).toBe('Delivered');
    expect((await seller.request('put', '/Orders/status/{id}', { params: { id: order._id }, body: { status: 'Cancelled' } })).status).toBe(
      409,
    );

    const month = String(new Date().getMonth() + 1).padStart(2, '0');
    const thisMonth = await seller.get<Order[]>(`/Orders/getOrders?month=${month}`);
    expect(thisMonth.body.some((o) => o._id === order._id)).toBe(true);
    const otherMonth = String(((new Date().getMonth() + 6) % 12) + 1).padStart(2, '0');
    expect((await seller.get<Order[]>(`/Orders/getOrders?month=${otherMonth}`)).body.some((o) => o._id === order._id)).toBe(false);
    expect((await seller.request('get', '/orderhistory/getItems')).status).toBe(403);
    void sellerId;
  });

  it('creates a package order with the seller company on its card', async () => {
    const a = await listedItem(seller, buyer, { Price: 100, Quantity: 10, Item_name: 'Controller' });
    const b = await listedItem(seller, buyer, { Price: 200, Quantity: 10, Item_name: 'Headset' });
    const pkg = await seller.request('post', '/Packages/addPackage', {
      body: packageBody([a, b], {
        packageName: 'Gamer Bundle',
        description: 'Controller and headset',
        price: 250,
        image: `${'b'.repeat(64)}.webp`,
      }),
    });
    expect(pkg.status).toBe(201);
    const session = await waitFor(
      async () => {
        const r = await buyer.request('post', '/checkout/session', { body: { packages: [{ packageId: pkg.body._id, quantity: 2 }] } });
        return r.status === 201 ? r.body : undefined;
      },
      20_000,
      150,
      'the package in the read model',
    );
    expect(session.Amount).toBe(500 + DELIVERY_AND_VAT);
    await buyer.request('post', '/paypal-transaction-complete', { body: { checkoutId: session.checkoutId } });
    expect((await decided(buyer, session.checkoutId)).status).toBe('Confirmed');
    const orders = await buyer.get<
      {
        _id: string;
        Packages: { packageName: string; content: { Item_name: string }[] }[];
        SellerCompany: { companyname: string };
        TotalPrice: number;
      }[]
    >(`/PackageOrders/getOrders?OrderID=${session.checkoutId}`);
    expect(orders.body).toHaveLength(1);
    expect(orders.body[0]!.Packages[0]!.content.map((c) => c.Item_name)).toEqual(['Controller', 'Headset']);
    expect(orders.body[0]!.SellerCompany.companyname).toMatch(/^Tech Hub/);
    expect(orders.body[0]!.TotalPrice).toBe(500);
    // The seller's status change answers the same card, company included.
    const shipped = await seller.put<{ _id: string; status: string; SellerCompany: { companyname: string } }>(
      `/PackageOrders/status/${orders.body[0]!._id}`,
      { status: 'Shipped' },
    );
    expect(shipped.body.status).toBe('Shipped');
    expect(shipped.body.SellerCompany).toEqual(orders.body[0]!.SellerCompany);
    // Each package took its items: 2 packages → 2 of each.
    expect((await world.customer.request('get', '/items/get/{id}', { params: { id: a } })).body.Quantity).toBe(8);
  });
});

describe('card secrets', () => {
  it('never stores or logs the full card number or the CVC', async () => {
    const conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
    try {
      const db = conn.useDb(`ordering-${world.stack.dbSuffix}`);
      const collections = await db.db!.listCollections().toArray();
      let scanned = 0;
      for (const { name } of collections) {
        const docs = await db.db!.collection(name).find({}).toArray();
        scanned += docs.length;
        const text = JSON.stringify(docs);
        expect(text).not.toContain('4111111111111111');
        expect(text).not.toContain('5555555555554444');
        expect(text).not.toMatch(/cardcvv|"cvv"/i);
      }
      expect(scanned).toBeGreaterThan(0);
    } finally {
      await conn.close();
    }
    for (const p of Object.values(world.stack.processes)) {
      expect(p.output()).not.toContain('4111111111111111');
      expect(p.output()).not.toContain('4111 1111 1111 1111');
    }
  });
});

/** The editable fields of an item as the update route takes them. */
function pick(item: Record<string, unknown>) {
  const keys = [
    'Item_name',
    'Brand',
    'Quantity',
    'Price',
    'Description',
    'Specification',
    'WHT',
    'Warrenty',
    'Color_family',
    'Other_colors',
    'Images',
    'Category',
    'ItemAvailabilityStatus',
  ];
  return Object.fromEntries(keys.filter((k) => item[k] !== undefined).map((k) => [k, item[k]]));
}
