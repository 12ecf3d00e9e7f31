/**
 * Wishlist alerts ("when a wish-listed item's price drops (a new or bigger discount)
 * or it comes back in stock, the customer gets one e-mail ... deduplicated per item and change,
 * with an opt-out on the profile"), on real servers (Kafka, FerretDB, Redis, MailDev) through the
 * gateway: a seller's discount e-mails each wish-lister who wants it the old and new price and
 * the item's link; the last units bought (0 left) and then restocked e-mails "back in stock"; a customer who switched the
 * profile setting off gets nothing; a customer who removed the item gets nothing; the same
 * ItemUpdated delivered again (under a new event id), and again after a crash before the read
 * model write (the cart's item state set back), e-mails nobody twice. Who wish-lists the item
 * comes from the cart's wishlist entries index on OpenSearch.
 */
import { formatLkr } from '@market/contracts';
import { createKafka, untypedPendingEvent } from '@market/platform';
import { mailsTo, testServers, uniqueName, waitFor } from '@market/platform/testing';
import type { Producer } from 'kafkajs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceable, buy } from '@market/testing';
import { itemBody, startCartWorld, type CartWorld, type Client, type Customer } from './fixtures';

let world: CartWorld;
let seller: Client;
/** Wants the alerts (the default). */
let asha: Customer;
/** Switched them off on the profile. */
let ravi: Customer;
/** Wish-listed the item, then removed it. */
let dilan: Customer;
let itemId: string;
let producer: Producer;
const name = `Pixel 8a ${uniqueName('W').replace(/[^A-Za-z0-9]/g, '')}`;

const subjectsOf = async (c: Customer) => (await mailsTo(c.body.email)).map((m) => m.subject).sort();
const mailTo = (c: Customer, subject: string) =>
  waitFor(async () => (await mailsTo(c.body.email)).find((m) => m.subject === subject), 20_000, 200, `"${subject}" to ${c.body.email}`);

/** Publishes ItemUpdated at `version` under a new event id, as a relay re-publishing would, and waits until the cart handled it. */
async function republish(version: number, data: Record<string, unknown>) {
  const { topic, envelope } = untypedPendingEvent('ItemUpdated', itemId, version, data);
  await producer.send({ topic: world.stack.topicPrefix + topic, messages: [{ key: itemId, value: JSON.stringify(envelope) }] });
  await waitFor(
    async () => ((await world.db.collection('processed_events').countDocuments({ eventId: envelope.eventId })) > 0 ? true : undefined),
    20_000,
    100,
    `the cart to handle ItemUpdated ${envelope.eventId}`,
  );
}

/** Waits until the cart's customer record has `fields` (the identity events reached it). */
async function cartKnows(c: Customer, fields: Record<string, unknown>) {
  await waitFor(
    async () => {
      const doc = await world.db.collection('customers').findOne({ _id: c.id as never });
      return doc && Object.entries(fields).every(([k, v]) => doc[k] === v) ? true : undefined;
    },
    20_000,
    100,
    `the cart to know ${JSON.stringify(fields)} of ${c.id}`,
  );
}

beforeAll(async () => {
  world = await startCartWorld(['ordering']);
  producer = createKafka('wishlist-alerts-it', testServers().kafkaBrokers, pino({ level: 'silent' })).producer({
    allowAutoTopicCreation: false,
  });
  await producer.connect();
  seller = await world.newSeller();
  [asha, ravi, dilan] = [await world.newCustomer(), await world.newCustomer(), await world.newCustomer()];
  const res = await seller.request('post', '/items/addItems', { body: itemBody({ Item_name: name, Price: 120000, Quantity: 2 }) });
  expect(res.status).toBe(201);
  itemId = res.body._id;
  await world.readModel('item', itemId, { available: true, quantity: 2 });
  for (const c of [asha, ravi, dilan]) {
    expect((await c.client.request('post', '/wishlist/addItems', { body: { Items: [itemId] } })).status).toBe(201);
  }
  // Dilan removes it again.
  const w = await dilan.client.post<{ wishlistss: { _id: string } }>(`/wishlist/getByCustomerID/${dilan.id}`);
  expect(
    (
      await dilan.client.request('put', '/wishlist/update/{wishlistId}', {
        params: { wishlistId: w.body.wishlistss._id },
        body: { Items: [] },
      })
    ).status,
  ).toBe(200);
  // Ravi switches the wishlist e-mails off on the profile.
  const { email: _e, username: _u, password: _p, ...profile } = ravi.body;
  const off = await ravi.client.request('put', '/Customer/update/{id}', {
    params: { id: ravi.id },
    body: { ...profile, wishlistAlerts: false },
  });
  expect(off.status).toBe(200);
  expect(off.body.wishlistAlerts).toBe(false);
  await cartKnows(ravi, { wishlistAlerts: false });
  await cartKnows(asha, { wishlistAlerts: true, email: asha.body.email });
}, 240_000);

afterAll(async () => {
  await producer?.disconnect();
  await world?.stop();
});

