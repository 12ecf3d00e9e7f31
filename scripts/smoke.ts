/**
 * `npm run smoke`: one customer, one seller and one admin journey through the gateway
 * of a running marketplace (`npm start`, demo data seeded), printing what each step did.
 * Exits non-zero at the first step that does not answer as expected.
 *
 * Customer: signs in, searches the catalogue, puts an item in the cart, checks out with the
 * wallet provider and waits for `Confirmed`. Seller: signs in as the seller of that item, finds
 * the order and marks it Shipped. Admin: signs in, lists customers, reads the dashboard when the
 * reporting service is up.
 */
import { formatLkr } from '@market/contracts';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnswerOf } from '@market/contracts/client';
import { expectStatus, Session } from './seed/api';
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMER_USERNAME, DEMO_SELLER_PASSWORD } from './seed/people';

const GATEWAY = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8070';
const ROOT = path.resolve(__dirname, '..');

/** The item list and the order list, asked with a page (or by OrderID): never the other shape of their answers. */
type ItemPage = Exclude<AnswerOf<'get', '/items/getItems'>, unknown[]>;
type ItemOrder = Extract<AnswerOf<'get', '/Orders/getOrders'>, unknown[]>[number];

const step = (who: string, what: string) => console.log(`  ${who.padEnd(8)} ${what}`);
/** Rupees on the wire, shown as the web app shows them: `Rs. 12,345.00`. */
const rs = (rupees: number) => formatLkr(Math.round(rupees * 100));

async function main(): Promise<void> {
  console.log(`smoke test against ${GATEWAY}`);
  const customer = new Session(GATEWAY);
  const login = expectStatus(
    await customer.request('post', '/Customer/loginCustomer', {
      body: { username: DEMO_CUSTOMER_USERNAME, password: DEMO_CUSTOMER_PASSWORD },
    }),
    'customer login',
    200,
  );
  const customerId = login.customerLogin._id;
  step('customer', `signed in as ${DEMO_CUSTOMER_USERNAME} (${login.customerLogin.firstName})`);
  const found = expectStatus(
    await customer.request('get', '/items/getItems', { query: { q: 'galaxy', available: true, page: 1, limit: 5 } }),
    'search',
    200,
  ) as ItemPage;
  const item =
    found.items[0] ??
    ((await customer.request('get', '/items/getItems', { query: { available: true, page: 1, limit: 1 } })).body as ItemPage).items[0];
  if (!item) throw new Error('the catalogue has no available item: was the demo data seeded?');
  step('customer', `searched "galaxy": ${found.total} items; picked ${item.Item_name} at ${rs(item.FinalPrice)}`);
  const cart = expectStatus(
    await customer.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId } }),
    'cart',
    200,
  );
  const lines = cart.ItemIDs.includes(item._id) ? cart.ItemIDs : [...cart.ItemIDs, item._id];
  expectStatus(
    await customer.request('put', '/ShoppingCart/updateSItem/{cartId}', {
      params: { cartId: cart._id },
      body: { ItemIDs: lines, PackageIDs: cart.PackageIDs },
    }),
    'add to cart',
    200,
  );
  step('customer', `cart holds ${lines.length} item line(s)`);
  const checkout = expectStatus(
    await customer.request('post', '/checkout/session', { body: { items: [{ itemId: item._id, quantity: 1 }] } }),
    'checkout',
    201,
  );
  const paid = expectStatus(
    await customer.request('post', '/paypal-transaction-complete', { body: { checkoutId: checkout.checkoutId } }),
    'pay',
    200,
  );
  step('customer', `paid ${rs(checkout.Amount)} with the wallet provider, receipt ${paid.receipt!.RecieptNo}`);
  let status = '';
  for (let i = 0; i < 100 && status !== 'Confirmed' && status !== 'Rejected'; i++) {
    status = (await customer.request('get', '/checkout/{checkoutId}', { params: { checkoutId: checkout.checkoutId } })).body.status;
    if (status !== 'Confirmed') await new Promise((r) => setTimeout(r, 200));
  }
  if (status !== 'Confirmed') throw new Error(`the checkout ended ${status || 'undecided'}`);
  step('customer', `order ${checkout.checkoutId} is Confirmed`);

  const accountsFile = path.join(ROOT, '.data', 'demo-accounts.json');
  const usernames = existsSync(accountsFile)
    ? (JSON.parse(readFileSync(accountsFile, 'utf8')) as { sellerUsernames: string[] }).sellerUsernames
    : [];
  let sellerDone = false;
  for (const username of usernames) {
    const seller = new Session(GATEWAY);
    const s = await seller.request('post', '/orgSeller/loginSeller', { body: { username, password: DEMO_SELLER_PASSWORD } });
    if (s.status !== 200 || s.body.sellerLogin._id !== item.SellerID) continue;
    step('seller', `signed in as ${username} (${s.body.sellerLogin.companyname})`);
    const orders = expectStatus(
      await seller.request('get', '/Orders/getOrders', { query: { OrderID: checkout.checkoutId } }),
      'seller orders',
      200,
    ) as ItemOrder[];
    const order = orders[0];
    if (!order) throw new Error('the seller does not see the order');
    const shipped = expectStatus(
      await seller.request('put', '/Orders/status/{id}', { params: { id: order._id }, body: { status: 'Shipped' } }),
      'mark shipped',
      200,
    );
    step('seller', `order line ${order._id}: ${order.status} → ${shipped.status}`);
    sellerDone = true;
    break;
  }
  if (!sellerDone) step('seller', 'skipped: no demo seller account of that item in .data/demo-accounts.json');

  const admin = new Session(GATEWAY);
  expectStatus(
    await admin.request('post', '/Admin/loginAdmin', {
      body: { username: process.env.ADMIN_USERNAME ?? 'admin', password: process.env.ADMIN_PASSWORD ?? 'Admin#2026' },
    }),
    'admin login',
    200,
  );
  const customers = expectStatus(await admin.request('get', '/Customer/getAll', { query: { page: 1, limit: 1 } }), 'customers', 200) as {
    total: number;
  };
  step('admin', `signed in; ${customers.total} customers registered`);
  const dashboard = await admin.request('get', '/Admin/dashboard');
  step(
    'admin',
    dashboard.status === 200 ? `dashboard: ${JSON.stringify(dashboard.body).slice(0, 160)}` : `dashboard answered ${dashboard.status}`,
  );
  console.log('smoke test passed');
}

main().catch((err: unknown) => {
  console.error(`smoke test FAILED: ${(err as Error).message}`);
  process.exit(1);
});
