/**
 * Shared set-up of the security tests: every service of the
 * marketplace as a real process behind the real gateway (startCatalogueWorld), two customers and
 * two sellers, and the resources of customer A and seller A created through the API: an item, a
 * package, a wishlist, a cart, a saved card, an open checkout, a paid checkout with its item
 * order, package order and order-history record, a return of a delivered line of another checkout,
 * a review, messages to the admin and to seller A,
 * a report job, a pending seller request. Also saves what the stack's processes printed to
 * `.data/logs/test-stacks/`, so scripts/scan-secrets.ts reads the logs of a full run.
 */
import { expectStatus, waitFor } from '@market/platform/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  startCatalogueWorld,
  type CatalogueWorld,
  type Client,
  newSellerRequest,
  listedItem,
  savedCard,
  buy,
  finished,
  colomboDay,
} from '@market/testing';

export type { Client, CatalogueWorld };

export interface Party {
  client: Client;
  id: string;
}

export interface Resources {
  itemId: string;
  packageId: string;
  wishlistId: string;
  cartId: string;
  cardId: string;
  openCheckoutId: string;
  paidCheckoutId: string;
  itemOrderId: string;
  packageOrderId: string;
  historyId: string;
  reviewId: string;
  contactId: string;
  contactSellerId: string;
  reportJobId: string;
  sellerRequestId: string;
  adminId: string;
  customerEmail: string;
  sellerEmail: string;
  /** An address in customer A's address book. */
  addressId: string;
  /** Customer A's return (Requested) of a delivered line of seller A (issue 31 item 3). */
  returnId: string;
}

export interface SecurityWorld {
  world: CatalogueWorld;
  anonymous: Client;
  customerA: Party;
  customerB: Party;
  sellerA: Party;
  sellerB: Party;
  admin: Client;
  r: Resources;
}

/** A valid package body of `items` (the image name need not exist: the store only checks its form). */
export function packageBody(items: string[], overrides: Record<string, unknown> = {}) {
  return {
    packageName: 'Security Bundle',
    description: 'Phone with a case',
    price: 900,
    // On sale whenever the tests run (a package is listed and sold only between its dates).
    startDate: colomboDay(-1),
    endDate: colomboDay(365),
    image: `${'a'.repeat(64)}.webp`,
    content: items,
    ...overrides,
  };
}

/** Set-up calls here expect any success status. */
const ANY_SUCCESS = [200, 201, 202];

