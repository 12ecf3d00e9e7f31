/**
 * Conversations (issue 30 item 6), through the gateway on real servers (Kafka, FerretDB,
 * OpenSearch, Redis, the e-mail worker and MailDev): a customer's contact message to a seller
 * starts a thread about the item it names; the seller and the customer reply in turn (each write
 * based on the version seen, a stale one 409 with the thread as it is); each side's unread count;
 * the e-mail notice of a reply links to the thread and does not carry its text; nobody else reads
 * it (404) until the customer asks the marketplace's team for help, when the admins list, read and
 * answer it; a message to the admin is a thread the admins answer. The documented contact paths
 * keep answering as before.
 */
import {
  Topics,
  THREAD_CHANGED,
  THREAD_HELP_ALREADY,
  THREAD_NOT_FOUND,
  THREAD_REPLY_REQUIRED,
  type ThreadSummary,
} from '@market/contracts';
import { mailsTo, testServers, uniqueName, waitFor } from '@market/platform/testing';
import { Types } from 'mongoose';
import pino from 'pino';
import { createKafka, untypedPendingEvent } from '@market/platform';
import { contactModel, contactSellerModel } from '../src/store/messages';
import { readModels } from '../src/store/readModels';
import { threadModel } from '../src/store/threads';
import { backfillThreads } from '../src/threads/backfill';
import { acceptedSeller, itemBody, newSellerRequest, startCatalogueWorld, type CatalogueWorld, type Client } from '@market/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let world: CatalogueWorld;
let seller: { client: Client; id: string };
let sellerEmail: string;
let otherSeller: { client: Client; id: string };
let alice: { client: Client; id: string };
let bob: { client: Client; id: string };
let itemId: string;
let itemName: string;

beforeAll(async () => {
  world = await startCatalogueWorld(['reviews']);
  const request = newSellerRequest();
  sellerEmail = request.email;
  seller = await acceptedSeller(world.stack.gatewayUrl, world.admin, request);
  otherSeller = await world.newSeller();
  alice = await world.newCustomer();
  bob = await world.newCustomer();
  itemName = `Galaxy ${uniqueName('t').slice(-6)}`;
  const added = await seller.client.request('post', '/items/addItems', { body: itemBody({ Item_name: itemName }) });
  expect(added.status).toBe(201);
  itemId = added.body._id;
}, 240_000);

afterAll(async () => {
  await world?.stack.stop();
});

const unread = async (c: Client) => {
  const r = await c.request('get', '/threads/unread');
  expect(r.status).toBe(200);
  return r.body.threads;
};
const open = async (c: Client, id: string) => c.request('get', '/threads/{id}', { params: { id } });

