/**
 * Seller onboarding, seller accounts and admins through the gateway on real servers:
 * registration messages, admin accept (credentials e-mailed and read back from MailDev) and
 * decline, seller login and password change, deletion requests, admin creation.
 */
import { mailsTo, waitFor, type MailDevMessage } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newSellerRequest, startIdentityStack, type IdentityStack } from '@market/testing';

let stack: IdentityStack;
const client = () => new Client(stack.gatewayUrl);

async function adminClient() {
  const a = client();
  expect(
    (await a.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } })).status,
  ).toBe(200);
  return a;
}

async function mailTo(address: string, subject: RegExp): Promise<MailDevMessage> {
  return waitFor(
    async () => (await mailsTo(address)).find((m) => subject.test(m.subject)),
    20_000,
    200,
    `an e-mail to ${address} (${subject})`,
  );
}

/** `Label: value` from a mail's text part (credentials and codes stand on their own lines). */
function line(mail: MailDevMessage, label: string): string {
  const m = new RegExp(`^${label}: (\\S+)$`, 'm').exec(mail.text);
  if (!m) throw new Error(`no "${label}:" line in: ${mail.text}`);
  return m[1]!;
}

/** Applies, gets accepted by the admin, and returns the seller's credentials from the e-mail. */
async function approvedSeller() {
  const body = newSellerRequest();
  const applied = await client().request('post', '/seller/add', { body });
  expect(applied.status).toBe(201);
  const admin = await adminClient();
  const accepted = await admin.request('post', '/orgseller/add', { body: { requestId: applied.body._id } });
  expect(accepted.status).toBe(201);
  const mail = await mailTo(body.email, /Welcome aboard/);
  return { body, id: accepted.body._id, username: line(mail, 'Username'), password: line(mail, 'Password'), admin };
}

beforeAll(async () => {
  stack = await startIdentityStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('seller registration', () => {
  it.each([
    ['ownername', { ownername: '' }, 'Owner Name is required'],
    ['mobile', { mobile: '' }, 'Mobile Number is required'],
    ['mobile', { mobile: '07123456ab' }, 'Mobile Number must contain only numbers'],
    ['mobile', { mobile: '7123456789' }, 'Mobile Number must start with 0'],
    ['mobile', { mobile: '071234567' }, 'Mobile Number must have 10 digits'],
    ['mobile', { mobile: '07123456789' }, 'Mobile Number cannot have more than 10 digits'],
    ['companyname', { companyname: '' }, 'Company Name is required'],
    ['address', { address: '' }, 'Physical Address is required'],
    ['year', { year: '' }, 'Established Year is required'],
    ['year', { year: '20x5' }, 'Established Year must be numeric'],
    ['year', { year: '201' }, 'Established Year must have 4 digits'],
    ['description', { description: '' }, 'Description is required'],
    ['email', { email: 'shop@' }, 'You have entered an invalid email address!'],
    ['logo', { logo: 'logo.gif' }, 'Logo must be a png, jpg or jpeg image'],
  ])('answers 400 on %s: %s', async (field, overrides, message) => {
    const res = await client().post('/seller/add', newSellerRequest(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: message, fields: { [field]: message } });
  });

  it('records the request, tells the applicant, and shows it to admins only, searchable', async () => {
    const body = newSellerRequest({ year: '1998' });
    const res = await client().request('post', '/seller/add', { body });
    expect(res.status).toBe(201);
    await mailTo(body.email, /received your seller application/);
    expect((await client().request('get', '/seller/get')).status).toBe(401);
    const admin = await adminClient();
    // Served by the admin search index, which the projection writes within about a second.
    const list = await waitFor(
      async () => {
        const r = await admin.get<{ items: { _id: string }[]; total: number }>(
          `/seller/get?q=${encodeURIComponent(body.companyname)}&page=1`,
        );
        return r.body.total === 1 && r;
      },
      15_000,
      200,
      'the new request in the admin search',
    );
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]!._id).toBe(res.body._id);
    for (const q of [body.ownername, body.email, '1998']) {
      const hits = await admin.get<{ _id: string }[]>(`/seller/get?q=${encodeURIComponent(q)}`);
      expect(hits.body.map((r) => r._id)).toContain(res.body._id);
    }
    expect((await admin.request('get', '/seller/get/{id}', { params: { id: res.body._id } })).body).toMatchObject({
      companyname: body.companyname,
    });
  });
});

