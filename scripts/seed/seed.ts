/**
 * Seeds the demo marketplace through the public API at the gateway, so
 * every event flows and every read model fills as in real use:
 * 1. five seller companies apply, the admin accepts them, the credentials e-mailed to each (read
 *    from MailDev) are changed to the demo password;
 * 2. about 500 real devices from `@devicefarmer/stf-device-db` become items of those sellers,
 *    photos uploaded through `/images/upload`, every seventh one discounted; each seller makes two
 *    promo packages;
 * 3. twelve customers register, fill wishlists and carts, save a card, and buy over the last six
 *    months (orders dated with the demo-only `X-Demo-Placed-At` header, honoured by ordering only
 *    when `DEMO_BACKDATING=true`);
 * 4. when the reviews service is up: reviews of bought items and messages to sellers and the admin.
 *
 * Runs once: a marketplace where the demo customer can sign in is left as it is, so a second
 * start adds nothing. A progress bar shows each step.
 */
import { SingleBar, Presets } from 'cli-progress';
import { existsSync } from 'node:fs';
import { colomboDate, discountedCents } from '@market/contracts/rules';
import type { AnswerOf } from '@market/contracts/client';
import { expectStatus, mailText, Session } from './api';
import { itemBodyOf, loadDevices, photoPath, type Device } from './devices';
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMER_USERNAME, DEMO_SELLER_PASSWORD, DEMO_SELLERS, REVIEW_TEXTS, demoCustomers } from './people';

export interface SeedOptions {
  gatewayUrl: string;
  maildevUrl: string;
  admin: { username: string; password: string };
  /** Only the first n devices (tests and quick demos); default all. */
  deviceLimit?: number;
  log?: (line: string) => void;
}

interface Seller {
  session: Session;
  id: string;
  username: string;
  items: string[];
}

interface Customer {
  session: Session;
  id: string;
}

const TEST_CARD = '4111 1111 1111 1111';

/** Runs `work` over `inputs` with at most `limit` at a time. */
async function pool<T>(inputs: T[], limit: number, work: (input: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, inputs.length) }, async () => {
      while (next < inputs.length) {
        const i = next++;
        await work(inputs[i]!, i);
      }
    }),
  );
}

/** True when the demo data is already there (the demo customer signs in). */
export async function alreadySeeded(gatewayUrl: string): Promise<boolean> {
  const s = new Session(gatewayUrl);
  const r = await s.request('post', '/Customer/loginCustomer', {
    body: { username: DEMO_CUSTOMER_USERNAME, password: DEMO_CUSTOMER_PASSWORD },
  });
  return r.status === 200;
}

