/**
 * Writes the upgrade fixture (`test/upgrade/fixture-7ab8169/`): a small but representative
 * history made by the services of commit 7ab8169, the last one before the read-side redesign
 * (issue 28), driven through its own gateway on the local servers, then dumped as that version
 * left it:
 *
 * - `databases.json`: every collection of each service's database (`<service>-<suffix>`), as
 *   canonical Extended JSON (ObjectId, Date and numbers keep their types);
 * - `topics.json`: the Kafka messages the run produced on the aggregate topics (that version has
 *   no topic prefix: the messages between the run's start and end whose key is an id the dumped
 *   databases hold), with key, value, headers and timestamp;
 * - `manifest.json`: the commit, the time of the run, the people's credentials and the ids the
 *   upgrade test checks against.
 *
 * It runs INSIDE a worktree of 7ab8169 with its own node_modules (its `@market/testing`); see
 * `test/upgrade/regenerate.sh`, which makes the worktree, copies this file into it and runs it.
 * Usage (in the worktree): `node_modules/.bin/tsx scripts/upgrade-fixture.ts <output dir>`.
 */
import { ALL_TOPICS } from '@market/contracts';
import { createKafka } from '@market/platform';
import { testServers, waitFor } from '@market/platform/testing';
import {
  acceptedSeller,
  type Client,
  FUTURE_EXPIRY,
  buy,
  listedItem,
  nextVisa,
  packageBody,
  signedInCustomer,
  startCatalogueWorld,
} from '@market/testing';
import mongoose from 'mongoose';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';

const SERVICES = ['identity', 'notifications', 'catalogue', 'cart', 'ordering', 'reporting', 'reviews'] as const;
const outDir = process.argv[2] ?? 'fixture-7ab8169';

