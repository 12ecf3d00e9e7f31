/**
 * Contact messages are limited per account (issue 27 item 8: "25 + 25 from one account, no 429";
 * docs/architecture.md, Rate limits), through the gateway on real servers. The test stack's
 * gateway multiplies its per-IP limits by 1000 (startTestStack's RATE_LIMIT_MULTIPLIER), so a 429
 * here is the reviews service's per-account limit: CONTACT_MESSAGES_PER_HOUR (10 by default) per
 * account and per form, then 429 with Retry-After and the limit's message; the other form and
 * other customers keep theirs.
 */
import { CONTACT_LIMITED, CONTACT_MESSAGES_PER_HOUR } from '@market/contracts';
import { waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogueWorld, type CatalogueWorld, type Client } from '@market/testing';

let world: CatalogueWorld;
let seller: { client: Client; id: string };
let alice: { client: Client; id: string };
let bob: { client: Client; id: string };

beforeAll(async () => {
  world = await startCatalogueWorld(['reviews']);
  seller = await world.newSeller();
  alice = await world.newCustomer();
  bob = await world.newCustomer();
}, 180_000);

afterAll(async () => {
  await world?.stack.stop();
});

const toAdmin = (c: Client, n: number) =>
  c.request('post', '/contact/add', { body: { name: 'Nimal Perera', email: 'nimal@example.lk', message: `Question ${n}` } });
const toSeller = (c: Client, n: number) =>
  c.request('post', '/contactsel/add', {
    body: { name: 'Nimal Perera', email: 'nimal@example.lk', message: `Is it in stock? ${n}`, sellerid: seller.id },
  });

describe('contact limits per account', () => {
  it(`accepts ${CONTACT_MESSAGES_PER_HOUR} messages to the admin an hour from one account, then answers 429 with Retry-After`, async () => {
    for (let n = 1; n <= CONTACT_MESSAGES_PER_HOUR; n++) expect((await toAdmin(alice.client, n)).status, `message ${n}`).toBe(201);
    const over = await toAdmin(alice.client, CONTACT_MESSAGES_PER_HOUR + 1);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: CONTACT_LIMITED });
    const retryAfter = Number(over.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Nothing of the refused message was stored.
    const inbox = await world.admin.request('get', '/contact/get');
    expect((inbox.body as { message: string }[]).map((m) => m.message)).not.toContain(`Question ${CONTACT_MESSAGES_PER_HOUR + 1}`);
    // Another customer still writes.
    expect((await toAdmin(bob.client, 1)).status).toBe(201);
  });

  it('counts the messages to sellers on their own, with the same limit', async () => {
    // The seller reaches the reviews read model through Kafka; a 404 until then stores and counts nothing.
    await waitFor(async () => ((await toSeller(alice.client, 1)).status === 201 ? true : undefined), 20_000, 200, 'the seller in reviews');
    for (let n = 2; n <= CONTACT_MESSAGES_PER_HOUR; n++) expect((await toSeller(alice.client, n)).status, `message ${n}`).toBe(201);
    const over = await toSeller(alice.client, CONTACT_MESSAGES_PER_HOUR + 1);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: CONTACT_LIMITED });
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await toSeller(bob.client, 1)).status).toBe(201);
  });
});
