/**
 * Ratings are recomputed from one `item_stars` document per item (services/catalogue/src/store/
 * itemReviews.ts), on the real local database: the document is filled once from the reviews read
 * model kept before it existed, and each review's stars go in and out by their own key.
 */
import { connectMongo } from '@market/platform';
import { testServers, uniqueName } from '@market/platform/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillItemStars, itemReviewModel, itemStarsModel, recordStars } from '../src/store/itemReviews';

let conn: Connection;

beforeAll(async () => {
  conn = await connectMongo({ url: testServers().mongoUrl, dbName: uniqueName('catalogue-it-stars') });
});
afterAll(async () => {
  if (process.env.KEEP_TEST_DATABASES !== '1') await conn.dropDatabase();
  await conn.close();
});

describe('item_stars', () => {
  it('is filled once from the reviews read model, then follows each review by its own key', async () => {
    const reviews = itemReviewModel(conn);
    const stars = itemStarsModel(conn);
    await reviews.insertMany([
      { _id: 'r1', itemid: 'i1', stars: 5, deleted: false, aggregateVersion: 1 },
      { _id: 'r2', itemid: 'i1', stars: 2, deleted: false, aggregateVersion: 1 },
      { _id: 'r3', itemid: 'i1', stars: 4, deleted: true, aggregateVersion: 2 },
      { _id: 'r4', itemid: 'i2', stars: 3, deleted: false, aggregateVersion: 1 },
    ]);
    expect(await backfillItemStars(reviews, stars)).toBe(4);
    expect(await backfillItemStars(reviews, stars)).toBe(0);
    expect((await stars.findById('i1').lean())?.s).toEqual({ r1: 5, r2: 2 });
    expect((await stars.findById('i2').lean())?.s).toEqual({ r4: 3 });

    await Promise.all([
      recordStars(stars, { _id: 'r5', itemid: 'i1', stars: 1, deleted: false }),
      recordStars(stars, { _id: 'r2', itemid: 'i1', stars: 4, deleted: false }),
      recordStars(stars, { _id: 'r1', itemid: 'i1', stars: 5, deleted: true }),
    ]);
    expect((await stars.findById('i1').lean())?.s).toEqual({ r2: 4, r5: 1 });
  });
});