function ok(res: { status: number; body: unknown }, what: string, ...codes: number[]) {
  assert.ok((codes.length ? codes : [200, 201]).includes(res.status), `${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

/** Retries a request until it stops answering 404 (an id not yet in a consumer's read model). */
async function known<T extends { status: number }>(what: string, call: () => Promise<T>): Promise<T> {
  return waitFor(
    async () => {
      const r = await call();
      return r.status === 404 ? undefined : r;
    },
    20_000,
    200,
    what,
  );
}

async function main() {
  process.env.KEEP_TEST_DATABASES = '1';
  const startedAt = Date.now();
  const world = await startCatalogueWorld(['cart', 'ordering', 'reporting', 'reviews']);
  const suffix = world.stack.dbSuffix;
  try {
    // People: one seller, three customers (the world's own customer is not used).
    const seller = await acceptedSeller(world.stack.gatewayUrl, world.admin);
    const sellerLogin = seller.client;
    const customers = [await signedInCustomer(world), await signedInCustomer(world), await signedInCustomer(world)];
    const [asha, ravi, dilan] = customers as [(typeof customers)[0], (typeof customers)[0], (typeof customers)[0]];
    const usernames: string[] = [];
    for (const c of customers) usernames.push(String(ok(await c.client.call('GET', `/Customer/get/${c.id}`), 'own profile').username));

    // Catalogue: three items and a package of two of them.
    const phone = await listedItem(sellerLogin, asha.client, { Item_name: 'Galaxy S24 upgrade', Price: 249999.99, Quantity: 20 });
    const buds = await listedItem(sellerLogin, asha.client, { Item_name: 'Galaxy Buds upgrade', Price: 19999, Quantity: 20 });
    const charger = await listedItem(sellerLogin, asha.client, { Item_name: 'Anker Charger upgrade', Price: 4500, Quantity: 20 });
    const pkg = ok(
      await sellerLogin.request('post', '/Packages/addPackage', {
        body: packageBody([phone, buds], { packageName: 'Upgrade Starter Kit', price: 259999 }),
      }),
      'add package',
    );
    const packageId = String(pkg._id);

    // Saved cards: two for Asha, one for Ravi.
    const cards: Record<string, string[]> = {};
    for (const [c, n] of [
      [asha, 2],
      [ravi, 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const r = ok(
          await c.client.request('post', '/paymentdetails/add', {
            body: { cardowner: 'Nimal Perera', cardnumber: nextVisa(), carddate: FUTURE_EXPIRY, cardcvv: '737' },
          }),
          'save card',
        );
        (cards[c.id] ??= []).push(String(r._id));
      }
    }

    // Paid checkouts: items and packages; some orders change status, one is cancelled.
    const checkouts: { customer: string; OrderID: string; Amount: number; kinds: string[] }[] = [];
    const record = (c: { id: string }, b: Awaited<ReturnType<typeof buy>>) => {
      assert.equal(b.status, 'Confirmed', JSON.stringify(b));
      checkouts.push({ customer: c.id, OrderID: b.OrderID, Amount: b.Amount, kinds: b.lines.map((l) => l.kind) });
      return b;
    };
    const a1 = record(
      asha,
      await buy(asha.client, {
        items: [
          { itemId: phone, quantity: 1 },
          { itemId: buds, quantity: 2 },
        ],
      }),
    );
    const a2 = record(asha, await buy(asha.client, { packages: [{ packageId, quantity: 1 }] }));
    const r1 = record(ravi, await buy(ravi.client, { items: [{ itemId: charger, quantity: 3 }] }));
    record(ravi, await buy(ravi.client, { items: [{ itemId: buds, quantity: 1 }], packages: [{ packageId, quantity: 1 }] }));
    const d1 = record(dilan, await buy(dilan.client, { items: [{ itemId: charger, quantity: 1 }] }));

    const status = async (list: 'Orders' | 'PackageOrders', id: string, s: 'Shipped' | 'Delivered' | 'Cancelled') =>
      ok(
        await sellerLogin.request('put', `/${list}/status/{id}` as '/Orders/status/{id}', { params: { id }, body: { status: s } }),
        `${id} → ${s}`,
      );
    await status('Orders', `${a1.OrderID}-I1`, 'Shipped');
    await status('Orders', `${a1.OrderID}-I1`, 'Delivered');
    await status('Orders', `${r1.OrderID}-I1`, 'Shipped');
    await status('PackageOrders', `${a2.OrderID}-P1`, 'Shipped');
    await status('Orders', `${d1.OrderID}-I1`, 'Cancelled');
    // The cancellation's refund reaches the checkout through the saga.
    await waitFor(
      async () => {
        const r = await dilan.client.get<{ _id: string; status: string }[]>('/orderhistory/getItems');
        return Array.isArray(r.body) && r.body.some((h) => h.status !== 'Paid') ? true : undefined;
      },
      20_000,
      200,
      'the refund of the cancelled order',
    );

    // Reviews: Asha and Ravi review the phone, Dilan the charger; the seller reports Ravi's; Asha edits hers.
    const review = async (c: Client, itemid: string, noofstars: number, description: string) =>
      ok(
        await known('the item in reviews', () => c.request('post', '/review/add', { body: { itemid, noofstars, description } })),
        'review',
      );
    const ashaReview = await review(asha.client, phone, 5, 'Excellent phone, fast delivery');
    const raviReview = await review(ravi.client, phone, 1, 'Rubbish seller, never again!!!');
    const dilanReview = await review(dilan.client, charger, 4, 'Charges quickly');
    ok(
      await asha.client.request('put', '/review/updateReview/{id}', {
        params: { id: String(ashaReview._id) },
        body: { description: 'Excellent phone, fast delivery. Still great after a week' },
      }),
      'edit review',
    );
    ok(
      await sellerLogin.request('put', '/review/updateRev/{reviewId}', {
        params: { reviewId: String(raviReview._id) },
        body: { reportreason: 'Abusive words', reviewstatus: true },
      }),
      'report review',
    );

    // Messages: to the admin, and to the seller.
    ok(
      await asha.client.request('post', '/contact/add', {
        body: { name: 'Asha Perera', email: 'asha@example.lk', message: 'Please add more chargers' },
      }),
      'message to admin',
    );
    const toSeller = async (c: Client, message: string) =>
      ok(
        await known('the seller in reviews', () =>
          c.request('post', '/contactsel/add', { body: { name: 'Ravi Silva', email: 'ravi@example.lk', message, sellerid: seller.id } }),
        ),
        'message to seller',
      );
    await toSeller(ravi.client, 'Is the Galaxy S24 in stock in blue?');
    await toSeller(asha.client, 'When will my buds arrive?');

    // A wishlist: Asha wish-lists the charger and the buds.
    ok(
      await known('the items in cart', () => asha.client.request('post', '/wishlist/addItems', { body: { Items: [charger, buds] } })),
      'wishlist',
    );

    // Let the relays publish and the consumers (reporting's counters, the ratings) settle.
    await new Promise((r) => setTimeout(r, 8_000));
    const endedAt = Date.now();

    // What the old version's screens showed: the upgrade test compares today's lists with these.
    const get = async (c: Client, path: string) => ok(await c.call('GET', path), `GET ${path}`) as unknown;
    const [ashaC, raviC, dilanC] = [asha.client, ravi.client, dilan.client];
    const answers = {
      dashboard: await get(world.admin, '/Admin/dashboard'),
      customerItemOrders: {
        asha: await get(ashaC, '/Orders/getOrders'),
        ravi: await get(raviC, '/Orders/getOrders'),
        dilan: await get(dilanC, '/Orders/getOrders'),
      },
      customerPackageOrders: { asha: await get(ashaC, '/PackageOrders/getOrders'), ravi: await get(raviC, '/PackageOrders/getOrders') },
      sellerItemOrders: await get(sellerLogin, '/Orders/getOrders'),
      sellerPackageOrders: await get(sellerLogin, '/PackageOrders/getOrders'),
      paymentHistory: {
        asha: await get(ashaC, '/orderhistory/getItems'),
        ravi: await get(raviC, '/orderhistory/getItems'),
        dilan: await get(dilanC, '/orderhistory/getItems'),
      },
      adminPaymentHistory: await get(world.admin, '/orderhistory/getItems'),
      adminCustomerOrders: await get(world.admin, '/customerOrders/getCusOrder'),
      phoneReviews: await get(ashaC, `/review/get?itemid=${phone}`),
      chargerReviews: await get(ashaC, `/review/get?itemid=${charger}`),
      sellerReportedReviews: await get(sellerLogin, '/review/get?reviewstatus=true'),
      adminReportedReviews: await get(world.admin, '/review/get?reviewstatus=true'),
      ashaOwnReviews: await get(ashaC, '/review/get?mine=true'),
      sellerMessages: await get(sellerLogin, '/contactsel/get'),
      adminMessages: await get(world.admin, '/contact/get'),
      cards: { asha: await get(ashaC, '/paymentdetails/get'), ravi: await get(raviC, '/paymentdetails/get') },
      ashaWishlist: ok(await ashaC.call('POST', `/wishlist/getByCustomerID/${asha.id}`), 'wishlist') as unknown,
    };

    // Dump every collection of each service's database.
    const { EJSON } = mongoose.mongo.BSON;
    const conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
    const databases: Record<string, Record<string, unknown[]>> = {};
    const ids = new Set<string>();
    try {
      for (const name of SERVICES) {
        const db = conn.useDb(`${name}-${suffix}`).db!;
        const colls: Record<string, unknown[]> = {};
        for (const c of (await db.listCollections().toArray()).map((x) => x.name).sort()) {
          colls[c] = await db.collection(c).find({}).sort({ _id: 1 }).toArray();
          for (const d of colls[c] as { _id: unknown }[]) ids.add(String(d._id));
        }
        databases[name] = colls;
      }
    } finally {
      await conn.close();
    }
    for (const c of checkouts) ids.add(c.OrderID);

    // The run's messages on the aggregate topics.
    const kafka = createKafka('upgrade-fixture', testServers().kafkaBrokers, pino({ level: 'silent' }));
    const admin = kafka.admin();
    await admin.connect();
    const topics: Record<
      string,
      { partition: number; offset: string; key: string | null; value: string | null; headers: Record<string, string>; timestamp: string }[]
    > = {};
    const consumer = kafka.consumer({ groupId: `upgrade-fixture-${Date.now()}` });
    try {
      const ranges: { topic: string; partition: number; from: bigint; to: bigint }[] = [];
      for (const topic of ALL_TOPICS) {
        const from = await admin.fetchTopicOffsetsByTimestamp(topic, startedAt);
        const to = await admin.fetchTopicOffsets(topic);
        for (const p of to) {
          const f = from.find((x) => x.partition === p.partition)!;
          if (BigInt(f.offset) < BigInt(p.high)) ranges.push({ topic, partition: p.partition, from: BigInt(f.offset), to: BigInt(p.high) });
        }
        topics[topic] = [];
      }
      await consumer.connect();
      await consumer.subscribe({ topics: [...new Set(ranges.map((r) => r.topic))] });
      const remaining = new Map(ranges.map((r) => [`${r.topic}:${r.partition}`, r]));
      let done!: () => void;
      const allRead = new Promise<void>((r) => (done = r));
      if (remaining.size === 0) done();
      await consumer.run({
        autoCommit: false,
        eachMessage: async ({ topic, partition, message }) => {
          const range = remaining.get(`${topic}:${partition}`);
          if (!range) return;
          const ts = Number(message.timestamp);
          const key = message.key?.toString() ?? null;
          const ours = key !== null && (ids.has(key) || ids.has(key.replace(/-[IP]\d+$/, '')));
          if (ours && ts >= startedAt && ts <= endedAt + 60_000)
            topics[topic]!.push({
              partition,
              offset: message.offset,
              key,
              value: message.value?.toString() ?? null,
              headers: Object.fromEntries(Object.entries(message.headers ?? {}).map(([k, v]) => [k, String(v)])),
              timestamp: message.timestamp,
            });
          if (BigInt(message.offset) + 1n >= range.to) {
            remaining.delete(`${topic}:${partition}`);
            if (remaining.size === 0) done();
          }
        },
      });
      for (const r of ranges) consumer.seek({ topic: r.topic, partition: r.partition, offset: String(r.from) });
      await Promise.race([allRead, new Promise((_, rej) => setTimeout(() => rej(new Error('reading the topics took > 60 s')), 60_000))]);
    } finally {
      await consumer.disconnect();
      await admin.disconnect();
    }

    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'databases.json'), EJSON.stringify(databases, undefined, 0, { relaxed: false }) + '\n');
    writeFileSync(join(outDir, 'topics.json'), JSON.stringify(topics) + '\n');
    const manifest = {
      commit: '7ab8169',
      writtenAt: new Date(startedAt).toISOString(),
      dbSuffix: suffix,
      services: SERVICES,
      admin: world.stack.admin,
      seller: { id: seller.id, username: seller.username, password: seller.password },
      customers: customers.map((c, i) => ({ id: c.id, email: c.email, password: c.password, username: usernames[i] })),
      items: { phone, buds, charger },
      packageId,
      cards,
      checkouts,
      reviews: { asha: String(ashaReview._id), ravi: String(raviReview._id), dilan: String(dilanReview._id) },
      answers,
      counts: Object.fromEntries(Object.entries(topics).map(([t, m]) => [t, m.length])),
    };
    writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, undefined, 2) + '\n');
    console.log(`fixture written to ${outDir}: ${JSON.stringify(manifest.counts)}`);
  } finally {
    delete process.env.KEEP_TEST_DATABASES;
    await world.stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