describe('a conversation between a customer and a seller', () => {
  const aliceEmail = `${uniqueName('alice')}@example.lk`;
  let threadId: string;

  it('starts with the contact message, tied to its item, and the seller sees one unread conversation', async () => {
    // The item and the seller reach the reviews read models through Kafka; 404 until then.
    const sent = await waitFor(
      async () => {
        const r = await alice.client.request('post', '/contactsel/add', {
          body: { name: 'Alice Perera', email: aliceEmail, message: 'Is the blue one in stock?', sellerid: seller.id, itemid: itemId },
        });
        return r.status === 404 ? undefined : r;
      },
      30_000,
      200,
      'the seller and the item in reviews',
    );
    expect(sent.status).toBe(201);
    threadId = sent.body._id;

    // The documented list still has the message.
    const legacy = await seller.client.request('get', '/contactsel/get');
    expect((legacy.body as { _id: string }[]).map((m) => m._id)).toContain(threadId);

    const mine = await alice.client.request('get', '/threads', { query: { page: 1, limit: 10 } });
    expect(mine.status).toBe(200);
    const row = (mine.body as { items: ThreadSummary[] }).items.find((t) => t._id === threadId)!;
    expect(row).toMatchObject({ kind: 'seller', sellerid: seller.id, messageCount: 1, about: { kind: 'item', id: itemId } });
    expect(row.about.title).toContain(itemName);
    expect(row.unread).toEqual({ customer: 0, seller: 1, admin: 0 });

    expect(await unread(seller.client)).toBe(1);
    expect(await unread(alice.client)).toBe(0);
    const sellerList = await seller.client.request('get', '/threads', { query: { unread: 'true' } });
    expect((sellerList.body as ThreadSummary[]).map((t) => t._id)).toEqual([threadId]);
  });

  it('is not shown to another customer, another seller or the admins (404)', async () => {
    for (const c of [bob.client, otherSeller.client, world.admin]) {
      const r = await open(c, threadId);
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ error: THREAD_NOT_FOUND });
      const listed = await c.request('get', '/threads');
      expect((listed.body as ThreadSummary[]).map((t) => t._id)).not.toContain(threadId);
    }
    expect(
      (await bob.client.request('post', '/threads/{id}/messages', { params: { id: threadId }, body: { text: 'hi', version: 1 } })).status,
    ).toBe(404);
    expect((await open(alice.client, 'not-an-id')).status).toBe(404);
    // Bad input is a clear 400, never a 500.
    expect((await alice.client.call('GET', '/threads?unread=maybe')).status).toBe(400);
    expect((await alice.client.call('POST', `/threads/${threadId}/messages`, { text: 'hi', version: 'latest' })).status).toBe(400);
    expect((await alice.client.call('PUT', `/threads/${threadId}/read`, { version: -1 })).status).toBe(400);
    expect((await alice.client.call('POST', `/threads/${threadId}/messages`, { text: 'x'.repeat(2001), version: 1 })).status).toBe(400);
  });

  it('lets the seller read and reply (a read mark does not make the version stale)', async () => {
    const seen = await open(seller.client, threadId);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      you: 'seller',
      version: 1,
      messages: [{ n: 0, from: 'customer', text: 'Is the blue one in stock?' }],
    });

    const read = await seller.client.request('put', '/threads/{id}/read', { params: { id: threadId }, body: { version: 1 } });
    expect(read.status).toBe(200);
    expect(read.body.unread.seller).toBe(0);
    expect(read.body.version).toBe(2);
    expect(await unread(seller.client)).toBe(0);

    const empty = await seller.client.request('post', '/threads/{id}/messages', {
      params: { id: threadId },
      body: { text: '  ', version: 2 },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: THREAD_REPLY_REQUIRED });

    // Based on version 1: only the seller's own read mark came after it, so the reply goes out.
    const replied = await seller.client.request('post', '/threads/{id}/messages', {
      params: { id: threadId },
      body: { text: 'Yes, three left in blue.', version: 1 },
    });
    expect(replied.status).toBe(201);
    expect(replied.body.messages.at(-1)).toMatchObject({ n: 1, from: 'seller', text: 'Yes, three left in blue.' });
    expect(replied.body.version).toBe(3);
    expect(await unread(alice.client)).toBe(1);
    expect(await unread(seller.client)).toBe(0);
  });

  it('e-mails the customer a notice with the link to the thread, without the reply', async () => {
    const mail = await waitFor(
      async () => (await mailsTo(aliceEmail)).find((m) => /New reply from/.test(m.subject)),
      30_000,
      300,
      'reply notice',
    );
    expect(mail.text).toContain(`/Customer/Messages/${threadId}`);
    expect(mail.text).toContain(itemName);
    expect(mail.text).not.toContain('three left in blue');
  });

  it("refuses the customer's answer based on a version before the seller's reply (409 with the thread as it is)", async () => {
    const stale = await alice.client.request('post', '/threads/{id}/messages', {
      params: { id: threadId },
      body: { text: 'Hello?', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: THREAD_CHANGED, thread: { version: 3, messageCount: 2, you: 'customer' } });
    // Marking read up to version 1 leaves the seller's newer reply unread.
    const readOld = await alice.client.request('put', '/threads/{id}/read', { params: { id: threadId }, body: { version: 1 } });
    expect(readOld.status).toBe(200);
    expect(readOld.body.unread.customer).toBe(1);
  });

  it('lets the customer answer; the seller is told by e-mail and counts it unread', async () => {
    const seen = await open(alice.client, threadId);
    expect(seen.body).toMatchObject({ you: 'customer', unread: { customer: 1 } });
    const answered = await alice.client.request('post', '/threads/{id}/messages', {
      params: { id: threadId },
      body: { text: 'Great, I will order today.', version: seen.body.version },
    });
    expect(answered.status).toBe(201);
    expect(answered.body.unread).toMatchObject({ customer: 0, seller: 1 });
    expect(await unread(alice.client)).toBe(0);
    expect(await unread(seller.client)).toBe(1);
    const mail = await waitFor(
      async () => (await mailsTo(sellerEmail)).find((m) => /New reply from Alice Perera/.test(m.subject)),
      30_000,
      300,
      'seller notice',
    );
    expect(mail.text).toContain(`/Seller/Contact/${threadId}`);
    expect(mail.text).not.toContain('order today');
  });

  it('lets the customer ask the admins for help once; the admins then list, read and answer it', async () => {
    expect((await world.admin.request('get', '/threads')).body as ThreadSummary[]).not.toContainEqual(
      expect.objectContaining({ _id: threadId }),
    );
    const before = await open(alice.client, threadId);
    const help = await alice.client.request('put', '/threads/{id}/help', {
      params: { id: threadId },
      body: { version: before.body.version },
    });
    expect(help.status).toBe(200);
    expect(help.body.help).toMatchObject({ by: 'customer' });
    const again = await alice.client.request('put', '/threads/{id}/help', {
      params: { id: threadId },
      body: { version: help.body.version },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: THREAD_HELP_ALREADY });

    const adminList = await world.admin.request('get', '/threads', { query: { unread: 'true' } });
    expect((adminList.body as ThreadSummary[]).map((t) => t._id)).toContain(threadId);
    expect(await unread(world.admin)).toBeGreaterThanOrEqual(1);
    const seen = await open(world.admin, threadId);
    expect(seen.status).toBe(200);
    expect(seen.body.you).toBe('admin');
    expect(seen.body.messages).toHaveLength(3);
    const answered = await world.admin.request('post', '/threads/{id}/messages', {
      params: { id: threadId },
      body: { text: 'We asked the seller to hold one for you.', version: seen.body.version },
    });
    expect(answered.status).toBe(201);
    expect(answered.body.messages.at(-1)).toMatchObject({ from: 'admin', authorName: 'Marketplace team' });
    expect((await open(seller.client, threadId)).body.messages.at(-1)).toMatchObject({ from: 'admin' });
    expect(await unread(alice.client)).toBe(1);
  });
});

