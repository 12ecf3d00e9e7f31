/**
 * Customer accounts through the gateway on real servers: registration and its
 * documented messages, login and sessions, profile edit, delete, BOLA, admin listing, and the
 * CustomerRegistered event on Kafka.
 */
import { Topics } from '@market/contracts';
import { createKafka } from '@market/platform';
import { testServers, uniqueName, waitFor } from '@market/platform/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newCustomer, startIdentityStack, type IdentityStack } from '@market/testing';

let stack: IdentityStack;
const client = () => new Client(stack.gatewayUrl);

async function registered(overrides: Record<string, unknown> = {}) {
  const body = newCustomer(overrides);
  const c = client();
  const res = await c.request('post', '/Customer/add', { body });
  expect(res.status).toBe(201);
  const login = await c.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
  expect(login.status).toBe(200);
  return { c, body, id: login.body.customerLogin._id };
}

async function adminClient() {
  const a = client();
  const res = await a.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } });
  expect(res.status).toBe(200);
  return a;
}

beforeAll(async () => {
  stack = await startIdentityStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('customer registration', () => {
  it('creates the customer with the default avatar of the gender and never returns the password', async () => {
    const body = newCustomer({ gender: 'Female', firstName: 'Sanduni' });
    const res = await client().request('post', '/Customer/add', { body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: 'Sanduni', email: body.email, username: body.username, userImage: 'avatarFemale.jpg' });
    expect(res.body._id).toMatch(/^[0-9a-f]{24}$/);
    expect(JSON.stringify(res.body)).not.toContain('Secret#123');
    expect(res.body).not.toHaveProperty('password');
  });

  it('refuses a duplicate e-mail or username, whatever the case', async () => {
    const body = newCustomer();
    expect((await client().request('post', '/Customer/add', { body })).status).toBe(201);
    const sameEmail = await client().request('post', '/Customer/add', { body: newCustomer({ email: body.email.toUpperCase() }) });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toEqual({ error: 'Email or Username Already Exists', code: 'duplicate-account' });
    const sameUsername = await client().request('post', '/Customer/add', { body: newCustomer({ username: body.username.toUpperCase() }) });
    expect(sameUsername.body).toEqual({ error: 'Email or Username Already Exists', code: 'duplicate-account' });
  });

  it.each([
    ['firstName', { firstName: '' }, 'First Name is required'],
    ['lastName', { lastName: '  ' }, 'Last Name is required'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'nimal@' }, 'Invalid Email Address'],
    ['phoneNumber', { phoneNumber: '' }, 'Phone Number is required'],
    ['phoneNumber', { phoneNumber: '07712345ab' }, 'Enter only numeric values to phone number'],
    ['phoneNumber', { phoneNumber: '077123456' }, 'Phone Number must be 10 digit number'],
    ['dob', { dob: '' }, 'Birthday is required'],
    ['dob', { dob: '2999-01-01' }, 'Birthday cannot be after today'],
    ['gender', { gender: 'Other' }, 'Gender is required'],
    ['username', { username: '' }, 'Username is required'],
    ['password', { password: '' }, 'Password is required'],
    ['password', { password: 'Ab1' }, 'Password must contain minimum 8 chracters'],
    [
      'password',
      { password: 'alllowercase1' },
      'Password must contain at least one lowercase letter, one uppercase letter, one numeric digit',
    ],
  ])('answers 400 on %s with the documented message: %s', async (field, overrides, message) => {
    const res = await client().post('/Customer/add', newCustomer(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, fields: { [field]: message } });
  });

  it('answers 400 for a body that is not JSON, and ignores fields a client may not set', async () => {
    const raw = await fetch(`${stack.gatewayUrl}/Customer/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"firstName":',
    });
    expect(raw.status).toBe(400);
    const body = newCustomer({ _id: '64b7f0c2a1b2c3d4e5f60718', role: 'admin', newlyAddeddate: '2001-01-01', deleted: true });
    const res = await client().post('/Customer/add', body);
    expect(res.status).toBe(201);
    expect(res.body._id).not.toBe('64b7f0c2a1b2c3d4e5f60718');
    expect(String(res.body.newlyAddeddate).slice(0, 4)).not.toBe('2001');
  });
});

describe('customer sessions', () => {
  it('logs in with the documented envelope and a session cookie; a wrong password gets the documented failure', async () => {
    const body = newCustomer();
    await client().request('post', '/Customer/add', { body });
    const c = client();
    const ok = await c.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
    expect(ok.status).toBe(200);
    expect(ok.body.customerLogin).toMatchObject({ username: body.username, firstName: 'Nimal' });
    expect(ok.body.customerLogin).not.toHaveProperty('password');
    expect(ok.headers.getSetCookie().join(';')).toMatch(/mp_session=.+; .*HttpOnly/i);
    expect(ok.headers.getSetCookie().join(';')).toMatch(/SameSite=Lax/i);
    const me = await c.request('get', '/Customer/me');
    expect(me.body).toMatchObject({ username: body.username });

    const wrong = await client().request('post', '/Customer/loginCustomer', { body: { username: body.username, password: 'Wrong#123' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid Username or Password', code: 'login-failed' });
    const unknown = await client().request('post', '/Customer/loginCustomer', { body: { username: 'nobody-here', password: 'Wrong#123' } });
    expect(unknown.body).toEqual({ error: 'Invalid Username or Password', code: 'login-failed' });
    const empty = await client().post('/Customer/loginCustomer', { username: '', password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('revokes the session on logout, also for a replayed token', async () => {
    const { c } = await registered();
    const token = c.token!;
    expect((await c.post('/Customer/logout')).status).toBe(200);
    expect((await c.request('get', '/Customer/me')).status).toBe(401);
    const replay = await client().call('GET', '/Customer/me', undefined, { authorization: `Bearer ${token}` });
    expect(replay.status).toBe(401);
  });

  it('refuses identity headers forged by a client', async () => {
    const { id } = await registered();
    const res = await client().call('GET', `/Customer/get/${id}`, undefined, { 'x-caller-id': id, 'x-caller-role': 'customer' });
    expect(res.status).toBe(401);
  });
});

describe('customer profile', () => {
  it('reads and updates only the own profile (someone else’s → 404)', async () => {
    const a = await registered();
    const b = await registered();
    expect((await a.c.request('get', '/Customer/get/{id}', { params: { id: a.id } })).status).toBe(200);
    expect((await a.c.request('get', '/Customer/get/{id}', { params: { id: b.id } })).status).toBe(404);
    expect((await a.c.request('get', '/Customer/getEmail/{email}', { params: { email: b.body.email } })).status).toBe(404);
    const update = { firstName: 'Hacked', lastName: 'X', phoneNumber: '0770000000', dob: '1990-01-01', gender: 'Male' };
    expect((await a.c.put(`/Customer/update/${b.id}`, update)).status).toBe(404);
    expect(
      (await a.c.request('delete', '/Customer/delete/{id}', { params: { id: b.id }, body: { password: a.body.password } })).status,
    ).toBe(404);
    expect((await b.c.request('get', '/Customer/get/{id}', { params: { id: b.id } })).body.firstName).toBe('Nimal');
    expect((await a.c.request('get', '/Customer/get/{id}', { params: { id: 'not-an-id' } })).status).toBe(404);
  });

  it('updates names and phone but never e-mail or username', async () => {
    const { c, id, body } = await registered();
    const res = await c.put(`/Customer/update/${id}`, {
      firstName: 'Kasun',
      lastName: 'Fernando',
      phoneNumber: '0719876543',
      dob: '1994-02-02',
      gender: 'Male',
      address: 'Kandy',
      email: 'changed@example.lk',
      username: 'changed',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Kasun',
      lastName: 'Fernando',
      phoneNumber: '0719876543',
      email: body.email,
      username: body.username,
    });
  });

  it('changes the password only with the current one, with the documented messages', async () => {
    const { c, id, body } = await registered();
    const profile = { firstName: 'Nimal', lastName: 'Perera', phoneNumber: '0771234567', dob: '1995-04-12', gender: 'Male' };
    const wrongCurrent = await c.put(`/Customer/update/${id}`, {
      ...profile,
      currentPassword: 'Nope#1234',
      password: 'NewPass#99',
      confirmPassword: 'NewPass#99',
    });
    expect(wrongCurrent.body).toEqual({
      error: 'Invalid Current Password!',
      code: 'invalid-current-password',
      fields: { currentPassword: 'Invalid Current Password!' },
      fieldCodes: { currentPassword: 'invalid-current-password' },
    });
    const short = await c.put(`/Customer/update/${id}`, {
      ...profile,
      currentPassword: body.password,
      password: 'Ab1',
      confirmPassword: 'Ab1',
    });
    expect(short.body.error).toBe('Password must be contain minimum 8 charcters!');
    const mismatch = await c.put(`/Customer/update/${id}`, {
      ...profile,
      currentPassword: body.password,
      password: 'NewPass#99',
      confirmPassword: 'NewPass#98',
    });
    expect(mismatch.body.error).toBe('Password Mismatch!!');
    const ok = await c.put(`/Customer/update/${id}`, {
      ...profile,
      currentPassword: body.password,
      password: 'NewPass#99',
      confirmPassword: 'NewPass#99',
    });
    expect(ok.status).toBe(200);
    expect(
      (await client().request('post', '/Customer/loginCustomer', { body: { username: body.username, password: 'NewPass#99' } })).status,
    ).toBe(200);
    expect(
      (await client().request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } })).status,
    ).toBe(401);
  });

  it('deletes the own profile only with the password', async () => {
    const { c, id, body } = await registered();
    const empty = await c.delete(`/Customer/delete/${id}`, { password: '' });
    expect(empty.body).toEqual({
      error: 'Please Enter Your Password!',
      code: 'enter-your-password',
      fields: { password: 'Please Enter Your Password!' },
      fieldCodes: { password: 'enter-your-password' },
    });
    const wrong = await c.request('delete', '/Customer/delete/{id}', { params: { id }, body: { password: 'Wrong#123' } });
    expect(wrong.body).toEqual({
      error: 'Invalid Credentials!',
      code: 'invalid-credentials',
      fields: { password: 'Invalid Credentials!' },
      fieldCodes: { password: 'invalid-credentials' },
    });
    const ok = await c.request('delete', '/Customer/delete/{id}', { params: { id }, body: { password: body.password } });
    expect(ok.body).toEqual({ message: 'Successfully Deleted' });
    expect(
      (await client().request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } })).status,
    ).toBe(401);
    // The e-mail and username are free again.
    expect(
      (await client().request('post', '/Customer/add', { body: newCustomer({ email: body.email, username: body.username }) })).status,
    ).toBe(201);
  });
});

describe('admin view of customers', () => {
  it('lists and searches customers for admins only, with paging', async () => {
    const tag = uniqueName('Zed').replace(/-/g, '');
    await registered({ firstName: tag });
    const { c } = await registered();
    expect((await c.request('get', '/Customer/getAll')).status).toBe(403);
    expect((await client().request('get', '/Customer/getAll')).status).toBe(401);
    const admin = await adminClient();
    const all = await admin.request('get', '/Customer/getAll');
    expect(Array.isArray(all.body)).toBe(true);
    // Served by the admin search index, which the projection writes within about a second.
    const found = await waitFor(
      async () => {
        const r = await admin.get<{ items: { firstName: string }[]; total: number; page: number; limit: number }>(
          `/Customer/getAll?q=${tag.toLowerCase()}&page=1&limit=5`,
        );
        return r.body.total === 1 && r;
      },
      15_000,
      200,
      'the new customer in the admin search',
    );
    expect(found.body.total).toBe(1);
    expect(found.body.items[0]!.firstName).toBe(tag);
    expect(found.body).toMatchObject({ page: 1, limit: 5 });
    expect((await admin.get('/Customer/getAll?limit=1000')).status).toBe(400);
    // A regex in the search is matched literally.
    expect((await admin.get<{ total: number }>('/Customer/getAll?q=.*&page=1')).body.total).toBe(0);
  });
});

describe('events', () => {
  it('publishes CustomerRegistered to identity.customer.v1 through the outbox', async () => {
    const { id } = await registered({ firstName: 'Eventful' });
    const kafka = createKafka('identity-it', testServers().kafkaBrokers, pino({ level: 'silent' }));
    const consumer = kafka.consumer({ groupId: uniqueName('it-customer-events'), maxWaitTimeInMs: 50 });
    const seen: { type: string; aggregateId: string; data: Record<string, unknown> }[] = [];
    await consumer.connect();
    await consumer.subscribe({ topic: stack.topicPrefix + Topics.customer, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const e = JSON.parse(message.value!.toString());
        if (e.aggregateId === id) seen.push(e);
      },
    });
    try {
      const event = await waitFor(
        async () => seen.find((e) => e.type === 'CustomerRegistered'),
        30_000,
        100,
        'CustomerRegistered on Kafka',
      );
      expect(event.data).toMatchObject({ customerId: id, firstName: 'Eventful', userImage: 'avatarMale.jpg' });
      expect(JSON.stringify(event)).not.toMatch(/password|argon2/i);
    } finally {
      await consumer.disconnect();
    }
  });
});

describe('per-account rate limits', () => {
  it('answers 429 with Retry-After after 10 failed logins for one username', async () => {
    const body = newCustomer();
    await client().request('post', '/Customer/add', { body });
    for (let i = 0; i < 10; i++) {
      expect(
        (await client().request('post', '/Customer/loginCustomer', { body: { username: body.username, password: `Wrong#${i}abc` } }))
          .status,
      ).toBe(401);
    }
    const limited = await client().request('post', '/Customer/loginCustomer', {
      body: { username: body.username, password: body.password },
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account from the same address is not affected.
    const other = newCustomer();
    await client().request('post', '/Customer/add', { body: other });
    expect(
      (await client().request('post', '/Customer/loginCustomer', { body: { username: other.username, password: other.password } })).status,
    ).toBe(200);
  });
});
