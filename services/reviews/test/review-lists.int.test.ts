/**
 * The paged review and message lists against FerretDB, below the HTTP layer:
 * one entry per review through repeated and concurrent listings and edits, a removal done twice
 * counts once, a deleted review is not listed again, and reviews and messages written before the
 * lists existed are listed once by the start-up backfill. The HTTP paths are covered in
 * reviews.int.test.ts.
 */
import { testServers, uniqueName } from '@market/platform/testing';
import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillMessageLists, contactModel, contactSellerModel, messageLists } from '../src/store/messages';
import { allocateReviewSlots, backfillReviewLists, listReview, reviewListId, reviewLists, unlistReview } from '../src/store/reviewLists';
import { reviewModel, type ReviewDoc } from '../src/store/reviews';

let conn: Connection;

beforeAll(async () => {
  conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: uniqueName('review-lists').replace(/[^\w-]/g, '') }).asPromise();
}, 30_000);

afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

const review = (over: Partial<ReviewDoc>): ReviewDoc =>
  ({
    _id: new Types.ObjectId(),
    itemid: 'item-1',
    customerid: 'cust-1',
    description: 'ok',
    date: '2026-01-01T00:00:00.000Z',
    noofstars: 4,
    reviewstatus: false,
    reportreason: '',
    sellerid: '',
    deleted: false,
    aggregateVersion: 1,
    pendingEvents: [],
    ...over,
  }) as ReviewDoc;

describe('review lists', () => {
  it('keeps one entry per review through edits, lists nothing deleted, and removes once', async () => {
    const reviews = reviewModel(conn);
    const lists = reviewLists(conn);
    await reviews.init();
    const a = review({ listSeller: 'seller-1' });
    a.listSlots = await allocateReviewSlots(lists, a, 'seller-1');
    const b = review({ listSeller: 'seller-1', customerid: 'cust-2', date: '2026-01-02T00:00:00.000Z' });
    b.listSlots = await allocateReviewSlots(lists, b, 'seller-1');
    await reviews.collection.insertMany([a, b] as never[]);
    await Promise.all([listReview(lists, reviews, a), listReview(lists, reviews, b), listReview(lists, reviews, a)]);
    const item = reviewListId({ by: 'i', id: 'item-1' });
    expect(await lists.page(item, 0, 10)).toMatchObject({ total: 2 });
    expect((await lists.page(item, 0, 10)).rows.map(([k]) => k)).toEqual([String(b._id), String(a._id)]);

    // An edit (a re-add with a new date, a report) rewrites the same entry in place.
    await reviews.updateOne({ _id: a._id }, { $set: { date: '2026-01-03T00:00:00.000Z', reviewstatus: true } });
    await listReview(lists, reviews, a);
    const page = await lists.page(item, 0, 10);
    expect(page.total).toBe(2);
    expect(page.rows.map(([k, e]) => [k, e.r])).toEqual([
      [String(a._id), 1],
      [String(b._id), 0],
    ]);
    expect((await lists.page(reviewListId({ by: 's', id: 'seller-1' }), 0, 10)).total).toBe(2);
    expect((await lists.page(reviewListId({ by: 'c', id: 'cust-1' }), 0, 10)).rows.map(([k]) => k)).toEqual([String(a._id)]);

    // Deleted: removed once (a rerun changes nothing), and a late writer does not list it again.
    await reviews.updateOne({ _id: a._id }, { $set: { deleted: true } });
    await unlistReview(lists, a);
    await unlistReview(lists, a);
    await listReview(lists, reviews, a);
    expect(await lists.page(item, 0, 10)).toMatchObject({ total: 1, rows: [[String(b._id), expect.anything()]] });
  });

  it('backfills reviews and messages written before the lists existed, once', async () => {
    const reviews = reviewModel(conn);
    const lists = reviewLists(conn);
    await reviews.init();
    const old = [1, 2, 3].map((d) => review({ itemid: 'item-9', date: `2026-02-0${d}T00:00:00.000Z`, customerid: `c${d}` }));
    await reviews.collection.insertMany(old as never[]);
    await reviews.collection.insertOne(review({ itemid: 'item-9', deleted: true }) as never);
    expect(await backfillReviewLists(reviews, lists, async () => 'seller-9')).toBe(3);
    expect(await backfillReviewLists(reviews, lists, async () => 'seller-9')).toBe(0);
    const page = await lists.page(reviewListId({ by: 'i', id: 'item-9' }), 0, 10);
    expect(page.rows.map(([k]) => k)).toEqual(old.reverse().map((r) => String(r._id)));
    expect((await lists.page(reviewListId({ by: 's', id: 'seller-9' }), 0, 10)).total).toBe(3);

    const contact = contactModel(conn);
    const contactsel = contactSellerModel(conn);
    const inbox = messageLists(conn);
    const msg = (n: number, sellerid?: string) => ({
      _id: new Types.ObjectId(),
      name: 'N',
      email: 'n@example.com',
      message: `m${n}`,
      customerid: 'c1',
      createdAt: new Date(Date.UTC(2026, 0, n)),
      ...(sellerid ? { sellerid } : {}),
    });
    await contact.collection.insertMany([msg(1), msg(2)] as never[]);
    await contactsel.collection.insertMany([msg(3, 's1'), msg(4, 's2'), msg(5, 's1')] as never[]);
    expect(await backfillMessageLists([contact, contactsel], inbox)).toBe(5);
    expect(await backfillMessageLists([contact, contactsel], inbox)).toBe(0);
    expect((await inbox.page('m:admin', 0, 10)).total).toBe(2);
    expect((await inbox.page('m:s:s1', 0, 10)).rows.map(([, e]) => e.t)).toEqual([Date.UTC(2026, 0, 5), Date.UTC(2026, 0, 3)]);
  });
});
