/**
 * The chaos run's world: every service, the e-mail worker and the gateway as separate processes
 * (`startTestStack`, each on its own port and fresh database), then, through the gateway as a
 * user would: approved sellers (credentials read from MailDev), items with known stock, and
 * customers signed in with a saved card and their cart id.
 *
 * What runs where (see each service's src/main.ts): outbox relays and Kafka consumers run inside
 * each service process; the e-mail worker is its own process (`notifications`); the report worker
 * runs inside the `reporting` process, so killing reporting kills its worker too (it cannot be
 * killed on its own).
 */
import { expectStatus, mailsTo, startTestStack, uniqueName, waitFor, type TestStack } from '@market/platform/testing';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { newCustomer } from '@market/testing';
import { parseReplicas } from '../start-env';
import { ApiClient, type Attempt } from './client';

export const SERVICES = ['identity', 'notifications', 'catalogue', 'cart', 'ordering', 'reviews', 'reporting'] as const;

/**
 * Processes per service (issue 34 item 5): `CHAOS_REPLICAS` as `npm start -- --replicas` takes it
 * (default `ordering=2,catalogue=2`; `CHAOS_REPLICAS=` runs one of each). Replicas share their
 * service's database, topics and consumer groups, the gateway spreads requests over them, and the
 * kill and outage phases hit them like any other process (`ordering#2`).
 */
export const replicasOf = (value = process.env.CHAOS_REPLICAS ?? 'ordering=2,catalogue=2'): Record<string, number> =>
  value.trim() ? parseReplicas(['--replicas', value.trim()]) : {};

export interface Seller {
  client: ApiClient;
  id: string;
}
export interface Customer {
  client: ApiClient;
  id: string;
  email: string;
  cardId: string;
  cartId: string;
}
export interface World {
  stack: TestStack;
  reportDir: string;
  admin: ApiClient;
  sellers: Seller[];
  customers: Customer[];
  /** Item id → initial stock. */
  items: Map<string, number>;
  /** A new client of the gateway (its URL never changes: restarts keep the port). */
  client(): ApiClient;
}

const CARD = { cardowner: 'Nimal Perera', cardnumber: '4111 1111 1111 1111', cardcvv: '737' };
export const CVV = CARD.cardcvv;
const expiry = () => `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

/**
 * Starts the stack and sets up `sellers` sellers with `itemsPerSeller` items (the first with
 * `stock` units, the next fewer and fewer) and `customers` customers.
 */
export async function startWorld(opts: {
  sellers: number;
  itemsPerSeller: number;
  stock: number;
  customers: number;
  record: (a: Attempt) => void;
}): Promise<World> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'chaos-reports-'));
  // A short wait for stock decisions, so killed catalogues make some checkouts reach their deadline
  // (given up and refunded) and the late reservation's release is checked by the stock balance.
  const stack = await startTestStack(
    [...SERVICES],
    {},
    {
      REPORT_DIR: reportDir,
      LOG_LEVEL: 'warn',
      STOCK_DECISION_TIMEOUT_MS: process.env.CHAOS_DECISION_TIMEOUT_MS ?? '8000',
      // A replica that takes over partitions before their first commit reads them from the start.
      KAFKA_FROM_BEGINNING: 'true',
    },
    { replicas: replicasOf() },
  );
  const client = () => new ApiClient(() => stack.gatewayUrl, opts.record);
  const admin = client();
  expectStatus(
    await admin.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } }),
    'admin login',
    200,
  );

  const sellers: Seller[] = [];
  for (let i = 0; i < opts.sellers; i++) {
    const tag = uniqueName('s').replace(/-/g, '');
    const email = `${tag}@example.lk`;
    const applied = expectStatus(
      await client().request('post', '/seller/add', {
        body: {
          ownername: 'Kamala Silva',
          mobile: '0712345678',
          companyname: `Chaos Hub ${tag}`,
          address: '45 Kandy Road, Kadawatha',
          year: '2015',
          description: 'Authorised reseller of phones and tablets.',
          email,
        },
      }),
      'seller application',
      201,
    );
    expectStatus(await admin.request('post', '/orgseller/add', { body: { requestId: applied._id } }), 'seller approval', 201);
    const mail = await waitFor(
      async () => (await mailsTo(email)).find((m) => /Welcome aboard/.test(m.subject)),
      30_000,
      200,
      'seller credentials',
    );
    const username = /^Username: (\S+)$/m.exec(mail.text)![1]!;
    const password = /^Password: (\S+)$/m.exec(mail.text)![1]!;
    const c = client();
    expectStatus(await c.request('post', '/orgSeller/loginSeller', { body: { username, password } }), 'seller login', 200);
    sellers.push({ client: c, id: applied._id });
  }

  // Stock falls from `opts.stock` item by item, so some items sell out under the load and the
  // saga's rejection and refund path runs too (customers race for the last units).
  const shares = [1, 0.5, 0.25, 0.12, 0.06, 0.03];
  const items = new Map<string, number>();
  for (const s of sellers) {
    for (let i = 0; i < opts.itemsPerSeller; i++) {
      const stock = Math.max(2, Math.round(opts.stock * shares[items.size % shares.length]!));
      const item = expectStatus(
        await s.client.request('post', '/items/addItems', {
          body: {
            Item_name: `Chaos Phone ${i}`,
            Brand: 'Samsung',
            Model: `M-${i}`,
            Quantity: stock,
            Price: 1000 + i * 250,
            Stock_keeping_unit: uniqueName('SKU').toUpperCase(),
            Description: 'Flagship phone',
            Specification: '8 GB RAM, 256 GB',
            Color_family: ['Black'],
          },
        }),
        'add item',
        201,
      );
      items.set(item._id, stock);
    }
  }

  const customers: Customer[] = [];
  for (let i = 0; i < opts.customers; i++) {
    const body = newCustomer();
    const c = client();
    expectStatus(await c.request('post', '/Customer/add', { body }), 'customer signup', 201);
    const login = expectStatus(
      await c.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } }),
      'customer login',
      200,
    );
    const card = expectStatus(await c.request('post', '/paymentdetails/add', { body: { ...CARD, carddate: expiry() } }), 'add card', 201);
    const id = login.customerLogin._id;
    const cart = await waitFor(
      async () => {
        const r = await c.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: id }, retryForMs: 0 });
        return r.status === 200 && r.body?._id ? r.body : undefined;
      },
      30_000,
      200,
      'the customer’s cart',
    );
    customers.push({ client: c, id, email: body.email, cardId: card._id, cartId: cart._id });
  }

  // Every item is priceable in ordering and known to the cart before the load starts.
  const probe = customers[0]!;
  for (const itemId of items.keys()) {
    await waitFor(
      async () => {
        const r = await probe.client.request('put', '/ShoppingCart/updateSItem/{cartId}', {
          params: { cartId: probe.cartId },
          body: { ItemIDs: [itemId], PackageIDs: [] },
          retryForMs: 0,
        });
        return r.status === 200;
      },
      30_000,
      200,
      `item ${itemId} in the cart read model`,
    );
  }
  expectStatus(
    await probe.client.request('put', '/ShoppingCart/updateSItem/{cartId}', {
      params: { cartId: probe.cartId },
      body: { ItemIDs: [], PackageIDs: [] },
    }),
    'empty cart',
    200,
  );
  return { stack, reportDir, admin, sellers, customers, items, client };
}