describe('a message about an order', () => {
  it("names one of the customer's orders with a line of that seller; anyone else's order is 404", async () => {
    // The order as ordering publishes it (OrderPlaced on the stack's order topic): Alice's, one line of the seller's item.
    const kafka = createKafka('threads-it', testServers().kafkaBrokers, pino({ level: 'silent' }));
    const producer = kafka.producer();
    await producer.connect();
    const orderId = uniqueName('ORD')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(-16);
    try {
      const envelope = untypedPendingEvent('OrderPlaced', orderId, 1, {
        orderId,
        customerId: alice.id,
        items: [{ itemId, quantity: 1, sellerId: seller.id }],
        packages: [],
      }).envelope;
      await producer.send({ topic: world.stack.topicPrefix + Topics.order, messages: [{ key: orderId, value: JSON.stringify(envelope) }] });
    } finally {
      await producer.disconnect();
    }
    const about = (c: Client, sellerid: string) =>
      c.request('post', '/contactsel/add', {
        body: { name: 'Alice Perera', email: 'alice@example.lk', message: 'Where is my order?', sellerid, orderid: orderId },
      });
    const sent = await waitFor(
      async () => {
        const r = await about(alice.client, seller.id);
        return r.status === 404 ? undefined : r;
      },
      30_000,
      300,
      'the order in reviews',
    );
    expect(sent.status).toBe(201);
    const t = await open(seller.client, sent.body._id);
    expect(t.body.about).toEqual({ kind: 'order', id: orderId, title: `Order ${orderId}` });
    // Another customer, another seller, both subjects at once.
    expect((await about(bob.client, seller.id)).body).toMatchObject({ error: 'Order not found' });
    expect((await about(alice.client, otherSeller.id)).status).toBe(404);
    const both = await alice.client.request('post', '/contact/add', {
      body: { name: 'Alice Perera', email: 'alice@example.lk', message: 'Both', itemid: itemId, orderid: orderId },
    });
    expect(both.status).toBe(400);
    // To the marketplace team: her own order is fine.
    const toTeam = await alice.client.request('post', '/contact/add', {
      body: { name: 'Alice Perera', email: 'alice@example.lk', message: 'Refund?', orderid: orderId },
    });
    expect(toTeam.status).toBe(201);
  });
});

