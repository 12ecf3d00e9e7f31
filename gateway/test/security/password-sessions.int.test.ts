/**
 * A password reset or change ends the account's other sessions (issue 27 item 3; docs/architecture.md,
 * Sessions): through the real gateway, identity and e-mail worker, a customer or seller signed in
 * twice (once with "remember me", the 30-day session a thief would keep) changes the password in
 * one session: the other session is refused at once, the one that made the change goes on (with a
 * fresh cookie of the same lifetime), and a later reset by e-mail code refuses every session opened
 * before it. A login right after either still works (the revocation is to the millisecond, not the
 * second). Each time the account is e-mailed that its password changed (Sri Lanka time, and what
 * to do if it was not them).
 */
import { mailsTo, startTestStack, waitFor, type MailDevMessage, type TestStack } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedSeller, Client, newCustomer } from '@market/testing';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack(['identity', 'notifications']);
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

const THIRTY_DAYS = 30 * 24 * 3600;
const TWELVE_HOURS = 12 * 3600;

/** Max-Age (seconds) of the `mp_session` cookie an answer set, or null when it set none. */
function sessionMaxAge(headers: Headers): number | null {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('mp_session=') && !c.startsWith('mp_session=;'));
  const age = cookie && /Max-Age=(\d+)/i.exec(cookie)?.[1];
  return age ? Number(age) : null;
}

/** A client signed in with `username`/`password` at `loginPath`. */
async function signIn(
  loginPath: '/Customer/loginCustomer' | '/orgSeller/loginSeller',
  username: string,
  password: string,
  rememberMe = false,
): Promise<Client> {
  const client = new Client(stack.gatewayUrl);
  const res = await client.request('post', loginPath, { body: { username, password, rememberMe } });
  expect(res.status).toBe(200);
  return client;
}

/** Status of `GET mePath` with a raw session token as cookie. */
const meWith = async (mePath: string, token: string) =>
  (await fetch(`${stack.gatewayUrl}${mePath}`, { headers: { cookie: `mp_session=${token}` } })).status;

/** The password-changed e-mails to `email`. */
const changedMails = async (email: string) => (await mailsTo(email)).filter((m) => /password was changed/i.test(m.subject));

/**
 * Runs `act` and answers the password-changed e-mail to `email` that arrives after it (MailDev's
 * ids do not sort by arrival: the new one is the one not seen before).
 */
async function changedMailAfter(email: string, act: () => Promise<void>): Promise<MailDevMessage> {
  const seen = new Set((await changedMails(email)).map((m) => m.id));
  await act();
  return waitFor(async () => (await changedMails(email)).find((m) => !seen.has(m.id)), 20_000, 200, `password-changed e-mail to ${email}`);
}

/** Runs the whole reset by e-mail code (forgotPassword → code from MailDev → verifyCode → resetPassword). */
async function resetByCode(prefix: '/Customer' | '/orgSeller', email: string, password: string): Promise<void> {
  const anonymous = new Client(stack.gatewayUrl);
  const codes = async () => (await mailsTo(email)).filter((m) => /reset code/.test(m.subject));
  const seen = new Set((await codes()).map((m) => m.id));
  expect((await anonymous.request('post', `${prefix}/forgotPassword`, { body: { email } })).status).toBe(200);
  const mail = await waitFor(async () => (await codes()).find((m) => !seen.has(m.id)), 20_000, 200, 'the reset code');
  const code = /^Code: (\S+)$/m.exec(mail.text)![1]!;
  expect((await anonymous.request('post', `${prefix}/verifyCode`, { body: { email, code } })).status).toBe(200);
  const reset = await anonymous.request('post', `${prefix}/resetPassword`, {
    body: { email, code, password, confirmPassword: password },
  });
  expect(reset.status).toBe(200);
}

/** What every password-changed e-mail says: how and when (Sri Lanka time), and what to do if it was not them. */
function expectChangedMail(mail: MailDevMessage, how: 'reset' | 'change', forgotPath: string) {
  const verb = how === 'reset' ? 'was reset with an e-mailed code' : 'was changed';
  expect(mail.text).toMatch(new RegExp(`${verb} on \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\(Sri Lanka time\\)`));
  expect(mail.text).toContain(forgotPath);
  expect(mail.text).toMatch(/If this was not you/i);
}

