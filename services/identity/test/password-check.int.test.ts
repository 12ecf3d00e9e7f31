/**
 * The delete screen's password check (spec 000 section 5: the password first,
 * 'Please Enter Your Password!' / 'Invalid Credentials!', only then 'Are you sure?') through the
 * gateway on real servers. `POST /Customer/checkPassword` deletes nothing, and every check of the
 * own password (this call, the delete, the password change) counts toward the same lockout as
 * the login, so a session is no faster password oracle than the login page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCKED } from '../src/accounts/limits';
import { Client, newCustomer, startIdentityStack, type IdentityStack } from '@market/testing';

let stack: IdentityStack;

beforeAll(async () => {
  stack = await startIdentityStack();
});

afterAll(async () => {
  await stack?.stop();
});

async function signedIn() {
  const body = newCustomer();
  const c = new Client(stack.gatewayUrl);
  expect((await c.request('post', '/Customer/add', { body })).status).toBe(201);
  const login = await c.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
  expect(login.status).toBe(200);
  return { c, body, id: login.body.customerLogin._id };
}

describe('POST /Customer/checkPassword', () => {
  it('answers the documents’ messages and deletes nothing', async () => {
    const { c, body } = await signedIn();
    const empty = await c.post('/Customer/checkPassword', { password: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      error: 'Please Enter Your Password!',
      code: 'enter-your-password',
      fields: { password: 'Please Enter Your Password!' },
      fieldCodes: { password: 'enter-your-password' },
    });
    const wrong = await c.request('post', '/Customer/checkPassword', { body: { password: 'Wrong#123' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      error: 'Invalid Credentials!',
      code: 'invalid-credentials',
      fields: { password: 'Invalid Credentials!' },
      fieldCodes: { password: 'invalid-credentials' },
    });
    const ok = await c.request('post', '/Customer/checkPassword', { body: { password: body.password } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Password confirmed' });
    // Still there, still signed in.
    expect((await c.request('get', '/Customer/me')).status).toBe(200);
  });

  it('needs a customer session', async () => {
    expect(
      (await new Client(stack.gatewayUrl).request('post', '/Customer/checkPassword', { body: { password: 'Secret#123' } })).status,
    ).toBe(401);
  });

  it('counts toward the login lockout: 10 wrong checks lock the login, the check and the delete', async () => {
    const { c, body, id } = await signedIn();
    for (let i = 0; i < 10; i++)
      expect((await c.request('post', '/Customer/checkPassword', { body: { password: `Wrong#${i}abcd` } })).status).toBe(400);
    const check = await c.post<{ error: string }>('/Customer/checkPassword', { password: body.password });
    expect(check.status).toBe(429);
    expect(check.body.error).toBe(ACCOUNT_LOCKED);
    expect(Number(check.headers.get('retry-after'))).toBeGreaterThan(0);
    const login = await new Client(stack.gatewayUrl).request('post', '/Customer/loginCustomer', {
      body: { username: body.username, password: body.password },
    });
    expect(login.status).toBe(429);
    const del = await c.request('delete', '/Customer/delete/{id}', { params: { id }, body: { password: body.password } });
    expect(del.status).toBe(429);
    expect((await c.request('get', '/Customer/me')).status).toBe(200);
  });

  it('wrong delete passwords count too, and a right check forgets the failures', async () => {
    const { c, body, id } = await signedIn();
    for (let i = 0; i < 9; i++)
      expect((await c.request('delete', '/Customer/delete/{id}', { params: { id }, body: { password: `Wrong#${i}abcd` } })).status).toBe(
        400,
      );
    expect((await c.request('post', '/Customer/checkPassword', { body: { password: body.password } })).status).toBe(200);
    // The count starts again: nine more wrong ones still leave the account open.
    for (let i = 0; i < 9; i++)
      expect((await c.request('post', '/Customer/checkPassword', { body: { password: `Wrong#${i}efgh` } })).status).toBe(400);
    expect((await c.request('delete', '/Customer/delete/{id}', { params: { id }, body: { password: body.password } })).body).toEqual({
      message: 'Successfully Deleted',
    });
  });
});
