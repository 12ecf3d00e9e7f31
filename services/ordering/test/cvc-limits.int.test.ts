/**
 * Wrong CVC guesses on saved cards are limited (issue 27 item 5: "12 wrong, then the right one
 * paid"; docs/architecture.md, Rate limits), through the gateway on real servers (Kafka, FerretDB,
 * Redis, MailDev):
 * - 5 wrong CVCs on one card lock that card for 15 minutes: the 6th try, even with the right CVC,
 *   answers 429 with Retry-After and pays nothing;
 * - 10 wrong CVCs on one account lock all of its cards, also one never guessed on;
 * - the customer gets one e-mail per lockout window, not one per wrong try;
 * - simultaneous guesses get no more comparisons than sequential ones;
 * - another customer's cards are not touched.
 */
import { CVC_LOCKED_ACCOUNT, CVC_LOCKED_CARD, WRONG_CVV } from '@market/contracts';
import { mailsTo, waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedItem, savedCard, signedInCustomer, startOrderingWorld, type CatalogueWorld, type Client } from '@market/testing';

let world: CatalogueWorld;
let seller: Client;
let buyer: { client: Client; id: string; email: string };
let itemId: string;
const SUBJECT = /security code/i;

beforeAll(async () => {
  world = await startOrderingWorld();
  seller = (await world.newSeller()).client;
  buyer = await signedInCustomer(world);
  itemId = await listedItem(seller, buyer.client, { Price: 1000, Quantity: 20 });
}, 180_000);

afterAll(async () => {
  await world?.stack.stop();
});

async function openCheckout(customer: Client): Promise<string> {
  const s = await customer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
  expect(s.status).toBe(201);
  return s.body.checkoutId;
}

const pay = (customer: Client, checkoutId: string, cardId: string, cvv: string) =>
  customer.request('post', '/checkout/{checkoutId}/pay', { params: { checkoutId }, body: { cardId, cvv } });

const lockMails = async () => (await mailsTo(buyer.email)).filter((m) => SUBJECT.test(m.subject));

describe('wrong CVC limits', () => {
  it('locks a card after 5 wrong CVCs: the 6th try with the right CVC answers 429 with Retry-After; one e-mail', async () => {
    const card = await savedCard(buyer.client, '737');
    const checkoutId = await openCheckout(buyer.client);
    for (let i = 1; i <= 5; i++) {
      const wrong = await pay(buyer.client, checkoutId, card, '000');
      expect(wrong.status, `wrong try ${i}`).toBe(400);
      expect(wrong.body).toMatchObject({ error: WRONG_CVV });
    }
    const locked = await pay(buyer.client, checkoutId, card, '737');
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: CVC_LOCKED_CARD });
    const retryAfter = Number(locked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Nothing was paid.
    expect((await buyer.client.request('get', '/checkout/{checkoutId}', { params: { checkoutId } })).body.status).toBe('Open');

    const mail = await waitFor(async () => (await lockMails())[0], 20_000, 200, 'the lockout e-mail');
    const { last4 } = (await buyer.client.request('get', '/paymentdetails/getItem/{id}', { params: { id: card } })).body;
    expect(mail.text).toContain(last4);
    expect(mail.text).toMatch(/15 minutes/);
  });

  it('locks every card of the account after 10 wrong CVCs, sends no second e-mail, and leaves other customers alone', async () => {
    const second = await savedCard(buyer.client, '737');
    const third = await savedCard(buyer.client, '737');
    const checkoutId = await openCheckout(buyer.client);
    // The first test's 5 wrong tries count too: 5 more on another card reach the account's 10.
    for (let i = 1; i <= 5; i++) expect((await pay(buyer.client, checkoutId, second, '000')).status, `wrong try ${i}`).toBe(400);
    const untouched = await pay(buyer.client, checkoutId, third, '737');
    expect(untouched.status).toBe(429);
    expect(untouched.body).toMatchObject({ error: CVC_LOCKED_ACCOUNT });
    expect(Number(untouched.headers.get('Retry-After'))).toBeGreaterThan(0);

    const other = await signedInCustomer(world);
    const theirCard = await savedCard(other.client, '737');
    const paid = await pay(other.client, await openCheckout(other.client), theirCard, '737');
    expect(paid.status).toBe(200);

    // One e-mail per lockout window: give a second one time to arrive, then count.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await lockMails()).toHaveLength(1);
  });

  it('compares exactly 5 of 12 simultaneous guesses on a card and refuses the rest with 429', async () => {
    const guesser = await signedInCustomer(world);
    const card = await savedCard(guesser.client, '737');
    const checkoutId = await openCheckout(guesser.client);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => pay(guesser.client, checkoutId, card, String(100 + i))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(400), ...Array<number>(7).fill(429)]);
  });
});
