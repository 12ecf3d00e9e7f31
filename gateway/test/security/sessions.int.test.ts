/**
 * Sessions, cross-site requests and rate limits end to end (docs/architecture.md, Sessions and
 * Rate limits): through the real gateway and identity service, a logged-out session token is
 * refused on a protected call (as cookie and as Bearer), tokens signed with another secret or expired are refused, a
 * state-changing request with a foreign Origin is refused while the web origin passes, and a
 * rate-limited endpoint answers 429 with a numeric Retry-After. A login answers the session token
 * only to an API client that asks for it (`bearer: true`), never to a browser login. The mechanisms themselves are unit
 * tested against a fake upstream in gateway/test/session-limits.int.test.ts and proxy.int.test.ts.
 */
import { signSession } from '@market/platform';
import { spawnProcess, startTestStack, TEST_SECRETS, type RunningProcess, type TestStack } from '@market/platform/testing';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newCustomer } from '@market/testing';

const WEB_ORIGIN = 'http://localhost:3000';
let stack: TestStack;
let limitedGateway: RunningProcess | undefined;

beforeAll(async () => {
  stack = await startTestStack(['identity', 'notifications'], { WEB_ORIGINS: WEB_ORIGIN });
}, 300_000);

afterAll(async () => {
  await limitedGateway?.stop();
  await stack?.stop();
});

/** A registered, signed-in customer. */
async function signedIn() {
  const client = new Client(stack.gatewayUrl);
  const body = newCustomer();
  expect((await client.request('post', '/Customer/add', { body })).status).toBe(201);
  const login = await client.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
  expect(login.status).toBe(200);
  return { client, id: login.body.customerLogin._id, body };
}

const me = (token: string, as: 'cookie' | 'bearer' = 'cookie') =>
  fetch(`${stack.gatewayUrl}/Customer/me`, {
    headers: as === 'cookie' ? { cookie: `mp_session=${token}` } : { authorization: `Bearer ${token}` },
  });

describe('sessions end to end', () => {
  it('refuses the same token after logout, as cookie and as Bearer', async () => {
    const { client } = await signedIn();
    const token = client.token!;
    expect((await me(token)).status).toBe(200);
    expect((await me(token, 'bearer')).status).toBe(200);
    expect((await client.post('/Customer/logout')).status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect((await me(token, 'bearer')).status).toBe(401);
  });

  it('refuses a token signed with another secret and an expired one', async () => {
    const { id } = await signedIn();
    const valid = (await signSession(TEST_SECRETS.SESSION_SECRET, id, 'customer', 60)).token;
    expect((await me(valid)).status).toBe(200); // the same claims, correctly signed, pass
    const forged = (await signSession('another-secret-of-an-attacker-0123456789', id, 'customer', 60)).token;
    expect((await me(forged)).status).toBe(401);
    const forgedAdmin = (await signSession('another-secret-of-an-attacker-0123456789', id, 'admin', 60)).token;
    expect((await fetch(`${stack.gatewayUrl}/Admin/me`, { headers: { cookie: `mp_session=${forgedAdmin}` } })).status).toBe(401);
    const expired = (await signSession(TEST_SECRETS.SESSION_SECRET, id, 'customer', -5)).token;
    expect((await me(expired)).status).toBe(401);
  });
});

describe('the session token in the login answer', () => {
  it('is only in the httpOnly cookie for a browser login, and in the answer only when an API client asks for it', async () => {
    const body = newCustomer();
    const browser = new Client(stack.gatewayUrl);
    expect((await browser.request('post', '/Customer/add', { body })).status).toBe(201);
    const login = await browser.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(['customerLogin']);
    expect(JSON.stringify(login.body)).not.toContain(browser.token!);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('mp_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect((await browser.request('get', '/Customer/me')).status).toBe(200);

    // An API client asks explicitly and uses the token as a Bearer.
    const api = await new Client(stack.gatewayUrl).post<{ token: string }>('/Customer/loginCustomer', {
      username: body.username,
      password: body.password,
      bearer: true,
    });
    expect(api.status).toBe(200);
    expect(typeof api.body.token).toBe('string');
    expect((await me(api.body.token, 'bearer')).status).toBe(200);

    // The admin's login likewise.
    const admin = await new Client(stack.gatewayUrl).request('post', '/Admin/loginAdmin', {
      body: { username: stack.admin.username, password: stack.admin.password },
    });
    expect(admin.status).toBe(200);
    expect(Object.keys(admin.body)).toEqual(['adminLogin']);
    const adminApi = await new Client(stack.gatewayUrl).request('post', '/Admin/loginAdmin', {
      body: { username: stack.admin.username, password: stack.admin.password, bearer: true },
    });
    const adminMe = await fetch(`${stack.gatewayUrl}/Admin/me`, { headers: { authorization: `Bearer ${adminApi.body.token}` } });
    expect(adminMe.status).toBe(200);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from a foreign Origin and lets the web origin pass', async () => {
    const { client, id, body } = await signedIn();
    const { email: _e, username: _u, password: _p, ...profile } = body;
    const foreign = await client.call(
      'PUT',
      `/Customer/update/${id}`,
      { ...profile, firstName: 'Mallory' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: 'Cross-site request refused' });
    expect((await client.request('get', '/Customer/get/{id}', { params: { id } })).body.firstName).toBe('Nimal');

    const web = await client.call('PUT', `/Customer/update/${id}`, { ...profile, firstName: 'Sunil' }, { origin: WEB_ORIGIN });
    expect(web.status).toBe(200);
    expect((await client.request('get', '/Customer/get/{id}', { params: { id } })).body.firstName).toBe('Sunil');
    // Logging in from a foreign site is refused too (no session fixation from another origin).
    const login = await new Client(stack.gatewayUrl).call(
      'POST',
      '/Customer/loginCustomer',
      { username: body.username, password: body.password },
      { origin: 'https://evil.example' },
    );
    expect(login.status).toBe(403);
    expect(login.headers.getSetCookie()).toEqual([]);
  });
});

describe('rate limits', () => {
  it('answers 429 with a numeric Retry-After on the password-reset endpoint past its allowance', async () => {
    // A second gateway in front of the same identity service with the production allowances
    // (multiplier 1; the stack's gateway multiplies them for the other tests): 30 per hour per
    // IP (gateway/src/rateLimits.ts). Other stacks on this machine share the Redis counter, so
    // the limit may come sooner, never later.
    limitedGateway = await spawnProcess(path.resolve(__dirname, '..', '..', 'src', 'main.ts'), {
      ...TEST_SECRETS,
      KAFKA_FROM_BEGINNING: 'false',
      IDENTITY_URL: stack.processes.identity!.url,
      RATE_LIMIT_MULTIPLIER: '1',
    });
    const anonymous = new Client(limitedGateway.url);
    let limited: Awaited<ReturnType<Client['post']>> | undefined;
    for (let i = 0; i < 32 && !limited; i++) {
      const res = await anonymous.request('post', '/Customer/forgotPassword', { body: { email: `nobody-${i}@example.lk` } });
      if (res.status === 429) limited = res;
      else expect(res.status).toBeLessThan(500);
    }
    expect(limited, 'a 429 within the allowance + 1').toBeDefined();
    expect(limited!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited!.body).toEqual({ error: 'Too many requests, please try again later', code: 'too-many-requests' });
  });
});
