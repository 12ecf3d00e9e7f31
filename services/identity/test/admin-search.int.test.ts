/**
 * The admin searches over customers and sellers on the real OpenSearch, Kafka and FerretDB,
 * through the gateway: `GET /Customer/getAll`, `GET /seller/get` and
 * `GET /orgseller/get` answered from identity's search indices with the documented query
 * parameters and answer fields, substring search, newest first, paging, read-your-writes for the
 * admin's own actions, no password hash in the index, and OpenSearch going down (the lists answer
 * 503 `{ error }`, sign-up and sign-in keep working, the index catches up from Kafka when it is
 * back), and identity's `npm run search:rebuild` swapping in fresh indices. Identity reaches
 * OpenSearch through a TCP proxy the test cuts.
 */
import { CuttableProxy, startTestStack, testServers, uniqueName, waitFor, type TestStack } from '@market/platform/testing';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newCustomer, newSellerRequest } from '@market/testing';

const proxy = new CuttableProxy();
let stack: TestStack;
const client = () => new Client(stack.gatewayUrl);
const tag = uniqueName('srch').replace(/-/g, '').toLowerCase();

async function adminClient() {
  const a = client();
  expect(
    (await a.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } })).status,
  ).toBe(200);
  return a;
}

type Page<T> = { items: T[]; total: number; page: number; limit: number };
type CustomerRow = { _id: string; firstName: string; lastName: string; username: string; newlyAddeddate: string };

/** Waits until `path` (paged) answers `total` rows. */
async function listed<T>(c: Client, path: string, total: number): Promise<Page<T>> {
  return waitFor(
    async () => {
      const r = await c.get<Page<T>>(path);
      return r.status === 200 && r.body.total === total && r.body;
    },
    20_000,
    200,
    `${path} with ${total} rows`,
  );
}

beforeAll(async () => {
  await proxy.up();
  stack = await startTestStack(['identity', 'notifications'], {}, { OPENSEARCH_URL: proxy.url });
});

afterAll(async () => {
  await stack?.stop();
  await proxy.close();
});

describe('customers', () => {
  it('searches first name, last name and username as substrings, newest first, paged, without password hashes', async () => {
    const ids: string[] = [];
    for (const overrides of [{ firstName: `Amal${tag}` }, { lastName: `Perera${tag}` }, { username: `u${tag}x` }]) {
      const res = await client().request('post', '/Customer/add', { body: newCustomer(overrides) });
      expect(res.status).toBe(201);
      ids.push(res.body._id);
    }
    const admin = await adminClient();
    const all = await listed<CustomerRow>(admin, `/Customer/getAll?q=${tag.toUpperCase()}&page=1&limit=10`, 3);
    expect(all.items.map((c) => c._id)).toEqual([...ids].reverse());
    expect(Object.keys(all.items[0]!).sort()).toEqual(
      [
        '_id',
        'address',
        'dob',
        'email',
        'firstName',
        'gender',
        'lastName',
        'newlyAddeddate',
        'phoneNumber',
        'userImage',
        'username',
        // The profile's "E-mail me about my wishlist".
        'wishlistAlerts',
        // The account version an admin's suspend or reinstate names (issue 30 item 10).
        'version',
        // The account's language (issue 33).
        'language',
      ].sort(),
    );
    const second = (await admin.get<Page<CustomerRow>>(`/Customer/getAll?q=${tag}&page=2&limit=2`)).body;
    expect(second).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.items.map((c) => c._id)).toEqual([ids[0]]);
    // The documented unpaged shape: a bare array with X-Total-Count.
    const bare = await admin.request('get', '/Customer/getAll', { query: { q: tag } });
    expect(bare.body).toHaveLength(3);
    expect(bare.headers.get('x-total-count')).toBe('3');
    // A wildcard character in the search is matched literally.
    expect((await admin.get<Page<unknown>>(`/Customer/getAll?q=${tag.slice(0, 4)}*${tag.slice(5)}&page=1`)).body.total).toBe(0);
    // Past the search engine's window: a clear 400, not a 503.
    expect((await admin.request('get', '/Customer/getAll', { query: { page: 2001, limit: 5 } })).status).toBe(400);
    // Nothing secret in the index: no password hash (argon2id) in any stored document.
    const raw = await fetch(`${testServers().opensearchUrl}/identity-identity-${stack.dbSuffix.toLowerCase()}-customers/_search?size=100`);
    const text = await raw.text();
    expect(text).toContain(ids[0]);
    expect(text).not.toMatch(/argon2|Secret#123|"password"/);
  });

  it("shows the admin's removal of a customer at once", async () => {
    const res = await client().request('post', '/Customer/add', { body: newCustomer({ firstName: `Gone${tag}` }) });
    const admin = await adminClient();
    await listed(admin, `/Customer/getAll?q=gone${tag}&page=1`, 1);
    expect((await admin.delete(`/Customer/delete/${res.body._id}`)).status).toBe(200);
    expect((await admin.get<Page<unknown>>(`/Customer/getAll?q=gone${tag}&page=1`)).body.total).toBe(0);
  });
});