describe('seller approval', () => {
  it('accepts a request: credentials e-mailed, request gone, seller signs in and changes the password', async () => {
    const { body, id, username, password, admin } = await approvedSeller();
    expect(password).toHaveLength(25);
    expect((await admin.request('get', '/seller/get/{id}', { params: { id } })).status).toBe(404);
    expect((await admin.get<{ _id: string; acceptedDate: string }>(`/orgSeller/get/${id}`)).body.acceptedDate).toBeTruthy();

    const seller = client();
    const login = await seller.request('post', '/orgSeller/loginSeller', { body: { username, password } });
    expect(login.status).toBe(200);
    expect(login.body.sellerLogin).toMatchObject({ _id: id, companyname: body.companyname });

    const wrong = await seller.request('put', '/orgSeller/ChangePwd/{id}', {
      params: { id },
      body: { currentPassword: 'nope', password: 'NewSeller#1', confirmPassword: 'NewSeller#1' },
    });
    expect(wrong.body).toEqual({
      error: 'Invalid Current Password!',
      code: 'invalid-current-password',
      fields: { currentPassword: 'Invalid Current Password!' },
      fieldCodes: { currentPassword: 'invalid-current-password' },
    });
    const weak = await seller.put(`/orgSeller/ChangePwd/${id}`, { currentPassword: password, password: 'short', confirmPassword: 'short' });
    expect(weak.body.error).toBe('Password must be contain minimum 8 charcters!');
    const mismatch = await seller.put(`/orgSeller/ChangePwd/${id}`, {
      currentPassword: password,
      password: 'NewSeller#1',
      confirmPassword: 'NewSeller#2',
    });
    expect(mismatch.body.error).toBe('Password Mismatch!!');
    const ok = await seller.request('put', '/orgSeller/ChangePwd/{id}', {
      params: { id },
      body: { currentPassword: password, password: 'NewSeller#1', confirmPassword: 'NewSeller#1' },
    });
    expect(ok.body).toEqual({ message: 'Your update saved!' });
    expect((await client().request('post', '/orgSeller/loginSeller', { body: { username, password: 'NewSeller#1' } })).status).toBe(200);
    expect((await client().request('post', '/orgSeller/loginSeller', { body: { username, password } })).status).toBe(401);
  });

  it('declines a request: it disappears and the applicant is told', async () => {
    const body = newSellerRequest();
    const applied = await client().request('post', '/seller/add', { body });
    const admin = await adminClient();
    expect((await admin.request('delete', '/seller/delete/{id}', { params: { id: applied.body._id } })).body).toEqual({
      message: 'Request Declined!',
    });
    expect((await admin.request('get', '/seller/get/{id}', { params: { id: applied.body._id } })).status).toBe(404);
    expect((await admin.request('post', '/orgseller/add', { body: { requestId: applied.body._id } })).status).toBe(404);
    await mailTo(body.email, /About your seller application/);
  });

  it('lets only admins accept or decline', async () => {
    const applied = await client().request('post', '/seller/add', { body: newSellerRequest() });
    const { username, password } = await approvedSeller();
    const seller = client();
    await seller.request('post', '/orgSeller/loginSeller', { body: { username, password } });
    expect((await seller.request('post', '/orgseller/add', { body: { requestId: applied.body._id } })).status).toBe(403);
    expect((await seller.request('delete', '/seller/delete/{id}', { params: { id: applied.body._id } })).status).toBe(403);
    expect((await client().request('post', '/orgseller/add', { body: { requestId: applied.body._id } })).status).toBe(401);
  });
});

