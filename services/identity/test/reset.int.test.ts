/**
 * Password reset on the server (docs/architecture.md, Password reset): codes e-mailed and read back from
 * MailDev, verified on the server, single use, 5 wrong attempts, 15-minute expiry (time moved by
 * editing the stored record, the only way to age a code in a test), for customers (20 characters)
 * and sellers (5 characters). forgotPassword answers an unknown e-mail exactly as a known one and
 * mails only the real account (issue 27 item 6), so it does not tell who has an account.
 */
import { connectMongo } from '@market/platform';
import { mailsTo, testServers, waitFor, type MailDevMessage } from '@market/platform/testing';
import type { Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newCustomer, newSellerRequest, startIdentityStack, type IdentityStack } from '@market/testing';

let stack: IdentityStack;
let db: Connection;
const client = () => new Client(stack.gatewayUrl);
/** forgotPassword's one answer, whether or not the e-mail has an account. */
const RESET_CODE_SENT = 'If this address has an account, we sent a code';

beforeAll(async () => {
  stack = await startIdentityStack();
  db = await connectMongo({ url: testServers().mongoUrl, dbName: stack.dbName });
});

afterAll(async () => {
  await db?.close();
  await stack?.stop();
});

async function codeMailCount(email: string): Promise<number> {
  return (await mailsTo(email)).filter((m) => /reset code/.test(m.subject)).length;
}

/** Asks for a code and returns it from the reset e-mail that arrives after the request. */
async function requestCode(prefix: '/Customer' | '/orgSeller', email: string): Promise<string> {
  const codeMails = async () => (await mailsTo(email)).filter((x) => /reset code/.test(x.subject));
  const seen = new Set((await codeMails()).map((m) => m.id));
  const res = await client().request('post', `${prefix}/forgotPassword`, { body: { email } });
  expect(res.body).toEqual({ message: RESET_CODE_SENT });
  // MailDev's ids do not sort by arrival: the new e-mail is the one not seen before.
  const newest: MailDevMessage = await waitFor(
    async () => (await codeMails()).find((m) => !seen.has(m.id)),
    20_000,
    200,
    'the reset e-mail',
  );
  const code = /^Code: (\S+)$/m.exec(newest.text)?.[1];
  expect(code).toBeDefined();
  return code!;
}

/**
 * Asks for a code for `known` (an account) and for an unknown address: the same status and body,
 * and only `known` gets a reset e-mail (the unknown address none, checked after known's arrived).
 */
async function expectSameAnswer(prefix: '/Customer' | '/orgSeller', known: string): Promise<void> {
  const unknown = `nobody-${known}`;
  const before = await codeMailCount(known);
  const forKnown = await client().request('post', `${prefix}/forgotPassword`, { body: { email: known } });
  const forUnknown = await client().request('post', `${prefix}/forgotPassword`, { body: { email: unknown } });
  expect(forKnown.status).toBe(200);
  expect({ status: forUnknown.status, body: forUnknown.body }).toEqual({ status: forKnown.status, body: forKnown.body });
  expect(forKnown.body).toEqual({ message: RESET_CODE_SENT });
  await waitFor(async () => (await codeMailCount(known)) > before, 20_000, 200, 'the reset e-mail of the real account');
  // The e-mail worker takes jobs in order: had the unknown address been mailed, it would be there by now.
  await new Promise((r) => setTimeout(r, 500));
  expect(await mailsTo(unknown)).toEqual([]);
}

async function customer() {
  const body = newCustomer();
  expect((await client().request('post', '/Customer/add', { body })).status).toBe(201);
  return body;
}

