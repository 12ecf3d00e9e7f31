/**
 * Mass assignment (docs/architecture.md, Validation: bodies are parsed by zod
 * schemas that name what a client may set; server-owned fields are never taken from a body;
 * spec 000/001 for the documented field names): create and update bodies carrying extra fields
 * (role/userType, `_id`, prices and totals, `reviewstatus`, `requestDelete`, `acceptedDate`,
 * seller and order status, someone else's sellerId/customerId) change nothing they should not,
 * checked by a read afterwards, through the real gateway and services.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemBody,
  startCatalogueWorld,
  type CatalogueWorld,
  type Client,
  newCustomer,
  newSellerRequest,
  decided,
  listedItem,
  savedCard,
  type CheckoutBody,
  colomboDay,
} from '@market/testing';
import { waitFor } from '@market/platform/testing';
import { saveStackLogs } from './world';

const FOREIGN_ID = '0123456789abcdef01234567';
let world: CatalogueWorld;
let anonymous: Client;
let alice: { client: Client; id: string };
let bob: { client: Client; id: string };
let seller: { client: Client; id: string };
let other: { client: Client; id: string };

beforeAll(async () => {
  world = await startCatalogueWorld(['cart', 'ordering', 'reviews']);
  anonymous = new (world.customer.constructor as new (url: string) => Client)(world.stack.gatewayUrl);
  [alice, bob, seller, other] = await Promise.all([world.newCustomer(), world.newCustomer(), world.newSeller(), world.newSeller()]);
  seller.id = (await seller.client.request('get', '/orgSeller/me')).body._id;
  other.id = (await other.client.request('get', '/orgSeller/me')).body._id;
}, 300_000);

afterAll(async () => {
  if (world) saveStackLogs(world, 'mass-assignment');
  await world?.stack.stop();
});

describe('identity', () => {
  it('cannot register as an admin or choose its own id', async () => {
    const body = newCustomer({ role: 'admin', userType: 'admin', isAdmin: true, _id: FOREIGN_ID, newlyAddeddate: '2000-01-01' });
    const created = await anonymous.post<{ _id: string }>('/Customer/add', body);
    expect(created.status).toBe(201);
    expect(created.body._id).not.toBe(FOREIGN_ID);
    const client = new (world.customer.constructor as new (url: string) => Client)(world.stack.gatewayUrl);
    const login = await client.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
    expect(login.status).toBe(200);
    expect((await client.request('get', '/Admin/me')).status).toBe(403);
    expect((await client.request('get', '/Customer/getAll')).status).toBe(403);
    const me = await client.request('get', '/Customer/me');
    expect(me.body._id).not.toBe(FOREIGN_ID);
    expect(me.body.newlyAddeddate.slice(0, 4)).not.toBe('2000');
    // The admin login does not know this account either.
    expect(
      (await anonymous.request('post', '/Admin/loginAdmin', { body: { username: body.username, password: body.password } })).status,
    ).toBe(401);
  });

  it('ignores email, username, role and _id in a profile update', async () => {
    const before = await alice.client.request('get', '/Customer/get/{id}', { params: { id: alice.id } });
    const { email: _e, username: _u, password: _p, ...profile } = newCustomer();
    const res = await alice.client.put(`/Customer/update/${alice.id}`, {
      ...profile,
      firstName: 'Kasun',
      email: 'someone.else@example.lk',
      username: 'takenover',
      role: 'admin',
      _id: FOREIGN_ID,
      newlyAddeddate: '2000-01-01',
    });
    expect(res.status).toBe(200);
    const after = await alice.client.request('get', '/Customer/get/{id}', { params: { id: alice.id } });
    // Only the first name changed (and the version the write took the account to).
    expect(after.body).toEqual({ ...before.body, firstName: 'Kasun', version: (before.body.version ?? 0) + 1 });
    expect((await alice.client.request('get', '/Admin/me')).status).toBe(403);
  });

  it('a seller application cannot accept itself, and a seller cannot set its own status fields', async () => {
    const request = newSellerRequest({
      status: 'accepted',
      accepted: true,
      acceptedDate: '2000-01-01',
      requestDelete: true,
      _id: FOREIGN_ID,
      username: 'selfmade',
      password: 'Self#1234',
    });
    const applied = await anonymous.post<{ _id: string }>('/seller/add', request);
    expect(applied.status).toBe(201);
    expect(applied.body._id).not.toBe(FOREIGN_ID);
    // Still a request waiting for an admin; no seller account, no login with chosen credentials.
    expect((await world.admin.request('get', '/seller/get/{id}', { params: { id: applied.body._id } })).status).toBe(200);
    expect(
      (await anonymous.request('post', '/orgSeller/loginSeller', { body: { username: 'selfmade', password: 'Self#1234' } })).status,
    ).toBe(401);
    const sellers = await world.admin.get<{ _id: string; email: string }[]>('/orgseller/get');
    expect(sellers.body.some((s) => s.email === request.email)).toBe(false);

    const before = await seller.client.get<Record<string, unknown>>('/orgSeller/me');
    const { email: _e, ...profile } = newSellerRequest({ companyname: 'Renamed Ltd' });
    const res = await seller.client.put(`/orgSeller/update/${seller.id}`, {
      ...profile,
      email: 'new@example.lk',
      requestDelete: true,
      acceptedDate: '2000-01-01',
      status: 'admin',
      role: 'admin',
      username: 'renamed',
      _id: FOREIGN_ID,
    });
    expect(res.status).toBe(200);
    const after = await seller.client.get<Record<string, unknown>>('/orgSeller/me');
    for (const k of ['_id', 'email', 'requestDelete', 'acceptedDate', 'username']) expect(after.body[k], k).toEqual(before.body[k]);
    expect(after.body.companyname).toBe('Renamed Ltd');
    expect((await seller.client.request('get', '/Admin/me')).status).toBe(403);
  });
});

describe('catalogue', () => {
  it("an item belongs to its seller and its FinalPrice, rating and discount are the server's", async () => {
    const res = await seller.client.post<{ _id: string }>(
      '/items/addItems',
      itemBody({
        Price: 5000,
        FinalPrice: 1,
        DiscountStatus: true,
        DiscountPrecentage: 80,
        rating: 5,
        reviewCount: 99,
        SellerID: other.id,
        sellerId: other.id,
        seller: other.id,
        _id: FOREIGN_ID,
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body._id).not.toBe(FOREIGN_ID);
    const item = await anonymous.request('get', '/items/get/{id}', { params: { id: res.body._id } });
    expect(item.body).toMatchObject({ Price: 5000, FinalPrice: 5000, DiscountStatus: false });
    expect(item.body.reviewCount ?? 0).toBe(0);
    expect(item.body.rating ?? null).toBeNull();
    // It is the caller's: the other seller cannot edit it, the caller can.
    expect((await other.client.put(`/items/update/${res.body._id}`, itemBody())).status).toBe(404);
    const discounted = await seller.client.put(`/items/updateDiscount/${res.body._id}`, {
      DiscountStatus: true,
      DiscountPrecentage: 10,
      FinalPrice: 1,
      Price: 1,
    });
    expect(discounted.status).toBe(200);
    expect((await anonymous.request('get', '/items/get/{id}', { params: { id: res.body._id } })).body).toMatchObject({
      Price: 5000,
      FinalPrice: 4500,
    });
  });

  it('a package belongs to its seller, whatever the body says', async () => {
    const itemId = (await seller.client.request('post', '/items/addItems', { body: itemBody() })).body._id;
    const res = await seller.client.post<{ _id: string }>('/Packages/addPackage', {
      packageName: 'Owner Test',
      description: 'One item',
      price: 1000,
      startDate: colomboDay(-1),
      endDate: colomboDay(365),
      image: `${'a'.repeat(64)}.webp`,
      content: [itemId],
      seller: other.id,
      sellerId: other.id,
      _id: FOREIGN_ID,
    });
    expect(res.status).toBe(201);
    expect(res.body._id).not.toBe(FOREIGN_ID);
    expect((await other.client.request('delete', '/Packages/deletePackage/{id}', { params: { id: res.body._id } })).status).toBe(404);
    expect((await anonymous.request('get', '/Packages/getPackage/{id}', { params: { id: res.body._id } })).status).toBe(200);
  });
});

describe('cart, cards and checkout', () => {
  it("a customer's cart and card never land on someone else's account", async () => {
    const itemId = await listedItem(seller.client, alice.client, { Price: 2000 });
    const bobCartBefore = await bob.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: bob.id } });
    const created = await alice.client.post<{ customerID: string }>('/ShoppingCart/createrCart', { customerID: bob.id, ItemIDs: [itemId] });
    expect(created.status).toBeLessThan(300);
    expect(created.body.customerID).toBe(alice.id);
    expect((await bob.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: bob.id } })).body).toEqual(
      bobCartBefore.body,
    );

    const card = await alice.client.post<{ _id: string }>('/paymentdetails/add', {
      cardowner: 'Nimal Perera',
      cardnumber: '4111 1111 1111 1111',
      carddate: `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`,
      cardcvv: '123',
      ownerID: bob.id,
      cardtype: 'Amex',
    });
    expect(card.status).toBe(201);
    expect((await bob.client.request('get', '/paymentdetails/get')).body).toEqual([]);
    const mine = await alice.client.request('get', '/paymentdetails/getItem/{id}', { params: { id: card.body._id } });
    expect(mine.status).toBe(200);
    expect(mine.body.cardtype).not.toBe('Amex'); // the type follows the first digit
    expect(JSON.stringify(mine.body)).not.toMatch(/4111 ?1111 ?1111/);
    expect(JSON.stringify(mine.body)).not.toContain('"123"');
  });

  it('the charged amount follows catalogue prices, not the body', async () => {
    const itemId = await listedItem(seller.client, alice.client, { Price: 3000 });
    const session = await alice.client.post<CheckoutBody>('/checkout/session', {
      items: [{ itemId, quantity: 2, unitPrice: 1, total: 2, FinalPrice: 1, price: 1 }],
      Amount: 1,
      Subtotal: 1,
      total: 1,
      status: 'Confirmed',
      customerId: bob.id,
    });
    expect(session.status).toBe(201);
    expect(session.body.status).toBe('Open');
    expect(session.body.lines[0]).toMatchObject({ unitPrice: 3000, total: 6000 });
    expect(session.body.Subtotal).toBe(6000);
    expect(session.body.Amount).toBeGreaterThan(6000); // + delivery and VAT
    const cardId = await savedCard(alice.client);
    const paid = await alice.client.post(`/checkout/${session.body.checkoutId}/pay`, { cardId, cvv: '737', Amount: 1, amount: 1 });
    expect(paid.status).toBeLessThan(300);
    const done = await decided(alice.client, session.body.checkoutId);
    expect(done.status).toBe('Confirmed');
    expect(done.Amount).toBe(session.body.Amount);
    expect(done.receipt?.Amount).toBe(session.body.Amount);
    const history = await alice.client.get<{ Amount: number; RecieptNo: string }[]>('/orderhistory/getItems');
    expect(history.body.find((h) => h.RecieptNo === done.receipt!.RecieptNo)?.Amount).toBe(session.body.Amount);
    // Bob's account gained nothing.
    expect((await bob.client.request('get', '/Orders/getOrders', { query: { OrderID: session.body.checkoutId } })).body).toEqual([]);

    // A seller's status change carries only the status.
    const [order] = (await seller.client.get<Record<string, unknown>[]>(`/Orders/getOrders?OrderID=${session.body.checkoutId}`)).body;
    expect(order).toBeDefined();
    const moved = await seller.client.put(`/Orders/status/${String(order!._id)}`, {
      status: 'Shipped',
      Amount: 1,
      CustomerID: bob.id,
      SellerID: other.id,
    });
    expect(moved.status).toBe(200);
    const [after] = (await seller.client.get<Record<string, unknown>[]>(`/Orders/getOrders?OrderID=${session.body.checkoutId}`)).body;
    expect(after!.status).toBe('Shipped');
    // Everything else is as before (timestamps of the move aside).
    for (const [k, v] of Object.entries(order!)) if (!MOVED_ON_STATUS.includes(k)) expect(after![k], k).toEqual(v);
  });
});

/** Fields a status change itself moves. */
const MOVED_ON_STATUS = ['status', 'updatedAt', 'TransitTime', 'statusChangedAt', 'aggregateVersion', 'version', 'Timeline'];

