/**
 * Shared set-up of the security tests (issue 9, "Security tests"): every service of the
 * marketplace as a real process behind the real gateway (startCatalogueWorld), two customers and
 * two sellers, and the resources of customer A and seller A created through the API: an item, a
 * package, a wishlist, a cart, a saved card, an open checkout, a paid checkout with its item
 * order, package order and order-history record, a review, messages to the admin and to seller A,
 * a report job, a pending seller request. Also saves what the stack's processes printed to
 * `.data/logs/test-stacks/`, so scripts/scan-secrets.ts reads the logs of a full run.
 */
import { waitFor } from '@market/platform/testing';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startCatalogueWorld, type CatalogueWorld, type Client } from '../../../services/catalogue/test/fixtures';
import { newSellerRequest } from '../../../services/identity/test/stack';
import { listedItem, savedCard } from '../../../services/ordering/test/fixtures';
import { buy, finished } from '../../../services/reporting/test/fixtures';

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
    price: 185000,
    startDate: '2026-01-01',
    endDate: '2030-12-31',
    image: `${'a'.repeat(64)}.webp`,
    content: items,
    ...overrides,
  };
}

function must<T>(res: { status: number; body: T }, what: string, expected = [200, 201, 202]): T {
  if (!expected.includes(res.status)) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

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
  const meA = must(await sellerA.client.get<{ _id: string; email: string }>('/orgSeller/me'), 'seller A me');
  sellerA.id = meA._id;
  sellerB.id = must(await sellerB.client.get<{ _id: string }>('/orgSeller/me'), 'seller B me')._id;
  const customerMe = must(await customerA.client.get<{ email: string }>('/Customer/me'), 'customer A me');
  const adminId = must(await world.admin.get<{ _id: string }>('/Admin/me'), 'admin me')._id;

  const itemId = await listedItem(sellerA.client, customerA.client, { Quantity: 50, Price: 1000 });
  const packageId = must(await sellerA.client.post<{ _id: string }>('/Packages/addPackage', packageBody([itemId])), 'add package')._id;

  must(await customerA.client.post('/wishlist/addItems', { Items: [itemId] }), 'wishlist add');
  const wishlist = must(
    await customerA.client.post<{ wishlistss: { _id: string } }>(`/wishlist/getByCustomerID/${customerA.id}`),
    'wishlist get',
  );
  const cart = must(await customerA.client.post<{ _id: string }>('/ShoppingCart/createrCart', { ItemIDs: [itemId] }), 'create cart');
  const cardId = await savedCard(customerA.client);
  const open = must(
    await customerA.client.post<{ checkoutId: string }>('/checkout/session', { items: [{ itemId, quantity: 1 }] }),
    'open checkout',
  );
  const paid = await buy(customerA.client, { items: [{ itemId, quantity: 1 }], packages: [{ packageId, quantity: 1 }] });
  if (paid.status !== 'Confirmed') throw new Error(`the paid checkout is ${paid.status}`);
  const itemOrders = must(await customerA.client.get<{ _id: string }[]>(`/Orders/getOrders?OrderID=${paid.checkoutId}`), 'orders');
  const packageOrders = must(
    await customerA.client.get<{ _id: string }[]>(`/PackageOrders/getOrders?OrderID=${paid.checkoutId}`),
    'package orders',
  );
  const history = must(await customerA.client.get<{ _id: string }[]>('/orderhistory/getItems'), 'history');

  const review = await waitFor(
    async () => {
      const res = await customerA.client.post<{ _id: string }>('/review/add', { itemid: itemId, noofstars: 4, description: 'Good phone' });
      return res.status === 201 ? res.body : undefined;
    },
    20_000,
    150,
    'the item in the reviews read model',
  );
  const contact = must(
    await customerA.client.post<{ _id: string }>('/contact/add', { name: 'Nimal Perera', email: customerMe.email, message: 'Hello admin' }),
    'contact add',
  );
  const contactSeller = must(
    await customerA.client.post<{ _id: string }>('/contactsel/add', {
      name: 'Nimal Perera',
      email: customerMe.email,
      message: 'Hello seller',
      sellerid: sellerA.id,
    }),
    'contactsel add',
  );
  const job = must(await sellerA.client.post<{ jobId: string }>('/items/create-pdf', {}), 'create pdf');
  await finished(sellerA.client, job.jobId, 60_000);
  const request = must(await anonymous.post<{ _id: string }>('/seller/add', newSellerRequest()), 'seller request');
  // The review's rating reaches the item through Kafka: let it settle so reads stay still.
  await waitFor(
    async () => ((await anonymous.get<{ reviewCount: number }>(`/items/get/${itemId}`)).body.reviewCount === 1 ? true : undefined),
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
    },
  };
}

/** Writes what each process of the stack printed to `.data/logs/test-stacks/<name>-<process>.log`. */
export function saveStackLogs(world: CatalogueWorld, name: string): void {
  const dir = path.resolve(__dirname, '..', '..', '..', '.data', 'logs', 'test-stacks');
  mkdirSync(dir, { recursive: true });
  for (const [proc, p] of Object.entries(world.stack.processes)) writeFileSync(path.join(dir, `${name}-${proc}.log`), p.output());
}
