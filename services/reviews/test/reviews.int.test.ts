/**
 * Reviews and messages through the gateway on real servers: every message;
 * one review per customer per item; a customer cannot edit or delete another's review (404); a
 * seller reports only reviews of own items; the item's rating follows add, edit and delete through
 * Kafka; a renamed customer's name shows on old reviews; the verified-purchase mark; the admin
 * deletes a reported review; messages are stored as sent (HTML included, never interpreted) and a
 * seller reads only their own.
 */
import {
  INVALID_EMAIL,
  INVALID_NAME,
  MESSAGE_REQUIRED,
  REPORT_REASON_REQUIRED,
  REVIEW_REQUIRED,
  STARS_RANGE,
  type ContactView,
  type ReviewView,
} from '@market/contracts';
import { testServers, waitFor } from '@market/platform/testing';
import mongoose, { Types } from 'mongoose';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { reviewCreated } from '../src/events/reviewEvents';
import { reviewModel } from '../src/store/reviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, itemBody, packageBody, startCatalogueWorld, type CatalogueWorld, decided, listedItem } from '@market/testing';

let world: CatalogueWorld;
let seller: { client: Client; id: string };
let other: { client: Client; id: string };
let alice: { client: Client; id: string };
let bob: { client: Client; id: string };

beforeAll(async () => {
  world = await startCatalogueWorld(['reviews', 'ordering']);
  seller = await world.newSeller();
  other = await world.newSeller();
  alice = await world.newCustomer();
  bob = await world.newCustomer();
}, 180_000);

afterAll(async () => {
  await world?.stack.stop();
});

/** A new item of `owner` (reviews of it are accepted once ItemCreated is applied: see addReview). */
async function reviewableItem(overrides: Record<string, unknown> = {}, owner = seller): Promise<string> {
  const res = await owner.client.request('post', '/items/addItems', { body: itemBody(overrides) });
  expect(res.status).toBe(201);
  return res.body._id;
}

async function addReview(c: Client, itemid: string, noofstars: number, description = 'Good phone') {
  return waitFor(
    async () => {
      const r = await c.request('post', '/review/add', {
        body: { itemid, noofstars, description, customerid: 'someone', date: '1999-01-01' },
      });
      return r.status === 404 ? undefined : r;
    },
    15_000,
    150,
    'the item in the reviews read model',
  );
}

const rating = async (itemId: string) => (await world.customer.request('get', '/items/get/{id}', { params: { id: itemId } })).body;