describe('messages sent before conversations existed', () => {
  it('get their conversations from the backfill, listed once the service publishes them', async () => {
    const mongoose = (await import('mongoose')).default;
    const conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: `reviews-${world.stack.dbSuffix}` }).asPromise();
    try {
      const contactsel = contactSellerModel(conn);
      const legacy = await contactsel.create({
        _id: new Types.ObjectId(),
        name: 'Kasun Silva',
        email: 'kasun@example.lk',
        message: 'Written before conversations',
        customerid: bob.id,
        sellerid: seller.id,
        createdAt: new Date('2026-10-01T05:00:00Z'),
      });
      const id = String(legacy._id);
      expect((await open(seller.client, id)).status).toBe(404);
      const deps = { threads: threadModel(conn), contact: contactModel(conn), contactsel, sellers: readModels(conn).sellers };
      expect(await backfillThreads(deps)).toBeGreaterThanOrEqual(1);
      expect(await backfillThreads(deps)).toBe(0);
      // Readable at once by `_id`; listed once the service's relay published ThreadStarted and its projection indexed it.
      expect((await open(seller.client, id)).body).toMatchObject({ kind: 'seller', messages: [{ text: 'Written before conversations' }] });
      await waitFor(
        async () => ((await bob.client.request('get', '/threads')).body as ThreadSummary[]).find((t) => t._id === id),
        30_000,
        300,
        'the earlier message listed as a conversation',
      );
      expect(((await seller.client.request('get', '/threads')).body as ThreadSummary[]).map((t) => t._id)).toContain(id);
    } finally {
      await conn.close();
    }
  });
});

describe('a message to the marketplace team', () => {
  it('is a conversation the admins answer and the customer reads', async () => {
    const sent = await bob.client.request('post', '/contact/add', {
      body: { name: 'Bob Silva', email: `${uniqueName('bob')}@example.lk`, message: 'Where is my refund?' },
    });
    expect(sent.status).toBe(201);
    const id = sent.body._id;
    const legacy = await world.admin.request('get', '/contact/get');
    expect((legacy.body as { _id: string }[]).map((m) => m._id)).toContain(id);

    const listed = await world.admin.request('get', '/threads', { query: { unread: 'true' } });
    expect((listed.body as ThreadSummary[]).find((t) => t._id === id)).toMatchObject({
      kind: 'admin',
      about: { kind: 'none' },
      unread: { admin: 1 },
    });
    const seen = await open(world.admin, id);
    const answered = await world.admin.request('post', '/threads/{id}/messages', {
      params: { id },
      body: { text: 'It was sent today.', version: seen.body.version },
    });
    expect(answered.status).toBe(201);
    expect(await unread(bob.client)).toBe(1);
    expect((await open(bob.client, id)).body.messages.map((m: { from: string }) => m.from)).toEqual(['customer', 'admin']);
    // A seller never reaches a thread with the team, nor asks help in it.
    expect((await open(seller.client, id)).status).toBe(404);
    expect(
      (await bob.client.request('put', '/threads/{id}/help', { params: { id }, body: { version: answered.body.version } })).status,
    ).toBe(409);
  });

  it("refuses another seller's item as the subject (404) and stores nothing", async () => {
    // Once the other seller is in the read model, the refusal is the item's.
    const r = await waitFor(
      async () => {
        const a = await alice.client.request('post', '/contactsel/add', {
          body: { name: 'Alice Perera', email: 'alice@example.lk', message: 'About this one', sellerid: otherSeller.id, itemid: itemId },
        });
        return a.status === 404 && (a.body as unknown as { error: string }).error === 'Seller not found' ? undefined : a;
      },
      30_000,
      200,
      'the other seller in reviews',
    );
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ error: 'Item not found' });
  });
});