/** Seeds everything; answers what was made. @throws with the failing call's route and answer */
export async function seed(opts: SeedOptions): Promise<{ made: Record<string, number>; sellerUsernames: string[] }> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const made = { sellers: 0, items: 0, packages: 0, customers: 0, orders: 0, reviews: 0, messages: 0 };
  const admin = new Session(opts.gatewayUrl);
  expectStatus(await admin.request('post', '/Admin/loginAdmin', { body: opts.admin }), 'admin login', 200);

  const devices = loadDevices()
    .filter((d) => existsSync(photoPath(d)))
    .slice(0, opts.deviceLimit);
  const sellers: Seller[] = [];
  const bar = new SingleBar(
    { format: '  seeding {step} |{bar}| {value}/{total}', hideCursor: true, clearOnComplete: false },
    Presets.shades_classic,
  );
  const totalWork = DEMO_SELLERS.length + devices.length + DEMO_SELLERS.length * 2 + demoCustomers().length * 2;
  bar.start(totalWork, 0, { step: 'sellers' });
  try {
    // 1. sellers
    for (const request of DEMO_SELLERS) {
      sellers.push(await sellerAccount(opts, admin, request));
      made.sellers++;
      bar.increment();
    }

    // 2. items and packages
    bar.update({ step: 'items' });
    await pool(devices, 3, async (d: Device, i) => {
      const seller = sellers[i % sellers.length]!;
      const image = await seller.session.upload(photoPath(d));
      const added = await seller.session.request('post', '/items/addItems', { body: { ...itemBodyOf(d), Images: [image] } });
      // 409: the SKU is there from an earlier, interrupted seeding; its id is collected below.
      if (added.status === 409) return void bar.increment();
      const item = expectStatus(added, `add item ${d.code}`, 201);
      seller.items.push(item._id);
      made.items++;
      if (i % 7 === 3) {
        const percent = 5 + (i % 6) * 5;
        expectStatus(
          await seller.session.request('put', '/items/updateDiscount/{id}', {
            params: { id: item._id },
            body: { DiscountStatus: true, DiscountPrecentage: percent },
          }),
          'discount',
          200,
        );
      }
      bar.increment();
    });
    for (const seller of sellers) seller.items = await ownItemIds(seller);
    bar.update({ step: 'packages' });
    for (const seller of sellers) {
      for (let p = 0; p < 2; p++) {
        const content = seller.items.slice(p * 3, p * 3 + 3);
        // A small seeding (SEED_DEVICES) leaves some sellers too few items for a bundle.
        if (content.length < 2) continue;
        const items = await Promise.all(
          content.map(async (id) => (await seller.session.request('get', '/items/get/{id}', { params: { id } })).body),
        );
        // 10 % under what the items cost today, discounts included: a package may not cost more
        // than its items bought one by one (issue 32 item 4).
        const worthCents = items.reduce(
          (sum, it) =>
            sum + (it.DiscountStatus ? discountedCents(Math.round(it.Price * 100), it.DiscountPrecentage) : Math.round(it.Price * 100)),
          0,
        );
        const price = Math.floor((worthCents * 0.9) / 100);
        // On sale from a week ago to a year from today (Sri Lanka days): a package is listed and
        // sold only between its dates, and one that has already ended is refused (issue 27 item 7).
        const day = (days: number) => colomboDate(new Date(Date.now() + days * 86_400_000));
        expectStatus(
          await seller.session.request('post', '/Packages/addPackage', {
            body: {
              packageName: p === 0 ? 'Family Bundle' : 'Work and Play Bundle',
              description: `${content.length} devices together for less: save 10% on the set.`,
              price,
              startDate: day(-7),
              endDate: day(365),
              image: items[0]!.Images[0]!,
              content,
            },
          }),
          'add package',
          201,
        );
        made.packages++;
        bar.increment();
      }
    }

    // 3. customers, wishlists, carts, cards and orders over six months
    bar.update({ step: 'customers' });
    const allItems = sellers.flatMap((s) => s.items);
    const customers: Customer[] = [];
    for (const [n, body] of demoCustomers().entries()) {
      const session = new Session(opts.gatewayUrl);
      expectStatus(await session.request('post', '/Customer/add', { body }), `register ${body.username}`, 201, 400);
      const login = expectStatus(
        await session.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } }),
        'customer login',
        200,
      );
      const c = { session, id: login.customerLogin._id };
      customers.push(c);
      made.customers++;
      const pick = (k: number) => allItems[(n * 37 + k * 101) % allItems.length]!;
      await retry(() => c.session.request('post', '/wishlist/addItems', { body: { Items: [pick(1), pick(2)] } }), [201, 409], 'wishlist');
      const cart = (await c.session.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: c.id } })).body;
      await retry(
        () =>
          c.session.request('put', '/ShoppingCart/updateSItem/{cartId}', {
            params: { cartId: cart._id },
            body: { ItemIDs: [pick(3), pick(4)], PackageIDs: [] },
          }),
        [200, 409],
        'cart',
      );
      bar.increment();
    }
    bar.update({ step: 'orders' });
    for (const [n, c] of customers.entries()) {
      const card = expectStatus(
        await c.session.request('post', '/paymentdetails/add', {
          body: { cardowner: 'Demo Card', cardnumber: TEST_CARD, carddate: '12/30', cardcvv: '123' },
        }),
        'save card',
        201,
      );
      for (let k = 0; k < 4; k++) {
        const monthsAgo = (n + k * 2) % 6;
        const placedAt = new Date(Date.now() - monthsAgo * 30 * 86_400_000 - ((n * 13 + k * 7) % 20) * 3_600_000);
        const itemId = allItems[(n * 53 + k * 29) % allItems.length]!;
        const session = await c.session.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 + (k % 2) }] } });
        if (session.status !== 201) continue; // sold out meanwhile: a real shopper picks another
        const pay = k % 3 === 2 ? { paymentType: 'wallet' as const } : { cardId: card._id, cvv: '123' };
        const paid = await c.session.request('post', '/checkout/{checkoutId}/pay', {
          params: { checkoutId: session.body.checkoutId },
          body: pay,
          headers: { 'X-Demo-Placed-At': placedAt.toISOString() },
        });
        expectStatus(paid, 'pay', 200);
        made.orders++;
        if ((await c.session.request('get', '/review/get', { query: { limit: 1, page: 1 } })).status === 200) {
          const stars = 5 - ((n + k) % 5);
          const texts = REVIEW_TEXTS[stars]!;
          const r = await c.session.request('post', '/review/add', {
            body: { itemid: itemId, noofstars: stars, description: texts[(n + k) % texts.length]! },
          });
          if (r.status === 201 || r.status === 200) made.reviews++;
        }
      }
      if ((await c.session.request('get', '/review/get', { query: { limit: 1, page: 1 } })).status === 200) {
        const seller = sellers[n % sellers.length]!;
        const from = demoCustomers()[n]!;
        const m = await c.session.request('post', '/contactsel/add', {
          body: {
            name: `${from.firstName} ${from.lastName}`,
            email: from.email,
            message: `Hello, is the ${n % 2 ? 'black' : 'silver'} colour available for delivery to ${from.address.split(', ')[1]}?`,
            sellerid: seller.id,
          },
        });
        if (m.status === 201) made.messages++;
      }
      bar.increment();
    }
  } finally {
    bar.stop();
  }
  log(
    `  seeded ${Object.entries(made)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')}`,
  );
  return { made, sellerUsernames: sellers.map((s) => s.username) };
}

