/**
 * Reviews and messages through the gateway on real servers (issue 6 "Tests"): every message;
 * one review per customer per item; a customer cannot edit or delete another's review (404); a
 * seller reports only reviews of own items; the item's rating follows add, edit and delete through
 * Kafka; a renamed customer's name shows on old reviews; the verified-purchase mark; the admin
 * deletes a reported review; messages are stored as sent (HTML included, never interpreted) and a
 * seller reads only their own.
 */
import { INVALID_EMAIL, INVALID_NAME, MESSAGE_REQUIRED, STARS_RANGE, type ReviewView } from '@market/contracts';
import { waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemBody, startCatalogueWorld, type CatalogueWorld, type Client } from '../../catalogue/test/fixtures';
import { decided, listedItem, type CheckoutBody } from '../../ordering/test/fixtures';

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
  const res = await owner.client.post<{ _id: string }>('/items/addItems', itemBody(overrides));
  expect(res.status).toBe(201);
  return res.body._id;
}

async function addReview(c: Client, itemid: string, noofstars: number, description = 'Good phone') {
  return waitFor(
    async () => {
      const r = await c.post<ReviewView & { error?: string }>('/review/add', {
        itemid,
        noofstars,
        description,
        customerid: 'someone',
        date: '1999-01-01',
      });
      return r.status === 404 ? undefined : r;
    },
    15_000,
    150,
    'the item in the reviews read model',
  );
}

const rating = async (itemId: string) =>
  (await world.customer.get<{ rating: number | null; reviewCount: number }>(`/items/get/${itemId}`)).body;

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

    const edit = await bob.client.put<ReviewView>(`/review/updateReview/${b.body._id}`, { description: 'Better now', noofstars: 3 });
    expect(edit.status).toBe(200);
    // (4 + 3) / 2 = 3.5 → 3 (truncated)
    await waitFor(async () => ((await rating(itemId)).reviewCount === 2 ? true : undefined), 15_000, 100, 'count 2');
    expect((await bob.client.put(`/review/updateReview/${first.body._id}`, { description: 'mine now' })).status).toBe(404);
    expect((await bob.client.delete(`/review/delete/${first.body._id}`)).status).toBe(404);
    expect((await bob.client.delete(`/review/delete/${b.body._id}`)).status).toBe(200);
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
    expect((await seller.client.post('/review/add', { itemid: itemId, noofstars: 3, description: 'x' })).status).toBe(403);
    expect((await world.customer.get<ReviewView[]>(`/review/get?itemid=${itemId}`)).body).toEqual([]);
    expect((await alice.client.put('/review/updateReview/not-an-id', { description: 'x' })).status).toBe(404);
  });

  it('lets a seller report reviews of own items only; the admin deletes a reported review', async () => {
    const mine = await reviewableItem({ Item_name: 'Report Me' });
    const theirs = await reviewableItem({ Item_name: 'Not Yours' }, other);
    const onMine = (await addReview(alice.client, mine, 1, 'Terrible!!')).body;
    const onTheirs = (await addReview(alice.client, theirs, 1, 'Meh')).body;
    expect((await seller.client.put(`/review/updateRev/${onTheirs._id}`, { reportreason: 'Spam', reviewstatus: true })).status).toBe(404);
    expect((await seller.client.put(`/review/updateRev/${onMine._id}`, { reportreason: '' })).status).toBe(400);
    const reported = await seller.client.put<ReviewView>(`/review/updateRev/${onMine._id}`, {
      reportreason: 'Abusive words',
      reviewstatus: true,
      sellerid: 'x',
    });
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({ reviewstatus: true, reportreason: 'Abusive words', sellerid: seller.id });

    // The seller's list holds only reviews of own items.
    const sellerList = await seller.client.get<ReviewView[]>('/review/get');
    expect(sellerList.body.every((r) => r.itemid !== theirs)).toBe(true);
    const queue = await world.admin.get<ReviewView[]>('/review/get?reviewstatus=true');
    expect(queue.body.map((r) => r._id)).toContain(onMine._id);
    await waitFor(async () => ((await rating(mine)).reviewCount === 1 ? true : undefined), 15_000, 100, 'the reported review rated');
    expect((await world.admin.delete(`/review/delete/${onMine._id}`)).status).toBe(200);
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
    expect((await c.client.get<ReviewView[]>('/review/get?mine=true&q=nokia')).body).toEqual([]);
  });

  it('marks a review of a bought item as a verified purchase', async () => {
    const itemId = await listedItem(seller.client, alice.client, { Price: 990, Item_name: 'Bought Buds' });
    const { body } = await alice.client.post<CheckoutBody>('/checkout/session', { items: [{ itemId, quantity: 1 }] });
    await alice.client.post('/paypal-transaction-complete', { checkoutId: body.checkoutId });
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
});

describe('messages', () => {
  it('validates with the documented messages and stores HTML as plain text', async () => {
    const bad = await alice.client.post<{ fields: Record<string, string> }>('/contact/add', { name: 'N1mal', email: 'nope', message: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({ name: INVALID_NAME, email: INVALID_EMAIL, message: MESSAGE_REQUIRED });
    const html = '<script>alert("x")</script><b>Hello</b>';
    const sent = await alice.client.post<{ message: string }>('/contact/add', {
      name: 'Nimal Perera',
      email: 'nimal@example.lk',
      message: html,
    });
    expect(sent.status).toBe(201);
    const inbox = await world.admin.get<{ _id: string; message: string }[]>('/contact/get');
    expect(inbox.body.find((m) => m.message === html)).toBeTruthy();
    expect((await alice.client.get('/contact/get')).status).toBe(403);
    const id = inbox.body.find((m) => m.message === html)!._id;
    expect((await world.admin.delete(`/contact/delete/${id}`)).status).toBe(200);
  });

  it('delivers a customer’s message to the seller, who alone reads and deletes it', async () => {
    const text = `Is the Pixel in stock? ${Date.now()}`;
    const sent = await waitFor(
      async () => {
        const r = await bob.client.post<{ _id: string }>('/contactsel/add', {
          name: 'Kasun Silva',
          email: 'kasun@example.lk',
          message: text,
          sellerid: seller.id,
        });
        return r.status === 201 ? r : undefined;
      },
      15_000,
      150,
      'the seller in the read model',
    );
    expect(
      (
        await bob.client.post('/contactsel/add', {
          name: 'Kasun',
          email: 'kasun@example.lk',
          message: 'x',
          sellerid: '0123456789abcdef01234567',
        })
      ).status,
    ).toBe(404);
    const mine = await seller.client.get<{ _id: string; message: string }[]>('/contactsel/get');
    expect(mine.body.map((m) => m.message)).toContain(text);
    expect((await other.client.get<{ message: string }[]>('/contactsel/get')).body.map((m) => m.message)).not.toContain(text);
    expect((await other.client.delete(`/contactsel/delete/${sent.body._id}`)).status).toBe(404);
    expect((await seller.client.delete(`/contactsel/delete/${sent.body._id}`)).status).toBe(200);
  });
});