describe('reviews', () => {
  it("a customer cannot set a review's status, date or author", async () => {
    const itemId = (await seller.client.request('post', '/items/addItems', { body: itemBody() })).body._id;
    const review = await waitFor(
      async () => {
        const r = await alice.client.post<Record<string, unknown>>('/review/add', {
          itemid: itemId,
          noofstars: 5,
          description: 'Great',
          reviewstatus: true,
          reportreason: 'planted',
          customerid: bob.id,
          date: '1999-01-01',
          _id: FOREIGN_ID,
        });
        return r.status === 404 ? undefined : r;
      },
      20_000,
      150,
      'the item in the reviews read model',
    );
    expect(review.status).toBe(201);
    expect(review.body).toMatchObject({ customerid: alice.id, reviewstatus: false });
    expect(review.body._id).not.toBe(FOREIGN_ID);
    expect(String(review.body.date)).not.toContain('1999');
    const edited = await alice.client.put(`/review/updateReview/${String(review.body._id)}`, {
      description: 'Edited',
      noofstars: 4,
      reviewstatus: true,
      customerid: bob.id,
      itemid: FOREIGN_ID,
    });
    expect(edited.status).toBe(200);
    const [stored] = (await anonymous.get<Record<string, unknown>[]>(`/review/get?itemid=${itemId}`)).body;
    expect(stored).toMatchObject({
      _id: review.body._id,
      customerid: alice.id,
      itemid: itemId,
      reviewstatus: false,
      description: 'Edited',
    });
    // Reported reviews list (admin) does not hold it.
    const reported = await world.admin.get<{ _id: string }[]>('/review/get?reviewstatus=true');
    expect(reported.body.some((r) => r._id === review.body._id)).toBe(false);
  });
});