/** Starts the whole marketplace and creates the resources of customer A and seller A. */
export async function startSecurityWorld(): Promise<SecurityWorld> {
  const world = await startCatalogueWorld(['cart', 'ordering', 'reviews', 'reporting']);
  const anonymous = new (world.customer.constructor as new (url: string) => Client)(world.stack.gatewayUrl);
  const [customerA, customerB, sellerA, sellerB] = await Promise.all([
    world.newCustomer(),
    world.newCustomer(),
    world.newSeller(),
    world.newSeller(),
  ]);
  // The seller's account id (the catalogue fixture answers the request's id).
  const meA = expectStatus(await sellerA.client.request('get', '/orgSeller/me'), 'seller A me', ...ANY_SUCCESS);
  sellerA.id = meA._id;
  sellerB.id = expectStatus(await sellerB.client.request('get', '/orgSeller/me'), 'seller B me', ...ANY_SUCCESS)._id;
  const customerMe = expectStatus(await customerA.client.request('get', '/Customer/me'), 'customer A me', ...ANY_SUCCESS);
  const adminId = expectStatus(await world.admin.request('get', '/Admin/me'), 'admin me', ...ANY_SUCCESS)._id;

  const itemId = await listedItem(sellerA.client, customerA.client, { Quantity: 50, Price: 1000 });
  const packageId = expectStatus(
    await sellerA.client.request('post', '/Packages/addPackage', { body: packageBody([itemId]) }),
    'add package',
    ...ANY_SUCCESS,
  )._id;

  expectStatus(await customerA.client.request('post', '/wishlist/addItems', { body: { Items: [itemId] } }), 'wishlist add', ...ANY_SUCCESS);
  const wishlist = expectStatus(
    await customerA.client.post<{ wishlistss: { _id: string } }>(`/wishlist/getByCustomerID/${customerA.id}`),
    'wishlist get',
    ...ANY_SUCCESS,
  );
  const cart = expectStatus(
    await customerA.client.request('post', '/ShoppingCart/createrCart', { body: { ItemIDs: [itemId] } }),
    'create cart',
    ...ANY_SUCCESS,
  );
  const address = expectStatus(
    await customerA.client.request('post', '/Customer/addresses', {
      body: {
        version: 0,
        address: {
          recipient: 'Nimal Perera',
          phone: '0771234567',
          line1: '12 Galle Road',
          city: 'Colombo',
          district: 'Colombo',
          postalCode: '00300',
        },
      },
    }),
    'add address',
    ...ANY_SUCCESS,
  );
  const cardId = await savedCard(customerA.client);
  const open = expectStatus(
    await customerA.client.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } }),
    'open checkout',
    ...ANY_SUCCESS,
  );
  const paid = await buy(customerA.client, { items: [{ itemId, quantity: 1 }], packages: [{ packageId, quantity: 1 }] });
  if (paid.status !== 'Confirmed') throw new Error(`the paid checkout is ${paid.status}`);
  const itemOrders = expectStatus(
    await customerA.client.get<{ _id: string }[]>(`/Orders/getOrders?OrderID=${paid.checkoutId}`),
    'orders',
    ...ANY_SUCCESS,
  );
  const packageOrders = expectStatus(
    await customerA.client.get<{ _id: string }[]>(`/PackageOrders/getOrders?OrderID=${paid.checkoutId}`),
    'package orders',
    ...ANY_SUCCESS,
  );
  const history = expectStatus(await customerA.client.get<{ _id: string }[]>('/orderhistory/getItems'), 'history', ...ANY_SUCCESS);
  // A delivered line of another checkout, with a return requested (issue 31 item 3).
  const delivered = await buy(customerA.client, { items: [{ itemId, quantity: 1 }] });
  const returnLine = `${delivered.checkoutId}-I1`;
  for (const status of ['Shipped', 'Delivered'] as const)
    expectStatus(
      await sellerA.client.request('put', '/Orders/status/{id}', { params: { id: returnLine }, body: { status } }),
      `order ${status}`,
      ...ANY_SUCCESS,
    );
  const ret = expectStatus(
    await customerA.client.request('post', '/Returns', {
      body: { orderLineId: returnLine, quantity: 1, reason: 'damaged', description: 'The screen arrived cracked.', photos: [] },
    }),
    'return request',
    ...ANY_SUCCESS,
  );

  const review = await waitFor(
    async () => {
      const res = await customerA.client.request('post', '/review/add', {
        body: { itemid: itemId, noofstars: 4, description: 'Good phone' },
      });
      return res.status === 201 ? res.body : undefined;
    },
    20_000,
    150,
    'the item in the reviews read model',
  );
  const contact = expectStatus(
    await customerA.client.request('post', '/contact/add', {
      body: { name: 'Nimal Perera', email: customerMe.email, message: 'Hello admin' },
    }),
    'contact add',
    ...ANY_SUCCESS,
  );
  const contactSeller = expectStatus(
    await customerA.client.request('post', '/contactsel/add', {
      body: { name: 'Nimal Perera', email: customerMe.email, message: 'Hello seller', sellerid: sellerA.id },
    }),
    'contactsel add',
    ...ANY_SUCCESS,
  );
  const job = expectStatus(await sellerA.client.request('post', '/items/create-pdf', { body: {} }), 'create pdf', ...ANY_SUCCESS);
  await finished(sellerA.client, job.jobId, 60_000);
  const request = expectStatus(
    await anonymous.request('post', '/seller/add', { body: newSellerRequest() }),
    'seller request',
    ...ANY_SUCCESS,
  );
  // The review's rating reaches the item through Kafka: let it settle so reads stay still.
  await waitFor(
    async () => ((await anonymous.request('get', '/items/get/{id}', { params: { id: itemId } })).body.reviewCount === 1 ? true : undefined),
    20_000,
    150,
    'the rating on the item',
  );

  return {
    world,
    anonymous,
    customerA,
    customerB,
    sellerA,
    sellerB,
    admin: world.admin,
    r: {
      itemId,
      packageId,
      wishlistId: wishlist.wishlistss._id,
      cartId: cart._id,
      cardId,
      openCheckoutId: open.checkoutId,
      paidCheckoutId: paid.checkoutId,
      itemOrderId: itemOrders[0]!._id,
      packageOrderId: packageOrders[0]!._id,
      historyId: history[0]!._id,
      reviewId: review._id,
      contactId: contact._id,
      contactSellerId: contactSeller._id,
      reportJobId: job.jobId,
      sellerRequestId: request._id,
      adminId,
      customerEmail: customerMe.email,
      sellerEmail: meA.email,
      addressId: address.addressId,
      returnId: ret.ReturnID,
    },
  };
}

/** Writes what each process of the stack printed to `.data/logs/test-stacks/<name>-<process>.log`. */
export function saveStackLogs(world: CatalogueWorld, name: string): void {
  const dir = path.resolve(__dirname, '..', '..', '..', '.data', 'logs', 'test-stacks');
  mkdirSync(dir, { recursive: true });
  for (const [proc, p] of Object.entries(world.stack.processes)) writeFileSync(path.join(dir, `${name}-${proc}.log`), p.output());
}