/** A page of the item list (asked with page and limit, so never the bare array). */
type ItemPage = Exclude<AnswerOf<'get', '/items/getItems'>, unknown[]>;

/** Every item id of a seller, in the catalogue's order. */
async function ownItemIds(seller: Seller): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const r = await seller.session.request('get', '/items/getItems', { query: { sellerId: seller.id, page, limit: 100 } });
    const body = expectStatus(r, 'list own items', 200) as ItemPage;
    ids.push(...body.items.map((i) => i._id));
    if (ids.length >= body.total || body.items.length === 0) return ids;
  }
}

/** Retries a call a read model may not be ready for yet (events take a moment). */
async function retry(call: () => Promise<{ status: number; body: unknown }>, ok: number[], what: string): Promise<void> {
  // Up to two minutes: on a first start the consumers work through ~500 ItemCreated events.
  for (let attempt = 0; attempt < 480; attempt++) {
    const r = await call();
    if (ok.includes(r.status) && !(r.status === 409 && /not available/i.test(JSON.stringify(r.body)))) return;
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`${what}: the read model did not catch up`);
}

async function sellerAccount(opts: SeedOptions, admin: Session, request: (typeof DEMO_SELLERS)[number]): Promise<Seller> {
  const session = new Session(opts.gatewayUrl);
  const resumed = await resumeSeller(opts, session, request.email);
  if (resumed) return resumed;
  const applied = expectStatus(
    await session.request('post', '/seller/add', { body: request }),
    `seller request ${request.companyname}`,
    201,
  );
  const since = new Date();
  expectStatus(await admin.request('post', '/orgseller/add', { body: { requestId: applied._id } }), 'accept seller', 201);
  const text = await mailText(opts.maildevUrl, request.email, /Welcome aboard/, since);
  const username = /^Username: (\S+)$/m.exec(text)?.[1];
  const password = /^Password: (\S+)$/m.exec(text)?.[1];
  if (!username || !password) throw new Error(`the welcome e-mail to ${request.email} has no credentials`);
  const login = expectStatus(
    await session.request('post', '/orgSeller/loginSeller', { body: { username, password } }),
    'seller login',
    200,
  );
  const id = login.sellerLogin._id;
  expectStatus(
    await session.request('put', '/orgSeller/ChangePwd/{id}', {
      params: { id },
      body: { currentPassword: password, password: DEMO_SELLER_PASSWORD, confirmPassword: DEMO_SELLER_PASSWORD },
    }),
    'seller password',
    200,
  );
  return { session, id, username, items: [] };
}

/**
 * A demo seller left by an earlier, interrupted seeding: signs in with the username of its welcome
 * e-mail and the demo password (or the e-mailed one, then changes it). Null when there is none.
 */
async function resumeSeller(opts: SeedOptions, session: Session, email: string): Promise<Seller | null> {
  let text: string;
  try {
    text = await mailText(opts.maildevUrl, email, /Welcome aboard/, new Date(0), 1_000);
  } catch {
    return null;
  }
  const username = /^Username: (\S+)$/m.exec(text)?.[1];
  const mailed = /^Password: (\S+)$/m.exec(text)?.[1];
  if (!username || !mailed) return null;
  for (const password of [DEMO_SELLER_PASSWORD, mailed]) {
    const login = await session.request('post', '/orgSeller/loginSeller', { body: { username, password } });
    if (login.status !== 200) continue;
    const id = login.body.sellerLogin._id;
    if (password !== DEMO_SELLER_PASSWORD) {
      await session.request('put', '/orgSeller/ChangePwd/{id}', {
        params: { id },
        body: { currentPassword: password, password: DEMO_SELLER_PASSWORD, confirmPassword: DEMO_SELLER_PASSWORD },
      });
    }
    return { session, id, username, items: [] };
  }
  return null;
}
