/**
 * The reviews and messages read models against real FerretDB and OpenSearch, below the HTTP
 * layer: the projection's writes are idempotent by aggregateVersion (a duplicate or an older
 * event changes nothing, a deletion is a tombstone an older event cannot undo), the list queries
 * filter, scope, sort and count as the routes need, two creates of one customer's review of one
 * item leave one document (its natural-key `_id`), and the messages index is rebuilt from the
 * collections with deletions made meanwhile left out. The HTTP paths are covered in
 * reviews.int.test.ts.
 */
import { isDuplicateKey, SearchIndex } from '@market/platform';
import { testServers, uniqueName } from '@market/platform/testing';
import type { EventEnvelope } from '@market/contracts';
import mongoose, { Types, type Connection } from 'mongoose';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageIndexDefinition, messageListSearch, type MessageRow } from '../src/domain/messageSearch';
import { reviewIndexDefinition, reviewListSearch, type ReviewRow } from '../src/domain/reviewSearch';
import { reviewCreated } from '../src/events/reviewEvents';
import { reviewOps, type ReviewSources } from '../src/events/reviewProjection';
import {
  contactModel,
  contactSellerModel,
  createIndexed,
  deleteIndexed,
  rebuildMessageIndex,
  type MessageDoc,
} from '../src/store/messages';
import { readModels } from '../src/store/readModels';
import { reviewIdOf, reviewModel, type ReviewDoc } from '../src/store/reviews';

const name = uniqueName('review-lists')
  .replace(/[^\w-]/g, '')
  .toLowerCase();
const logger = pino({ level: 'silent' });
let conn: Connection;
let reviewIndex: SearchIndex<ReviewRow>;
let messageIndex: SearchIndex<MessageRow>;
let src: ReviewSources;

const hex = () => String(new Types.ObjectId());
const item = hex();
const seller = hex();

beforeAll(async () => {
  conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: name }).asPromise();
  const common = { url: testServers().opensearchUrl, replicas: 0, logger };
  reviewIndex = new SearchIndex<ReviewRow>({ ...common, alias: `${name}-reviews`, definition: reviewIndexDefinition });
  messageIndex = new SearchIndex<MessageRow>({ ...common, alias: `${name}-messages`, definition: messageIndexDefinition });
  const rm = readModels(conn);
  src = { reviews: reviewModel(conn), items: rm.items };
  await src.reviews.init();
  await rm.items.create({ _id: item, Item_name: 'Galaxy Tab', Brand: 'Samsung', Model: 'S9', SellerID: seller, deleted: false });
}, 30_000);

afterAll(async () => {
  await fetch(`${testServers().opensearchUrl}/${name}-*`, { method: 'DELETE' }).catch(() => undefined);
  await Promise.all([reviewIndex?.close(), messageIndex?.close()]);
  await conn?.dropDatabase();
  await conn?.close();
});

const review = (customerid: string, over: Partial<ReviewDoc> = {}): ReviewDoc =>
  ({
    _id: reviewIdOf(customerid, item),
    itemid: item,
    customerid,
    description: 'ok',
    date: '2026-01-01T00:00:00.000Z',
    noofstars: 4,
    reviewstatus: false,
    reportreason: '',
    sellerid: '',
    deleted: false,
    tombstone: false,
    aggregateVersion: 1,
    pendingEvents: [],
    ...over,
  }) as ReviewDoc;

const event = (r: ReviewDoc, type = 'ReviewUpdated'): EventEnvelope =>
  ({ ...reviewCreated(r, r.aggregateVersion).envelope, type }) as EventEnvelope;

async function project(events: EventEnvelope[]): Promise<void> {
  await reviewIndex.bulk(await reviewOps(src, events), { refresh: 'wait_for' });
}

const list = async (q: Parameters<typeof reviewListSearch>[0], caller: Parameters<typeof reviewListSearch>[1] = null) => {
  const found = await reviewIndex.search(reviewListSearch(q, caller), { size: 100 });
  return { total: found.total, rows: found.views.map((v) => [v.customerid, v.description]) };
};