describe('reviews', () => {
  it('keeps one review per customer per item and the item rating in step (add, edit, delete)', async () => {
    const itemId = await reviewableItem({ Item_name: 'Pixel Rating' });
    const first = await addReview(alice.client, itemId, 5);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ customerid: alice.id, noofstars: 5, reviewstatus: false, customerName: 'Nimal Perera' });
    expect(first.body.date).not.toBe('1999-01-01');
    await waitFor(async () => ((await rating(itemId)).reviewCount === 1 ? true : undefined), 15_000, 100, 'rating after add');
    expect((await rating(itemId)).rating).toBe(5);

    const again = await addReview(alice.client, itemId, 4, 'Second thoughts');
    expect(again.status).toBe(200);
    expect(again.body._id).toBe(first.body._id);
    const b = await addReview(bob.client, itemId, 2);
    expect(b.status).toBe(201);
    // (4 + 2) / 2 = 3
    await waitFor(async () => ((await rating(itemId)).rating === 3 ? true : undefined), 15_000, 100, 'rating 3');

    const edit = await bob.client.request('put', '/review/updateReview/{id}', {
      params: { id: b.body._id },
      body: { description: 'Better now', noofstars: 3 },
    });
    expect(edit.status).toBe(200);
    // (4 + 3) / 2 = 3.5 → 3 (truncated)
    await waitFor(async () => ((await rating(itemId)).reviewCount === 2 ? true : undefined), 15_000, 100, 'count 2');
    expect(
      (await bob.client.request('put', '/review/updateReview/{id}', { params: { id: first.body._id }, body: { description: 'mine now' } }))
        .status,
    ).toBe(404);
    expect((await bob.client.request('delete', '/review/delete/{id}', { params: { id: first.body._id } })).status).toBe(404);
    expect((await bob.client.request('delete', '/review/delete/{id}', { params: { id: b.body._id } })).status).toBe(200);
    await waitFor(
      async () => {
        const r = await rating(itemId);
        return r.reviewCount === 1 && r.rating === 4 ? true : undefined;
      },
      15_000,
      100,
      'rating after delete',
    );
    const list = await world.customer.get<ReviewView[]>(`/review/get?itemid=${itemId}`);
    expect(list.body.map((r) => r.description)).toEqual(['Second thoughts']);
  });

  it('answers the documented messages for bad input and changes nothing', async () => {
    const itemId = await reviewableItem();
    const r = await alice.client.post<{ error: string; fields: Record<string, string> }>('/review/add', {
      itemid: itemId,
      noofstars: 9,
      description: 'x',
    });
    expect(r.status).toBe(400);
    expect(r.body.fields.noofstars).toBe(STARS_RANGE);
    expect((await alice.client.post('/review/add', { itemid: itemId, noofstars: 3, description: '' })).status).toBe(400);
    expect((await alice.client.post('/review/add', { itemid: 'nope', noofstars: 3, description: 'x' })).status).toBe(400);
    expect((await seller.client.request('post', '/review/add', { body: { itemid: itemId, noofstars: 3, description: 'x' } })).status).toBe(
      403,
    );
    expect((await world.customer.request('get', '/review/get', { query: { itemid: itemId } })).body).toEqual([]);
    expect(
      (await alice.client.request('put', '/review/updateReview/{id}', { params: { id: 'not-an-id' }, body: { description: 'x' } })).status,
    ).toBe(404);
  });

  it('lets a seller report reviews of own items only; the admin deletes a reported review', async () => {
    const mine = await reviewableItem({ Item_name: 'Report Me' });
    const theirs = await reviewableItem({ Item_name: 'Not Yours' }, other);
    const onMine = (await addReview(alice.client, mine, 1, 'Terrible!!')).body;
    const onTheirs = (await addReview(alice.client, theirs, 1, 'Meh')).body;
    expect(
      (
        await seller.client.request('put', '/review/updateRev/{reviewId}', {
          params: { reviewId: onTheirs._id },
          body: { reportreason: 'Spam', reviewstatus: true },
        })
      ).status,
    ).toBe(404);
    expect((await seller.client.put(`/review/updateRev/${onMine._id}`, { reportreason: '' })).status).toBe(400);
    const reported = await seller.client.request('put', '/review/updateRev/{reviewId}', {
      params: { reviewId: onMine._id },
      body: { reportreason: 'Abusive words', reviewstatus: true, sellerid: 'x' },
    });
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({ reviewstatus: true, reportreason: 'Abusive words', sellerid: seller.id });

    // The seller's list holds only reviews of own items.
    const sellerList = await seller.client.get<ReviewView[]>('/review/get');
    expect(sellerList.body.every((r) => r.itemid !== theirs)).toBe(true);
    const queue = await world.admin.get<ReviewView[]>('/review/get?reviewstatus=true');
    expect(queue.body.map((r) => r._id)).toContain(onMine._id);
    await waitFor(async () => ((await rating(mine)).reviewCount === 1 ? true : undefined), 15_000, 100, 'the reported review rated');
    expect((await world.admin.request('delete', '/review/delete/{id}', { params: { id: onMine._id } })).status).toBe(200);
    await waitFor(async () => ((await rating(mine)).rating === null ? true : undefined), 15_000, 100, 'the deleted review unrated');
    expect((await world.admin.get<ReviewView[]>('/review/get?reviewstatus=true')).body.map((r) => r._id)).not.toContain(onMine._id);
  });

  it('shows a renamed customer’s new name on old reviews, and searches by item name, brand or model', async () => {
    const itemId = await reviewableItem({ Item_name: 'Xperia Rename', Brand: 'Sony' });
    const c = await world.newCustomer();
    await addReview(c.client, itemId, 4);
    const update = {
      firstName: 'Kasun',
      lastName: 'Fernando',
      phoneNumber: '0719876543',
      dob: '1994-02-02',
      gender: 'Male',
      address: 'Kandy',
    };
    expect((await c.client.put(`/Customer/update/${c.id}`, update)).status).toBe(200);
    await waitFor(
      async () =>
        (await world.customer.get<ReviewView[]>(`/review/get?itemid=${itemId}`)).body[0]?.customerName === 'Kasun Fernando'
          ? true
          : undefined,
      15_000,
      150,
      'the new name on the review',
    );
    const found = await c.client.get<ReviewView[]>('/review/get?mine=true&q=xperia');
    expect(found.body.map((r) => r.item.Item_name)).toEqual(['Xperia Rename']);
    expect((await c.client.request('get', '/review/get', { query: { mine: true, q: 'nokia' } })).body).toEqual([]);
  });

  it('marks a review of a bought item as a verified purchase', async () => {
    const itemId = await listedItem(seller.client, alice.client, { Price: 990, Item_name: 'Bought Buds' });
    const { body } = await alice.client.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
    await alice.client.request('post', '/paypal-transaction-complete', { body: { checkoutId: body.checkoutId } });
    expect((await decided(alice.client, body.checkoutId)).status).toBe('Confirmed');
    await addReview(alice.client, itemId, 5, 'Verified!');
    await addReview(bob.client, itemId, 3, 'Never bought it');
    await waitFor(
      async () => {
        const list = (await world.customer.get<ReviewView[]>(`/review/get?itemid=${itemId}`)).body;
        const mark = Object.fromEntries(list.map((r) => [r.description, r.verifiedPurchase]));
        return mark['Verified!'] === true && mark['Never bought it'] === false ? true : undefined;
      },
      15_000,
      150,
      'the verified mark',
    );
  });
  it('settles concurrent adds of one customer as one review, and a re-add after deleting as a new one', async () => {
    const itemId = await reviewableItem({ Item_name: 'Race Phone' });
    await addReview(world.customer, itemId, 1, 'warm-up');
    const c = await world.newCustomer();
    const all = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        c.client.request('post', '/review/add', { body: { itemid: itemId, noofstars: n, description: `try ${n}` } }),
      ),
    );
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(all.map((r) => r.body._id)).size).toBe(1);
    // The customer's own list shows exactly that one review at once (no waiting for the projection).
    const mine = (await c.client.get<ReviewView[]>('/review/get?mine=true')).body;
    expect(mine.map((r) => r._id)).toEqual([all[0]!.body._id]);
    const theirs = (await world.customer.get<ReviewView[]>(`/review/get?itemid=${itemId}&customerid=${c.id}`)).body;
    expect(theirs).toHaveLength(1);
    // The item's paged list holds each review once, newest first, with an exact total.
    const paged = (await world.customer.get<{ items: ReviewView[]; total: number }>(`/review/get?itemid=${itemId}&page=1&limit=10`)).body;
    expect(paged.total).toBe(2);
    expect(paged.items.map((r) => r._id)).toEqual([theirs[0]!._id, paged.items[1]!._id]);
    await waitFor(async () => ((await rating(itemId)).reviewCount === 2 ? true : undefined), 15_000, 100, 'two reviews rated');

    // Deleted, then written again: a new review (201; the same natural id at its next version),
    // counted in the rating again.
    expect((await c.client.request('delete', '/review/delete/{id}', { params: { id: theirs[0]!._id } })).body).toEqual({
      message: 'Deleted!',
    });
    // The deletion shows in the lists at once.
    expect((await c.client.get<ReviewView[]>('/review/get?mine=true')).body).toEqual([]);
    expect((await c.client.request('delete', '/review/delete/{id}', { params: { id: theirs[0]!._id } })).status).toBe(404);
    await waitFor(async () => ((await rating(itemId)).reviewCount === 1 ? true : undefined), 15_000, 100, 'one review rated');
    const again = await c.client.request('post', '/review/add', { body: { itemid: itemId, noofstars: 5, description: 'back' } });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ description: 'back', noofstars: 5 });
    const afterReAdd = (await world.customer.get<{ items: ReviewView[]; total: number }>(`/review/get?itemid=${itemId}&page=1&limit=10`))
      .body;
    expect(afterReAdd.total).toBe(2);
    expect(afterReAdd.items.filter((r) => r.customerid === c.id).map((r) => r.description)).toEqual(['back']);
    expect(afterReAdd.items[0]!._id).toBe(again.body._id);
    // (1 + 5) / 2 = 3
    await waitFor(
      async () => {
        const r = await rating(itemId);
        return r.reviewCount === 2 && r.rating === 3 ? true : undefined;
      },
      15_000,
      100,
      'the re-added review rated',
    );
  });

  it('keeps a review written with an older random id: read by it, and a new add of the pair edits it', async () => {
    const itemId = await reviewableItem({ Item_name: 'Legacy Phone' });
    // The item is in the reviews read model once an add of it is accepted.
    await addReview(bob.client, itemId, 3);
    const c = await world.newCustomer();
    const conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: `reviews-${world.stack.dbSuffix}` }).asPromise();
    try {
      const legacy = {
        _id: new Types.ObjectId(),
        itemid: itemId,
        customerid: c.id,
        description: 'written before natural ids',
        date: new Date(Date.now() - 60_000).toISOString(),
        noofstars: 2,
        reviewstatus: false,
        reportreason: '',
        sellerid: '',
        deleted: false,
      };
      // As the service wrote reviews then: a random id, with its ReviewCreated in the outbox.
      await reviewModel(conn).create({ ...legacy, aggregateVersion: 1, pendingEvents: [reviewCreated(legacy, 1)] });
      const legacyId = String(legacy._id);
      await waitFor(
        async () => ((await c.client.get<ReviewView[]>('/review/get?mine=true')).body[0]?._id === legacyId ? true : undefined),
        20_000,
        150,
        'the older review in the read model',
      );
      const edit = await c.client.request('put', '/review/updateReview/{id}', {
        params: { id: legacyId },
        body: { description: 'edited' },
      });
      expect(edit.status).toBe(200);
      const again = await c.client.request('post', '/review/add', { body: { itemid: itemId, noofstars: 5, description: 'added again' } });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ _id: legacyId, noofstars: 5, description: 'added again' });
      const theirs = (await world.customer.get<ReviewView[]>(`/review/get?itemid=${itemId}&customerid=${c.id}`)).body;
      expect(theirs.map((r) => [r._id, r.description])).toEqual([[legacyId, 'added again']]);
    } finally {
      await conn.close();
    }
  });

  it('answers every documented review message', async () => {
    const itemId = await reviewableItem();
    const empty = await alice.client.post<{ error: string; fields: Record<string, string> }>('/review/add', {
      itemid: itemId,
      noofstars: 3,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields.description).toBe(REVIEW_REQUIRED);
    const missing = await alice.client.request('post', '/review/add', {
      body: { itemid: 'ffffffffffffffffffffffff', noofstars: 3, description: 'x' },
    });
    expect(missing).toMatchObject({ status: 404, body: { error: 'Item not found' } });
    expect((await new Client(world.stack.gatewayUrl).post('/review/add', { itemid: itemId })).status).toBe(401);
    const mine = (await addReview(alice.client, itemId, 4)).body;
    const edit = await alice.client.put<{ fields: Record<string, string> }>(`/review/updateReview/${mine._id}`, { description: '  ' });
    expect(edit.status).toBe(400);
    expect(edit.body.fields.description).toBe(REVIEW_REQUIRED);
    const stars = await alice.client.put<{ fields: Record<string, string> }>(`/review/updateReview/${mine._id}`, {
      description: 'ok',
      noofstars: 0,
    });
    expect(stars.body.fields.noofstars).toBe(STARS_RANGE);
    const report = await seller.client.put<{ fields: Record<string, string> }>(`/review/updateRev/${mine._id}`, {});
    expect(report.status).toBe(400);
    expect(report.body.fields.reportreason).toBe(REPORT_REASON_REQUIRED);
    expect(
      (await alice.client.request('put', '/review/updateRev/{reviewId}', { params: { reviewId: mine._id }, body: { reportreason: 'x' } }))
        .status,
    ).toBe(403);
    expect(
      (await seller.client.request('put', '/review/updateRev/{reviewId}', { params: { reviewId: 'zzz' }, body: { reportreason: 'x' } }))
        .status,
    ).toBe(404);
    expect((await world.admin.request('delete', '/review/delete/{id}', { params: { id: 'ffffffffffffffffffffffff' } })).status).toBe(404);
    expect((await world.customer.get('/review/get?reviewstatus=maybe')).status).toBe(400);
    expect((await world.customer.get('/review/get?page=0')).status).toBe(400);
  });

  it('lists for the public, pages, and keeps a seller to own items whatever sellerid they send', async () => {
    const mine = await reviewableItem({ Item_name: 'Paged One' });
    const theirs = await reviewableItem({ Item_name: 'Paged Two' }, other);
    await addReview(alice.client, mine, 5);
    await addReview(bob.client, mine, 4);
    await addReview(alice.client, theirs, 3);
    const anon = new Client(world.stack.gatewayUrl);
    const pub = await anon.request('get', '/review/get', { query: { itemid: mine } });
    expect(pub.status).toBe(200);
    expect(pub.body).toHaveLength(2);
    const paged = await anon.get<{ items: ReviewView[]; total: number; page: number; limit: number }>(
      `/review/get?itemid=${mine}&page=2&limit=1`,
    );
    expect(paged.body).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(paged.body.items).toHaveLength(1);
    expect((await anon.request('get', '/review/get', { query: { mine: true } })).status).toBe(401);
    const sneaky = await seller.client.request('get', '/review/get', { query: { sellerid: other.id, itemid: theirs } });
    expect(sneaky.body).toEqual([]);
    const bySeller = await world.admin.get<ReviewView[]>(`/review/get?sellerid=${other.id}`);
    expect(bySeller.body.map((r) => r.itemid)).toContain(theirs);
    expect(bySeller.body.map((r) => r.itemid)).not.toContain(mine);
  });

  it('anonymises a deleted customer’s reviews and removes the reviews of a deleted item', async () => {
    const itemId = await reviewableItem({ Item_name: 'Doomed Phone' });
    const gone = await world.newCustomer();
    const review = (await addReview(gone.client, itemId, 5, 'Soon anonymous')).body;
    expect(review.customerName).toBe('Nimal Perera');
    expect(
      (await gone.client.request('delete', '/Customer/delete/{id}', { params: { id: gone.id }, body: { password: 'Secret#123' } })).status,
    ).toBe(200);
    await waitFor(
      async () => {
        const r = (await world.customer.get<ReviewView[]>(`/review/get?itemid=${itemId}`)).body[0];
        return r?.customerName === 'Former customer' && r.customerImage === '' ? true : undefined;
      },
      15_000,
      150,
      'the review anonymised',
    );
    await addReview(alice.client, itemId, 4);
    await waitFor(async () => ((await rating(itemId)).reviewCount === 2 ? true : undefined), 15_000, 100, 'two reviews rated');
    expect((await seller.client.request('delete', '/items/delete/{id}', { params: { id: itemId } })).status).toBe(200);
    await waitFor(
      async () => ((await world.customer.get<ReviewView[]>(`/review/get?itemid=${itemId}`)).body.length === 0 ? true : undefined),
      15_000,
      150,
      'the deleted item’s reviews gone',
    );
    const late = await alice.client.request('post', '/review/add', { body: { itemid: itemId, noofstars: 3, description: 'late' } });
    expect(late.status).toBe(404);
  });

  it('marks reviews written before the order, and items bought inside a package, as verified', async () => {
    const early = await listedItem(seller.client, bob.client, { Price: 500, Item_name: 'Early Bird' });
    const inPack = await listedItem(seller.client, bob.client, { Price: 300, Item_name: 'Packed Item' });
    const c = await world.newCustomer();
    await addReview(c.client, early, 4, 'Before buying');
    await addReview(c.client, inPack, 5, 'In a bundle');
    const unverified = (await world.customer.get<ReviewView[]>(`/review/get?customerid=${c.id}`)).body;
    expect(unverified.map((r) => r.verifiedPurchase)).toEqual([false, false]);
    const pkg = await seller.client.request('post', '/Packages/addPackage', {
      body: packageBody([inPack], {
        packageName: 'Review Bundle',
        description: 'One packed item',
        price: 250,
        image: `${'b'.repeat(64)}.webp`,
      }),
    });
    expect(pkg.status).toBe(201);
    const session = await waitFor(
      async () => {
        const r = await c.client.request('post', '/checkout/session', {
          body: { items: [{ itemId: early, quantity: 1 }], packages: [{ packageId: pkg.body._id, quantity: 1 }] },
        });
        return r.status === 201 ? r.body : undefined;
      },
      20_000,
      150,
      'the package in ordering’s read model',
    );
    await c.client.request('post', '/paypal-transaction-complete', { body: { checkoutId: session.checkoutId } });
    expect((await decided(c.client, session.checkoutId)).status).toBe('Confirmed');
    await waitFor(
      async () => {
        const list = (await world.customer.get<ReviewView[]>(`/review/get?customerid=${c.id}`)).body;
        return list.length === 2 && list.every((r) => r.verifiedPurchase) ? true : undefined;
      },
      15_000,
      150,
      'both reviews verified',
    );
  });
});