describe('deleting a conversation from one list', () => {
  const ids = async (c: Client) => ((await c.request('get', '/threads')).body as ThreadSummary[]).map((t) => t._id);

  it("takes it off the seller's list only, refuses a stale delete, and brings it back when the customer writes", async () => {
    // The seller reached the reviews read model in the first test.
    const sent = await bob.client.request('post', '/contactsel/add', {
      body: { name: 'Bob Silva', email: `${uniqueName('bob')}@example.lk`, message: 'Do you deliver to Jaffna?', sellerid: seller.id },
    });
    expect(sent.status).toBe(201);
    const id: string = sent.body._id;
    const seen = await open(seller.client, id);
    // Another customer, another seller and the admins do not reach it.
    for (const c of [alice.client, otherSeller.client, world.admin])
      expect((await c.request('put', '/threads/{id}/archive', { params: { id }, body: { version: seen.body.version } })).status).toBe(404);

    // A message the seller has not seen refuses the delete, and nothing changes.
    const more = await bob.client.request('post', '/threads/{id}/messages', {
      params: { id },
      body: { text: 'Or to Kandy?', version: seen.body.version },
    });
    expect(more.status).toBe(201);
    const stale = await seller.client.request('put', '/threads/{id}/archive', { params: { id }, body: { version: seen.body.version } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: THREAD_CHANGED });
    expect(await ids(seller.client)).toContain(id);

    const gone = await seller.client.request('put', '/threads/{id}/archive', { params: { id }, body: { version: more.body.version } });
    expect(gone.status).toBe(200);
    expect(gone.body.archivedBy).toEqual(['seller']);
    expect(await ids(seller.client)).not.toContain(id);
    expect(await ids(bob.client)).toContain(id);
    // Still readable by its link, and deleting again changes nothing.
    expect((await open(seller.client, id)).status).toBe(200);
    const again = await seller.client.request('put', '/threads/{id}/archive', { params: { id }, body: { version: gone.body.version } });
    expect(again.body.version).toBe(gone.body.version);

    const back = await bob.client.request('post', '/threads/{id}/messages', {
      params: { id },
      body: { text: 'Any news?', version: gone.body.version },
    });
    expect(back.status).toBe(201);
    const listed = ((await seller.client.request('get', '/threads')).body as ThreadSummary[]).find((t) => t._id === id);
    expect(listed).toMatchObject({ unread: { seller: 1 } });
    expect(listed?.archivedBy).toBeUndefined();
  });

  it("the documents' message delete also takes the conversation off the seller's list", async () => {
    const sent = await alice.client.request('post', '/contactsel/add', {
      body: { name: 'Alice Fernando', email: `${uniqueName('alice')}@example.lk`, message: 'Is the warranty local?', sellerid: seller.id },
    });
    expect(sent.status).toBe(201);
    const id: string = sent.body._id;
    expect(await ids(seller.client)).toContain(id);
    const deleted = await seller.client.request('delete', '/contactsel/delete/{id}', { params: { id } });
    expect(deleted.status).toBe(200);
    expect(await ids(seller.client)).not.toContain(id);
    expect(await ids(alice.client)).toContain(id);
  });
});
