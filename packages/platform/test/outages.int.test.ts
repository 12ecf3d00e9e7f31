/**
 * What a client and an operator see while a server the services depend on is down (issue 34
 * items 1-3; README, Operations): the stack runs on private Redis, FerretDB and Kafka servers
 * (infra/private.ts), each is stopped in turn and started again.
 * - Redis or FerretDB down: the routes of the issue answer 503 with `Retry-After` and an error
 *   message through the gateway, never a 500, and within the client's bound (no hang).
 * - Kafka down: every service's `/readyz` answers 503 within its bound, naming kafka.
 * - OpenSearch down: a list answers 503 with `Retry-After`; the services with search indices say
 *   not ready, naming opensearch.
 * - After the restart every route answers as before and every service is ready again.
 * A request that gets no answer within {@link NO_ANSWER_MS} counts as a hang.
 */
import { startTestStack, waitFor, type TestStack } from '@market/platform/testing';
import { Client, acceptedSeller, listedItem, newCustomer } from '@market/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateServer, type PrivateServer } from '../../../infra/private';

/** A client waiting longer than this (ms) for an answer sees no answer: the outage looks like a hang. */
const NO_ANSWER_MS = 5_000;
const SERVICES = ['identity', 'notifications', 'catalogue', 'cart', 'ordering', 'reporting'];
/** The services with search indices on OpenSearch. */
const SEARCH_SERVICES = ['identity', 'catalogue', 'cart', 'ordering', 'reporting'];
/** The services that use Kafka (the e-mail worker does not). */
const KAFKA_SERVICES = SERVICES.filter((s) => s !== 'notifications');

let redis: PrivateServer;
let ferretdb: PrivateServer;
let kafka: PrivateServer;
let opensearch: PrivateServer;
let stack: TestStack;
let admin: Client;
let customer: Client;
let seller: Client;
let itemId: string;
let cartId: string;

beforeAll(async () => {
  [redis, ferretdb, kafka, opensearch] = await Promise.all([
    startPrivateServer('redis'),
    startPrivateServer('ferretdb'),
    startPrivateServer('kafka'),
    startPrivateServer('opensearch'),
  ]);
  const env = { ...redis.env, ...ferretdb.env, ...kafka.env, ...opensearch.env };
  // The gateway checks sessions in the same Redis as the services, as in a deployment.
  stack = await startTestStack(SERVICES, redis.env, env);
  admin = new Client(stack.gatewayUrl);
  expect(
    (await admin.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } })).status,
  ).toBe(200);
  ({ client: seller } = await acceptedSeller(stack.gatewayUrl, admin));
  customer = new Client(stack.gatewayUrl);
  const body = newCustomer();
  expect((await customer.request('post', '/Customer/add', { body })).status).toBe(201);
  const login = await customer.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
  expect(login.status).toBe(200);
  itemId = await listedItem(seller, customer);
  const cart = await customer.call<{ _id: string }>('GET', `/ShoppingCart/getOneCart/${login.body.customerLogin._id}`);
  expect(cart.status).toBe(200);
  cartId = cart.body._id;
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  await Promise.all([redis?.remove(), ferretdb?.remove(), kafka?.remove(), opensearch?.remove()]);
}, 120_000);

interface Answer {
  what: string;
  status: number | 'no answer';
  retryAfter: string | null;
  body: unknown;
}