describe('a customer password change and reset', () => {
  it('ends every other session, keeps the changing one, and e-mails the customer each time', async () => {
    const body = newCustomer();
    expect((await new Client(stack.gatewayUrl).request('post', '/Customer/add', { body })).status).toBe(201);
    const changer = await signIn('/Customer/loginCustomer', body.username, body.password);
    const remembered = await signIn('/Customer/loginCustomer', body.username, body.password, true);
    const rememberedToken = remembered.token!;
    const oldChangerToken = changer.token!;
    const id = (await changer.request('get', '/Customer/me')).body._id;
    expect(await meWith('/Customer/me', rememberedToken)).toBe(200);

    const { email: _e, username: _u, password: _p, ...profile } = body;
    let changed: Awaited<ReturnType<Client['call']>> | undefined;
    const changeMail = await changedMailAfter(body.email, async () => {
      changed = await changer.call('PUT', `/Customer/update/${id}`, {
        ...profile,
        currentPassword: body.password,
        password: 'Changed#2026',
        confirmPassword: 'Changed#2026',
      });
    });
    expect(changed!.status).toBe(200);
    // The changing session goes on, with a fresh cookie of the same (12-hour) lifetime.
    expect(sessionMaxAge(changed!.headers)).toBe(TWELVE_HOURS);
    expect((await changer.request('get', '/Customer/me')).status).toBe(200);
    // The 30-day "remember me" session, and the changer's token from before the change, are refused.
    expect(await meWith('/Customer/me', rememberedToken)).toBe(401);
    expect(await meWith('/Customer/me', oldChangerToken)).toBe(401);
    expectChangedMail(changeMail, 'change', '/CustomerForgotPassword');

    // A login right after the change (possibly in the same second) is a new session and works.
    const after = await signIn('/Customer/loginCustomer', body.username, 'Changed#2026', true);
    expect((await after.request('get', '/Customer/me')).status).toBe(200);

    // A reset by e-mail code ends every session, the changer's renewed one too.
    const resetMail = await changedMailAfter(body.email, () => resetByCode('/Customer', body.email, 'Reset#2026x'));
    expect((await changer.request('get', '/Customer/me')).status).toBe(401);
    expect((await after.request('get', '/Customer/me')).status).toBe(401);
    expectChangedMail(resetMail, 'reset', '/CustomerForgotPassword');
    const fresh = await signIn('/Customer/loginCustomer', body.username, 'Reset#2026x');
    expect((await fresh.request('get', '/Customer/me')).status).toBe(200);
  });
});

describe('a seller password change and reset', () => {
  it('ends every other session, keeps the changing one, and e-mails the seller each time', async () => {
    const admin = new Client(stack.gatewayUrl);
    expect(
      (await admin.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } }))
        .status,
    ).toBe(200);
    const { client: plain, id, username, password } = await acceptedSeller(stack.gatewayUrl, admin);
    const email = (await plain.request('get', '/orgSeller/me')).body.email;
    const changer = await signIn('/orgSeller/loginSeller', username, password, true);
    const plainToken = plain.token!;

    let changed: Awaited<ReturnType<Client['call']>> | undefined;
    const changeMail = await changedMailAfter(email, async () => {
      changed = await changer.call('PUT', `/orgSeller/ChangePwd/${id}`, {
        currentPassword: password,
        password: 'Changed#2026',
        confirmPassword: 'Changed#2026',
      });
    });
    expect(changed!.body).toEqual({ message: 'Your update saved!' });
    // The changing "remember me" session goes on with a fresh 30-day cookie.
    expect(sessionMaxAge(changed!.headers)).toBe(THIRTY_DAYS);
    expect((await changer.request('get', '/orgSeller/me')).status).toBe(200);
    expect(await meWith('/orgSeller/me', plainToken)).toBe(401);
    expectChangedMail(changeMail, 'change', '/SellerForgotPassword');

    const after = await signIn('/orgSeller/loginSeller', username, 'Changed#2026');
    expect((await after.request('get', '/orgSeller/me')).status).toBe(200);

    const resetMail = await changedMailAfter(email, () => resetByCode('/orgSeller', email, 'Reset#2026x'));
    expect((await changer.request('get', '/orgSeller/me')).status).toBe(401);
    expect((await after.request('get', '/orgSeller/me')).status).toBe(401);
    expectChangedMail(resetMail, 'reset', '/SellerForgotPassword');
    const fresh = await signIn('/orgSeller/loginSeller', username, 'Reset#2026x');
    expect((await fresh.request('get', '/orgSeller/me')).status).toBe(200);
  });
});