describe('sellers', () => {
  it('lists requests and sellers by company, owner, year or e-mail; accepting moves one to the other at once', async () => {
    const body = newSellerRequest({ companyname: `Volt ${tag} Traders`, year: '1987' });
    const applied = await client().request('post', '/seller/add', { body });
    expect(applied.status).toBe(201);
    const admin = await adminClient();
    const requests = await listed<{ _id: string; createdAt: string }>(
      admin,
      `/seller/get?q=${encodeURIComponent(`volt ${tag}`)}&page=1`,
      1,
    );
    expect(requests.items[0]).toMatchObject({ _id: applied.body._id, companyname: body.companyname, year: '1987' });
    for (const q of [body.email.toUpperCase(), body.ownername.slice(2, 8)])
      expect((await admin.get<{ _id: string }[]>(`/seller/get?q=${encodeURIComponent(q)}`)).body.map((r) => r._id)).toContain(
        applied.body._id,
      );

    expect((await admin.request('post', '/orgseller/add', { body: { requestId: applied.body._id } })).status).toBe(201);
    expect((await admin.get<Page<unknown>>(`/seller/get?q=${tag}&page=1`)).body.total).toBe(0);
    const sellers = (await admin.get<Page<Record<string, unknown>>>(`/orgseller/get?q=${tag}&page=1`)).body;
    expect(sellers.total).toBe(1);
    expect(sellers.items[0]).toMatchObject({ _id: applied.body._id, email: body.email, requestDelete: false });
    expect(sellers.items[0]).not.toHaveProperty('password');
    // Anybody else sees the public face only.
    const pub = (await client().get<Page<Record<string, unknown>>>(`/orgseller/get?q=${tag}&page=1`)).body;
    expect(Object.keys(pub.items[0]!).sort()).toEqual(['_id', 'companyname', 'description', 'logo']);
    expect((await admin.get<Page<unknown>>(`/orgseller/get?q=${tag}&requestDelete=true&page=1`)).body.total).toBe(0);
    expect((await admin.get<Page<unknown>>(`/orgseller/get?q=${tag}&requestDelete=false&page=1`)).body.total).toBe(1);

    const decline = newSellerRequest({ companyname: `Nope ${tag}` });
    const declined = await client().request('post', '/seller/add', { body: decline });
    await listed(admin, `/seller/get?q=nope ${tag}&page=1`, 1);
    expect((await admin.request('delete', '/seller/delete/{id}', { params: { id: declined.body._id } })).status).toBe(200);
    expect((await admin.get<Page<unknown>>(`/seller/get?q=nope ${tag}&page=1`)).body.total).toBe(0);
  });
});

describe('OpenSearch down', () => {
  it('answers the admin searches 503, keeps sign-up and sign-in working, and catches up from Kafka when it is back', async () => {
    const admin = await adminClient();
    proxy.down();
    try {
      for (const path of ['/Customer/getAll?page=1', '/seller/get?page=1', '/orgseller/get']) {
        const res = await admin.get<{ error: string }>(path);
        expect(res.status, path).toBe(503);
        expect(res.body.error).toMatch(/unavailable/);
      }
      const body = newCustomer({ firstName: `Late${tag}` });
      expect((await client().request('post', '/Customer/add', { body })).status).toBe(201);
      expect(
        (await client().request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } })).status,
      ).toBe(200);
    } finally {
      await proxy.up();
    }
    await listed(admin, `/Customer/getAll?q=late${tag}&page=1`, 1);
  });
});

describe('npm run search:rebuild (identity)', () => {
  it('builds fresh customer and seller indices from the topics and swaps the aliases; the searches answer the same', async () => {
    const admin = await adminClient();
    const body = newCustomer({ firstName: `Rebuilt${tag}` });
    expect((await client().request('post', '/Customer/add', { body })).status).toBe(201);
    const before = await listed<CustomerRow>(admin, `/Customer/getAll?q=rebuilt${tag}&page=1`, 1);
    const alias = `identity-identity-${stack.dbSuffix.toLowerCase()}-customers`;
    const aliasIndices = async () => Object.keys((await (await fetch(`${testServers().opensearchUrl}/_alias/${alias}`)).json()) as object);
    const old = await aliasIndices();
    const root = path.resolve(__dirname, '..', '..', '..');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'services/identity/src/searchRebuild.ts')], {
      cwd: root,
      env: { ...process.env, MONGO_DB: `identity-${stack.dbSuffix}`, KAFKA_TOPIC_PREFIX: stack.topicPrefix, LOG_LEVEL: 'warn' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, out).toBe(0);
    expect(out).toMatch(/search index rebuilt: .*customers/);
    const now = await aliasIndices();
    expect(now).toHaveLength(1);
    expect(old).not.toContain(now[0]);
    expect((await admin.request('get', '/Customer/getAll', { query: { q: `rebuilt${tag}`, page: 1 } })).body).toEqual(before);
  }, 300_000);
});