describe('reviews read model', () => {
  it('converges on the newest state whatever the order, and keeps a deleted review out', async () => {
    const [a, b] = [hex(), hex()];
    await src.reviews.create(review(a, { description: 'first' }));
    await src.reviews.create(review(b, { date: '2026-01-02T00:00:00.000Z', description: 'newer' }));
    const aOld = review(a);
    await project([event(aOld, 'ReviewCreated'), event(review(b), 'ReviewCreated'), event(aOld, 'ReviewCreated')]);
    expect(await list({ itemid: item })).toEqual({
      total: 2,
      rows: [
        [b, 'newer'],
        [a, 'first'],
      ],
    });

    // An edit and a report reach the index at version 3; an older event afterwards changes nothing.
    await src.reviews.updateOne(
      { _id: reviewIdOf(a, item) },
      { $set: { description: 'edited', reviewstatus: true, reportreason: 'spam', sellerid: seller, aggregateVersion: 3 } },
    );
    await project([event(review(a, { aggregateVersion: 3 }), 'ReviewReported')]);
    await reviewIndex.bulk([{ kind: 'put', id: String(reviewIdOf(a, item)), doc: { view: { ...aOld, _id: 'x' } }, version: 2 }]);
    expect(await list({ reviewstatus: true }, { role: 'admin', id: 'admin' } as never)).toEqual({ total: 1, rows: [[a, 'edited']] });
    expect(await list({ customerid: a })).toEqual({ total: 1, rows: [[a, 'edited']] });
    // A seller sees reviews of own items, whatever sellerid they send; q matches brand or model.
    expect((await list({ sellerid: hex() }, { role: 'seller', id: seller } as never)).total).toBe(2);
    expect((await list({ q: 'SAMS' })).total).toBe(2);
    expect((await list({ q: 'iphone' })).total).toBe(0);

    // Deleted (a tombstone at version 4): gone, and a late older event does not bring it back.
    await src.reviews.updateOne({ _id: reviewIdOf(a, item) }, { $set: { tombstone: true, aggregateVersion: 4 } });
    await project([event(review(a, { aggregateVersion: 4 }), 'ReviewDeleted'), event(aOld, 'ReviewCreated')]);
    await reviewIndex.bulk([{ kind: 'put', id: String(reviewIdOf(a, item)), doc: {}, version: 3 }], { refresh: 'wait_for' });
    expect(await list({ itemid: item })).toEqual({ total: 1, rows: [[b, 'newer']] });
  });

  it('keeps one review per customer per item: two creates at once leave one document', async () => {
    const c = hex();
    const outcomes = await Promise.allSettled([src.reviews.create(review(c)), src.reviews.create(review(c, { noofstars: 2 }))]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const failed = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(isDuplicateKey(failed.reason)).toBe(true);
    // A 24-hex ObjectId, the same for the pair every time, another for another item.
    expect(String(reviewIdOf(c, item))).toMatch(/^[0-9a-f]{24}$/);
    expect(String(reviewIdOf(c, item))).not.toBe(String(reviewIdOf(c, hex())));
  });
});

describe('messages read model', () => {
  it('lists each owner’s messages newest first, and a rebuild lists what is stored, without what was deleted', async () => {
    const contact = contactModel(conn);
    const contactsel = contactSellerModel(conn);
    const msg = (n: number, sellerid?: string): MessageDoc => ({
      _id: new Types.ObjectId(),
      name: `Sender ${n}`,
      email: 'a@b.lk',
      message: `<b>${n}</b>`,
      customerid: hex(),
      ...(sellerid ? { sellerid } : {}),
      createdAt: new Date(Date.UTC(2026, 0, n)),
    });
    for (const n of [1, 2, 3]) await createIndexed(contact, messageIndex, msg(n));
    const toSeller = await createIndexed(contactsel, messageIndex, msg(4, seller));
    const names = async (owner: string) => (await messageIndex.search(messageListSearch(owner), { size: 50 })).views.map((m) => m.name);
    expect(await names('admin')).toEqual(['Sender 3', 'Sender 2', 'Sender 1']);
    expect(await names(`s:${seller}`)).toEqual(['Sender 4']);

    // Stored without the index (as before the read model existed), and one deleted.
    await contact.collection.insertOne(msg(5) as never);
    await deleteIndexed(contactsel, messageIndex, toSeller);
    const rebuilt = await rebuildMessageIndex(messageIndex, [contact, contactsel]);
    expect(rebuilt.count).toBe(4);
    expect(await names('admin')).toEqual(['Sender 5', 'Sender 3', 'Sender 2', 'Sender 1']);
    expect(await names(`s:${seller}`)).toEqual([]);
    expect((await rebuildMessageIndex(messageIndex, [contact, contactsel])).count).toBe(4);
  });
});