describe('messages', () => {
  it('validates with the documented messages and stores HTML as plain text', async () => {
    const bad = await alice.client.post<{ fields: Record<string, string> }>('/contact/add', { name: 'N1mal', email: 'nope', message: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ name: INVALID_NAME, email: INVALID_EMAIL, message: MESSAGE_REQUIRED });
    const html = '<script>alert("x")</script><b>Hello</b>';
    const sent = await alice.client.request('post', '/contact/add', {
      body: { name: 'Nimal Perera', email: 'nimal@example.lk', message: html },
    });
    expect(sent.status).toBe(201);
    const inbox = await world.admin.get<{ _id: string; message: string }[]>('/contact/get');
    expect(inbox.body.find((m) => m.message === html)).toBeTruthy();
    expect((await alice.client.request('get', '/contact/get')).status).toBe(403);
    const id = inbox.body.find((m) => m.message === html)!._id;
    expect((await world.admin.request('delete', '/contact/delete/{id}', { params: { id } })).status).toBe(200);
  });

  it('delivers a customer’s message to the seller, who alone reads and deletes it', async () => {
    const text = `Is the Pixel in stock? ${Date.now()}`;
    const sent = await waitFor(
      async () => {
        const r = await bob.client.request('post', '/contactsel/add', {
          body: { name: 'Kasun Silva', email: 'kasun@example.lk', message: text, sellerid: seller.id },
        });
        return r.status === 201 ? r : undefined;
      },
      15_000,
      150,
      'the seller in the read model',
    );
    expect(
      (
        await bob.client.request('post', '/contactsel/add', {
          body: { name: 'Kasun', email: 'kasun@example.lk', message: 'x', sellerid: '0123456789abcdef01234567' },
        })
      ).status,
    ).toBe(404);
    const mine = await seller.client.get<{ _id: string; message: string }[]>('/contactsel/get');
    expect(mine.body.map((m) => m.message)).toContain(text);
    expect((await other.client.get<{ message: string }[]>('/contactsel/get')).body.map((m) => m.message)).not.toContain(text);
    expect((await other.client.request('delete', '/contactsel/delete/{id}', { params: { id: sent.body._id } })).status).toBe(404);
    expect((await seller.client.request('delete', '/contactsel/delete/{id}', { params: { id: sent.body._id } })).status).toBe(200);
  });
  it('returns HTML in a seller message verbatim, pages, and keeps the admin’s inbox to the admin', async () => {
    const html = `<img src=x onerror="alert(1)"> & <i>&amp;</i> ${Date.now()}`;
    const sent = await waitFor(
      async () => {
        const r = await alice.client.request('post', '/contactsel/add', {
          body: { name: 'Nimal Perera', email: 'nimal@example.lk', message: html, sellerid: other.id.toUpperCase() },
        });
        return r.status === 201 ? r : undefined;
      },
      15_000,
      150,
      'the seller in the read model',
    );
    expect(sent.body).toMatchObject({ message: html, customerid: alice.id, sellerid: other.id });
    const inbox = await other.client.get<{ items: ContactView[]; total: number; page: number; limit: number }>(
      '/contactsel/get?page=1&limit=50',
    );
    expect(inbox.body).toMatchObject({ page: 1, limit: 50 });
    const got = inbox.body.items.find((m) => m._id === sent.body._id)!;
    expect(got.message).toBe(html);
    expect(got.customerImage).toEqual(expect.any(String));
    const bad = await alice.client.post<{ fields: Record<string, string> }>('/contactsel/add', {
      name: 'Nimal',
      email: 'a@b',
      message: 'x',
      sellerid: other.id,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.email).toBe(INVALID_EMAIL);
    const unknown = await alice.client.request('post', '/contactsel/add', {
      body: { name: 'Nimal', email: 'nimal@example.lk', message: 'x', sellerid: 'ffffffffffffffffffffffff' },
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Seller not found' } });
    expect(
      (
        await seller.client.request('post', '/contactsel/add', {
          body: { name: 'Nimal', email: 'nimal@example.lk', message: 'x', sellerid: other.id },
        })
      ).status,
    ).toBe(403);
    expect((await other.client.request('delete', '/contactsel/delete/{id}', { params: { id: 'not-an-id' } })).status).toBe(404);
    expect((await seller.client.request('get', '/contact/get')).status).toBe(403);
    expect((await alice.client.request('delete', '/contact/delete/{id}', { params: { id: 'ffffffffffffffffffffffff' } })).status).toBe(403);
    expect((await world.admin.request('delete', '/contact/delete/{id}', { params: { id: 'ffffffffffffffffffffffff' } })).status).toBe(404);
    expect((await world.admin.request('delete', '/contact/delete/{id}', { params: { id: 'nope' } })).status).toBe(404);
    expect(
      (
        await new Client(world.stack.gatewayUrl).request('post', '/contact/add', {
          body: { name: 'Nimal', email: 'nimal@example.lk', message: 'x' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('search:rebuild', () => {
  it('rebuilds the reviews and messages indices with the same lists, swapping each alias to a new index', async () => {
    const itemId = await reviewableItem({ Item_name: 'Rebuilt Phone' });
    await addReview(alice.client, itemId, 4, 'before the rebuild');
    await bob.client.post('/contactsel/add', { name: 'Bob', email: 'bob@example.lk', message: 'rebuild me', sellerid: seller.id });
    const lists = async () => ({
      item: (await world.customer.get<ReviewView[]>(`/review/get?itemid=${itemId}`)).body,
      reported: (await world.admin.get('/review/get?reviewstatus=true&page=1&limit=50')).body,
      contact: (await world.admin.get('/contact/get?page=1&limit=50')).body,
      seller: (await seller.client.get<ContactView[]>('/contactsel/get')).body,
    });
    const before = await lists();
    expect(before.item).toHaveLength(1);
    expect(before.seller.length).toBeGreaterThan(0);
    const prefix = `reviews-reviews-${world.stack.dbSuffix.toLowerCase()}`;
    const aliasIndices = async (kind: string) =>
      Object.keys((await (await fetch(`${testServers().opensearchUrl}/_alias/${prefix}-${kind}`)).json()) as object);
    const old = [...(await aliasIndices('reviews')), ...(await aliasIndices('messages'))];
    const root = path.resolve(__dirname, '..', '..', '..');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services/reviews/src/searchRebuild.ts')], {
      cwd: root,
      env: {
        ...process.env,
        MONGO_DB: `reviews-${world.stack.dbSuffix}`,
        KAFKA_TOPIC_PREFIX: world.stack.topicPrefix,
        LOG_LEVEL: 'warn',
      },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, out).toBe(0);
    expect(out).toMatch(/search index rebuilt: .*-messages-\d+ now behind/);
    expect(out).toMatch(/search index rebuilt: .*-reviews-\d+ now behind/);
    const now = [...(await aliasIndices('reviews')), ...(await aliasIndices('messages'))];
    expect(now).toHaveLength(2);
    for (const i of now) expect(old).not.toContain(i);
    expect(await lists()).toEqual(before);
  }, 300_000);
});