describe('customer password reset', () => {
  it('sends a 20-character code, verifies it, changes the password once', async () => {
    const body = await customer();
    const code = await requestCode('/Customer', body.email);
    expect(code).toMatch(/^[A-Z0-9]{20}$/);

    const early = await client().request('post', '/Customer/resetPassword', {
      body: { email: body.email, code, password: 'Reset#2026', confirmPassword: 'Reset#2026' },
    });
    expect(early.body).toEqual({
      error: 'Code verification unsuccessfull',
      code: 'verify-code-first',
      fields: { code: 'Code verification unsuccessfull' },
      fieldCodes: { code: 'verify-code-first' },
    });
    const wrong = await client().post('/Customer/verifyCode', { email: body.email, code: 'WRONGCODE' });
    expect(wrong.body.error).toBe('Code Verified Unsuccessfully!');
    expect((await client().request('post', '/Customer/verifyCode', { body: { email: body.email, code } })).body).toEqual({
      message: 'Code Verified Successfully!',
    });
    const mismatch = await client().post('/Customer/resetPassword', {
      email: body.email,
      code,
      password: 'Reset#2026',
      confirmPassword: 'Reset#2027',
    });
    expect(mismatch.body.error).toBe('password mismatch!');
    const ok = await client().request('post', '/Customer/resetPassword', {
      body: { email: body.email, code, password: 'Reset#2026', confirmPassword: 'Reset#2026' },
    });
    expect(ok.status).toBe(200);
    expect(
      (await client().request('post', '/Customer/loginCustomer', { body: { username: body.username, password: 'Reset#2026' } })).status,
    ).toBe(200);
    // Used once: the same code no longer works.
    const again = await client().post('/Customer/resetPassword', {
      email: body.email,
      code,
      password: 'Again#2026',
      confirmPassword: 'Again#2026',
    });
    expect(again.body.error).toBe('Code verification unsuccessfull');
    expect((await client().post('/Customer/verifyCode', { email: body.email, code })).body.error).toBe('Code Verified Unsuccessfully!');
  });

  it('answers an unknown e-mail as a known one, mails only the real account, and a bad one gets a 400', async () => {
    const body = await customer();
    await expectSameAnswer('/Customer', body.email);
    expect((await client().post('/Customer/forgotPassword', { email: 'not-an-email' })).status).toBe(400);
  });

  it('burns a code after 5 wrong attempts', async () => {
    const body = await customer();
    const code = await requestCode('/Customer', body.email);
    for (let i = 0; i < 5; i++)
      expect((await client().request('post', '/Customer/verifyCode', { body: { email: body.email, code: `WRONG${i}` } })).status).toBe(400);
    expect((await client().post('/Customer/verifyCode', { email: body.email, code })).body.error).toBe('Code Verified Unsuccessfully!');
  });

  it('refuses a code older than 15 minutes', async () => {
    const body = await customer();
    const code = await requestCode('/Customer', body.email);
    const me = await db.collection('customers').findOne({ emailKey: body.email.toLowerCase() });
    await db
      .collection('reset_codes')
      .updateOne({ _id: `customer:${String(me!._id)}` as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await client().post('/Customer/verifyCode', { email: body.email, code })).body.error).toBe('Code Verified Unsuccessfully!');
  });

  it('stores codes hashed, never in clear', async () => {
    const body = await customer();
    const code = await requestCode('/Customer', body.email);
    const stored = await db.collection('reset_codes').find({}).toArray();
    expect(JSON.stringify(stored)).not.toContain(code);
  });
});

describe('seller password reset', () => {
  it('uses a 5-character code and the seller wording', async () => {
    const req = newSellerRequest();
    const applied = await client().request('post', '/seller/add', { body: req });
    const admin = client();
    await admin.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } });
    const accepted = await admin.request('post', '/orgseller/add', { body: { requestId: applied.body._id } });
    await expectSameAnswer('/orgSeller', req.email);
    const code = await requestCode('/orgSeller', req.email);
    expect(code).toMatch(/^[A-Z0-9]{5}$/);
    expect((await client().request('post', '/orgSeller/verifyCode', { body: { email: req.email, code } })).body).toEqual({
      message: 'Code Verified Successfully!',
    });
    const mismatch = await client().post('/orgSeller/resetPassword', {
      email: req.email,
      code,
      password: 'Seller#2026',
      confirmPassword: 'Seller#2027',
    });
    expect(mismatch.body.error).toBe('Password mismatch!');
    expect(
      (
        await client().request('post', '/orgSeller/resetPassword', {
          body: { email: req.email, code, password: 'Seller#2026', confirmPassword: 'Seller#2026' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await client().request('post', '/orgSeller/loginSeller', { body: { username: accepted.body.username, password: 'Seller#2026' } }))
        .status,
    ).toBe(200);
  });
});