describe('seller accounts', () => {
  it('edits only the own profile; fields a seller may not set are ignored', async () => {
    const a = await approvedSeller();
    const b = await approvedSeller();
    const seller = client();
    await seller.request('post', '/orgSeller/loginSeller', { body: { username: a.username, password: a.password } });
    const profile = {
      ownername: 'New Owner',
      mobile: '0779998887',
      companyname: 'Renamed Ltd',
      address: 'Galle',
      year: '2001',
      description: 'Updated',
    };
    expect((await seller.request('put', '/orgSeller/update/{id}', { params: { id: b.id }, body: profile })).status).toBe(404);
    const res = await seller.put(`/orgSeller/update/${a.id}`, {
      ...profile,
      email: 'x@y.lk',
      requestDelete: true,
      acceptedDate: '2000-01-01',
      username: 'root',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ companyname: 'Renamed Ltd', email: a.body.email, requestDelete: false, username: a.username });
    expect(String(res.body.acceptedDate).slice(0, 4)).not.toBe('2000');
    // Anybody sees the public face only; the owner sees the whole profile.
    const pub = await client().request('get', '/orgSeller/get/{id}', { params: { id: a.id } });
    expect(Object.keys(pub.body).sort()).toEqual(['_id', 'companyname', 'description', 'logo']);
    expect((await seller.request('get', '/orgSeller/get/{id}', { params: { id: a.id } })).body).toHaveProperty('mobile', '0779998887');
  });

  it('handles a deletion request: declined by the admin, then accepted', async () => {
    const s = await approvedSeller();
    const seller = client();
    await seller.request('post', '/orgSeller/loginSeller', { body: { username: s.username, password: s.password } });
    expect(
      (await seller.request('put', '/orgseller/reqDel/{id}', { params: { id: s.id }, body: { requestDelete: true } })).body,
    ).toMatchObject({ requestDelete: true });
    const pending = await s.admin.get<{ _id: string }[]>('/orgseller/get?requestDelete=true');
    expect(pending.body.map((x) => x._id)).toContain(s.id);
    expect(
      (await s.admin.request('put', '/orgseller/reqDel/{id}', { params: { id: s.id }, body: { requestDelete: false } })).body,
    ).toMatchObject({ requestDelete: false });
    expect((await s.admin.get<{ _id: string }[]>('/orgseller/get?requestDelete=true')).body.map((x) => x._id)).not.toContain(s.id);
    expect((await s.admin.request('put', '/orgseller/reqDel/{id}', { params: { id: s.id }, body: { requestDelete: true } })).status).toBe(
      403,
    );
    await seller.request('put', '/orgseller/reqDel/{id}', { params: { id: s.id }, body: { requestDelete: true } });
    expect((await seller.request('delete', '/orgSeller/delete/{id}', { params: { id: s.id } })).status).toBe(403);
    expect((await s.admin.request('delete', '/orgSeller/delete/{id}', { params: { id: s.id } })).body).toEqual({
      message: 'Successfully Deleted',
    });
    expect(
      (await client().request('post', '/orgSeller/loginSeller', { body: { username: s.username, password: s.password } })).status,
    ).toBe(401);
    expect((await client().request('get', '/orgSeller/get/{id}', { params: { id: s.id } })).status).toBe(404);
  });
});

describe('admins', () => {
  it('creates an admin with a suggested username and an e-mailed 20-character password', async () => {
    const admin = await adminClient();
    const email = `new-admin-${Date.now()}@example.lk`;
    const res = await admin.request('post', '/Admin/addAdmin', { body: { firstName: 'Ruwan', lastName: 'Jayasuriya', email } });
    expect(res.status).toBe(201);
    expect(res.body.username).toMatch(/^Ruwan[A-Za-z0-9]{5}$/);
    const mail = await mailTo(email, /administrator account/);
    expect(line(mail, 'Username')).toBe(res.body.username);
    const password = line(mail, 'Password');
    expect(password).toHaveLength(20);
    const newAdmin = client();
    const login = await newAdmin.request('post', '/Admin/loginAdmin', { body: { username: res.body.username, password } });
    expect(login.body.adminLogin.firstName).toBe('Ruwan');
    const list = await newAdmin.get<{ username: string }[]>('/Admin/getAllAdmins');
    expect(list.body.map((a) => a.username)).toEqual(expect.arrayContaining([stack.admin.username, res.body.username]));
    expect(JSON.stringify(list.body)).not.toContain('argon2');
  });

  it('lets nobody but an admin create or list admins', async () => {
    const { username, password } = await approvedSeller();
    const seller = client();
    await seller.request('post', '/orgSeller/loginSeller', { body: { username, password } });
    expect(
      (await seller.request('post', '/Admin/addAdmin', { body: { firstName: 'X', lastName: 'Y', email: 'x@example.lk' } })).status,
    ).toBe(403);
    expect((await seller.request('get', '/Admin/getAllAdmins')).status).toBe(403);
    expect(
      (await client().request('post', '/Admin/addAdmin', { body: { firstName: 'X', lastName: 'Y', email: 'x@example.lk' } })).status,
    ).toBe(401);
    const wrong = await client().request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: 'wrong' } });
    expect(wrong.status).toBe(401);
  });
});