/** One request through the gateway as `client`, with the bound of {@link NO_ANSWER_MS}. */
async function ask(
  what: string,
  client: Client,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  try {
    const res = await fetch(`${stack.gatewayUrl}${path}`, {
      method,
      headers: { cookie: client.api.cookie ?? '', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(NO_ANSWER_MS),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text for the failure message
    }
    return { what, status: res.status, retryAfter: res.headers.get('retry-after'), body: parsed };
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return { what, status: 'no answer', retryAfter: null, body: null };
    throw err;
  }
}

/** The routes of the issue: checkout, profile, cart update, report request, item page. */
function routes(key: string): Promise<Answer[]> {
  return Promise.all([
    ask(
      'POST /checkout/session',
      customer,
      'POST',
      '/checkout/session',
      { items: [{ itemId, quantity: 1 }] },
      { 'Idempotency-Key': `outage-${key}` },
    ),
    ask('GET /Customer/me', customer, 'GET', '/Customer/me'),
    ask('PUT /ShoppingCart/updateSItem/{id}', customer, 'PUT', `/ShoppingCart/updateSItem/${cartId}`, { ItemIDs: [itemId] }),
    ask('POST /items/create-pdf', seller, 'POST', '/items/create-pdf', {}, { 'Idempotency-Key': `outage-${key}` }),
    // The seller: shoppers may get a cached copy of an item page, its seller always the stored one.
    ask('GET /items/get/{id}', seller, 'GET', `/items/get/${itemId}`),
  ]);
}

/** Every answer is 503 with Retry-After (whole seconds) and an error message. */
function expectUnavailable(answers: Answer[], only?: string[]): void {
  const seen = answers
    .filter((a) => !only || only.includes(a.what))
    .map((a) => ({
      what: a.what,
      status: a.status,
      retryAfter: a.retryAfter !== null && /^\d+$/.test(a.retryAfter),
      error: typeof (a.body as { error?: unknown })?.error,
    }));
  expect(seen).toEqual(seen.map((s) => ({ what: s.what, status: 503, retryAfter: true, error: 'string' })));
}

/** Waits until every route answers as in normal operation again. */
async function expectRecovered(key: string): Promise<void> {
  await waitFor(
    async () => {
      const answers = await routes(key);
      return answers.every((a) => typeof a.status === 'number' && a.status >= 200 && a.status < 300) ? answers : undefined;
    },
    60_000,
    500,
    'every route answering 2xx after the restart',
  );
}

async function readiness(services = KAFKA_SERVICES): Promise<{ service: string; status: number | 'no answer'; body: unknown }[]> {
  return Promise.all(
    services.map(async (service) => {
      try {
        const res = await fetch(`${stack.processes[service]!.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        return { service, status: res.status, body: await res.json() };
      } catch {
        return { service, status: 'no answer' as const, body: null };
      }
    }),
  );
}

describe('outages (issue 34)', () => {
  it('works before any outage', async () => {
    const answers = await routes('before');
    expect(answers.map((a) => [a.what, a.status])).toEqual(
      answers.map((a) => [a.what, expect.toSatisfy((s: unknown) => typeof s === 'number' && s < 300)]),
    );
  });

  it('a report request retried with the same Idempotency-Key answers the same job (a retry after a 503 is safe)', async () => {
    const first = await ask('create-pdf', seller, 'POST', '/items/create-pdf', {}, { 'Idempotency-Key': 'retry-key-1' });
    const again = await ask('create-pdf', seller, 'POST', '/items/create-pdf', {}, { 'Idempotency-Key': 'retry-key-1' });
    const other = await ask('create-pdf', seller, 'POST', '/items/create-pdf', {}, { 'Idempotency-Key': 'retry-key-2' });
    expect([first.status, again.status, other.status]).toEqual([202, 202, 202]);
    const jobOf = (a: Answer) => (a.body as { jobId: string }).jobId;
    expect(jobOf(again)).toBe(jobOf(first));
    expect(jobOf(other)).not.toBe(jobOf(first));
    const bad = await ask('create-pdf', seller, 'POST', '/items/create-pdf', {}, { 'Idempotency-Key': 'short' });
    expect(bad.status).toBe(400);
  });

  it('Redis down: 503 with Retry-After on the routes (item 1), then answers again', async () => {
    await redis.kill();
    try {
      // Twice: the first requests after the crash and those once the clients know it is down.
      expectUnavailable(await routes('redis-1'), [
        'POST /checkout/session',
        'GET /Customer/me',
        'PUT /ShoppingCart/updateSItem/{id}',
        'POST /items/create-pdf',
      ]);
      expectUnavailable(await routes('redis-2'), [
        'POST /checkout/session',
        'GET /Customer/me',
        'PUT /ShoppingCart/updateSItem/{id}',
        'POST /items/create-pdf',
      ]);
    } finally {
      await redis.start();
    }
    await expectRecovered('redis-after');
    // The e-mail worker (BullMQ on the same Redis) delivers again: a new seller gets the welcome mail.
    await acceptedSeller(stack.gatewayUrl, admin);
  }, 120_000);

  it('FerretDB down: 503 with Retry-After within the bound (item 2), then answers again', async () => {
    await ferretdb.kill();
    try {
      expectUnavailable(await routes('mongo-1'));
      expectUnavailable(await routes('mongo-2'));
    } finally {
      await ferretdb.start();
    }
    await expectRecovered('mongo-after');
  }, 120_000);

  it('Kafka down: every /readyz answers 503 at once (item 3), and 200 after the restart', async () => {
    await kafka.stop();
    try {
      await waitFor(
        async () => {
          const states = await readiness();
          // The bound: an answer within the probe's 2 s, 503, naming kafka as not ok.
          return states.every((s) => s.status === 503 && JSON.stringify(s.body).includes('kafka')) ? states : undefined;
        },
        15_000,
        250,
        'every service answering /readyz 503 (kafka) within 2 s',
      ).catch(async (err: Error) => {
        throw new Error(`${err.message}: ${JSON.stringify(await readiness())}`);
      });
      // Still answering at once a while later (a probe must not wait on the client's retries).
      const later = await readiness();
      expect(later.map((s) => [s.service, s.status])).toEqual(KAFKA_SERVICES.map((s) => [s, 503]));
    } finally {
      await kafka.start();
    }
    await waitFor(
      async () => ((await readiness(SERVICES)).every((s) => s.status === 200) ? true : undefined),
      90_000,
      500,
      'every service ready after Kafka is back',
    );
    await expectRecovered('kafka-after');
  }, 180_000);

  it('OpenSearch down: a list answers 503 with Retry-After, the search services are not ready (item 3), then both recover', async () => {
    await opensearch.kill();
    try {
      const list = await ask('GET /items/getItems', customer, 'GET', '/items/getItems');
      expectUnavailable([list]);
      await waitFor(
        async () => {
          const states = await readiness(SEARCH_SERVICES);
          return states.every((st) => st.status === 503 && JSON.stringify(st.body).includes('opensearch')) ? states : undefined;
        },
        15_000,
        250,
        'every search service answering /readyz 503 (opensearch) within 2 s',
      ).catch(async (err: Error) => {
        throw new Error(`${err.message}: ${JSON.stringify(await readiness(SEARCH_SERVICES))}`);
      });
    } finally {
      await opensearch.start();
    }
    await waitFor(
      async () => ((await readiness(SERVICES)).every((st) => st.status === 200) ? true : undefined),
      90_000,
      500,
      'every service ready after OpenSearch is back',
    );
    await waitFor(
      async () => ((await ask('GET /items/getItems', customer, 'GET', '/items/getItems')).status === 200 ? true : undefined),
      60_000,
      500,
      'the list answering 200 after OpenSearch is back',
    );
  }, 180_000);
});