describe('wishlist alerts', () => {
  it('keeps who wish-lists the item in the wishlist entries index (a removed entry is a tombstone)', async () => {
    const alias = `cart-cart-${world.stack.dbSuffix.toLowerCase()}-wishlist-entries`;
    await fetch(`${testServers().opensearchUrl}/${alias}/_refresh`, { method: 'POST' });
    const res = await fetch(`${testServers().opensearchUrl}/${alias}/_search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { bool: { filter: [{ term: { itemId } }, { term: { deleted: false } }] } }, size: 100 }),
    });
    const hits = ((await res.json()) as { hits: { hits: { _source: { customerId: string } }[] } }).hits.hits;
    expect(hits.map((h) => h._source.customerId).sort()).toEqual([asha.id, ravi.id].sort());
  });

  it('e-mails a price drop (a new discount) with the old and new price and the link, once', async () => {
    const r = await seller.request('put', '/items/updateDiscount/{id}', {
      params: { id: itemId },
      body: { DiscountStatus: true, DiscountPrecentage: 10 },
    });
    expect(r.status).toBe(200);
    const mail = await mailTo(asha, `Price drop: ${name} is now ${formatLkr(10_800_000)}`);
    expect(mail.text).toContain('Was: Rs. 120,000.00');
    expect(mail.text).toContain('Now: Rs. 108,000.00');
    expect(mail.text).toContain(`See it: http://localhost:3000/Customer/ItemDetails/${itemId}`);
    expect(mail.text).toContain('E-mail me about my wishlist');
  });

  it('e-mails "back in stock" when the stock goes from 0 to more', async () => {
    // Another customer buys the last two units: 0 left, sold out (no e-mail: nothing to buy).
    const buyer = await world.newCustomer();
    await priceable(buyer.client, itemId);
    const bought = await buy(buyer.client, { items: [{ itemId, quantity: 2 }] });
    expect(bought.status).toBe('Confirmed');
    await world.readModel('item', itemId, { quantity: 0, available: false });
    // The seller restocks.
    expect(
      (await seller.request('put', '/items/update/{id}', { params: { id: itemId }, body: { Quantity: 4, ItemAvailabilityStatus: true } }))
        .status,
    ).toBe(200);
    const mail = await mailTo(asha, `${name} is back in stock`);
    expect(mail.text).toContain(`Good news: ${name} on your wishlist is back in stock.`);
    expect(mail.text).toContain('Price: Rs. 108,000.00');
    expect(await subjectsOf(asha)).toEqual([`${name} is back in stock`, `Price drop: ${name} is now Rs. 108,000.00`].sort());
  });

  it('e-mails nobody twice when the ItemUpdated is delivered again, even after a crash before the read model write', async () => {
    const items = world.db.collection('item_availability');
    await world.readModel('item', itemId, { quantity: 4 });
    const now = await items.findOne({ _id: itemId as never });
    const item = (await seller.request('get', '/items/get/{id}', { params: { id: itemId } })).body;
    const data = {
      itemId,
      Item_name: name,
      Brand: item.Brand,
      Model: item.Model,
      Category: item.Category,
      SellerID: item.SellerID,
      Stock_keeping_unit: item.Stock_keeping_unit,
      priceCents: 12_000_000,
      finalPriceCents: 10_800_000,
      DiscountStatus: true,
      DiscountPrecentage: 10,
      ItemAvailabilityStatus: true,
      Quantity: 4,
      Images: [],
    };
    const version = now!.aggregateVersion as number;
    // The same change again, under a new event id: not newer than the cart's state, nobody is e-mailed.
    await republish(version, data);
    // As if the cart had e-mailed about the last change and died before writing the item's new
    // state: the state before it (0 units) is back, at the version before; the redelivery finds
    // the change again and its e-mails already queued.
    await items.updateOne({ _id: itemId as never }, { $set: { quantity: 0, available: false, aggregateVersion: version - 1 } });
    await republish(version, data);
    await world.readModel('item', itemId, { quantity: 4, aggregateVersion: version });
    await new Promise((r) => setTimeout(r, 2000));
    expect(await subjectsOf(asha)).toEqual([`${name} is back in stock`, `Price drop: ${name} is now Rs. 108,000.00`].sort());
  });

  it('refuses a setting that is not on or off, changing nothing', async () => {
    const { email: _e, username: _u, password: _p, ...profile } = ravi.body;
    const bad = await ravi.client.put<{ error: string; fields?: Record<string, string> }>(`/Customer/update/${ravi.id}`, {
      ...profile,
      wishlistAlerts: 'yes',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.wishlistAlerts).toBe('Wishlist e-mails must be on or off');
    expect((await ravi.client.request('get', '/Customer/get/{id}', { params: { id: ravi.id } })).body.wishlistAlerts).toBe(false);
  });

  it('e-mails nothing to a customer who switched the alerts off or removed the item', async () => {
    expect(await subjectsOf(ravi)).toEqual([]);
    expect(await subjectsOf(dilan)).toEqual([]);
  });
});
