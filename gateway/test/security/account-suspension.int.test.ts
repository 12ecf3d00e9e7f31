/**
 * An admin suspends and reinstates a seller or a customer (issue 30 item 10), through the real
 * gateway and services (Kafka, FerretDB, OpenSearch, Redis, MailDev):
 * - a suspended seller's open sessions end at once, the login is refused with the reason (403),
 *   its item and package leave the shoppers' listings (the admin still sees them), checkout refuses
 *   the item, and the seller is e-mailed the reason; reinstated, it signs in again, the listings
 *   show the item and package again and they can be bought;
 * - a suspended customer's sessions end (the cart refuses them too), the login is refused with the
 *   reason, and it works again once reinstated;
 * - every decision names the account version it was based on: an older one answers 409, and so
 *   does suspending a suspended account; only admins may decide (a seller or customer gets 403);
 * - an admin disabled by another admin is signed out and refused at login with the reason, until
 *   enabled again; nobody disables their own account.
 */
import { ADMIN_DISABLES_SELF, accountSuspended, adminDisabled } from '@market/contracts';
import { mailsTo, uniqueName, waitFor } from '@market/platform/testing';
import {
  Client,
  acceptedSeller,
  itemBody,
  listedItem,
  newCustomer,
  newSellerRequest,
  startCatalogueWorld,
  type CatalogueWorld,
} from '@market/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageBody } from './world';

let world: CatalogueWorld;

beforeAll(async () => {
  world = await startCatalogueWorld(['cart', 'ordering']);
}, 300_000);

afterAll(async () => {
  await world?.stack.stop();
});

interface Page {
  items: { _id: string }[];
  total: number;
}

/** Letters only (package names take no digits). */
const letters = (s: string) => s.replace(/-/g, '').replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

describe('a seller the admin suspends', () => {
  it('is signed out, cannot sign in, leaves the listings and checkout until reinstated, and is e-mailed', async () => {
    const request = newSellerRequest();
    const { client: seller, id: sellerId, username, password } = await acceptedSeller(world.stack.gatewayUrl, world.admin, request);
    const tag = letters(uniqueName('susp'));
    const buyer = world.customer;
    const itemId = await listedItem(seller, buyer, { Item_name: `Paused ${tag}` });
    const pkg = await seller.request('post', '/Packages/addPackage', { body: packageBody([itemId], { packageName: `Paused ${tag}` }) });
    expect(pkg.status).toBe(201);

    const anonymous = new Client(world.stack.gatewayUrl);
    const items = (who: Client = anonymous) => who.get<Page>(`/items/getItems?sellerId=${sellerId}&page=1&limit=5`);
    const packages = (who: Client = anonymous) => who.get<Page>(`/Packages/getPackages?q=${tag}&page=1&limit=5`);
    await waitFor(async () => ((await items()).body.total === 1 ? true : undefined), 20_000, 150, 'the item in the listing');
    await waitFor(async () => ((await packages()).body.total === 1 ? true : undefined), 20_000, 150, 'the package in the listing');

    // Only an admin decides.
    const before = await world.admin.request('get', '/orgSeller/get/{id}', { params: { id: sellerId } });
    const version = (before.body as { version: number }).version;
    expect(version).toBeGreaterThanOrEqual(1);
    const reason = `Counterfeit chargers reported ${tag}`;
    expect((await seller.request('put', '/orgSeller/suspend/{id}', { params: { id: sellerId }, body: { reason, version } })).status).toBe(
      403,
    );
    // A reason is required.
    expect(
      (await world.admin.request('put', '/orgSeller/suspend/{id}', { params: { id: sellerId }, body: { reason: '', version } })).status,
    ).toBe(400);
    // An older version is refused.
    expect(
      (
        await world.admin.request('put', '/orgSeller/suspend/{id}', {
          params: { id: sellerId },
          body: { reason, version: version - 1 || 99 },
        })
      ).status,
    ).toBe(409);

    const suspended = await world.admin.request('put', '/orgSeller/suspend/{id}', { params: { id: sellerId }, body: { reason, version } });
    expect(suspended.status).toBe(200);
    expect(suspended.body.suspended?.reason).toBe(reason);
    expect(suspended.body.version).toBe(version + 1);
    // The same decision again (another admin's screen): 409.
    expect(
      (await world.admin.request('put', '/orgSeller/suspend/{id}', { params: { id: sellerId }, body: { reason, version } })).status,
    ).toBe(409);

    // The open session ends at once, and the login says why.
    expect((await seller.request('get', '/orgSeller/me')).status).toBe(401);
    expect((await seller.request('post', '/items/addItems', { body: itemBody() })).status).toBe(401);
    const login = await new Client(world.stack.gatewayUrl).request('post', '/orgSeller/loginSeller', { body: { username, password } });
    expect(login.status).toBe(403);
    expect((login.body as unknown as { error: string }).error).toBe(accountSuspended(reason));

    // The item and package leave the shoppers' listings; the admin still sees them.
    await waitFor(async () => ((await items()).body.total === 0 ? true : undefined), 30_000, 200, 'the item to leave the listing');
    await waitFor(async () => ((await packages()).body.total === 0 ? true : undefined), 30_000, 200, 'the package to leave the listing');
    expect((await items(buyer)).body.total).toBe(0);
    expect((await items(world.admin)).body.total).toBe(1);
    // Their pages are not found by shoppers, by link either (the cache included); the admin opens them.
    const pkgId = pkg.body._id;
    for (const who of [anonymous, buyer]) {
      expect((await who.request('get', '/items/get/{id}', { params: { id: itemId } })).status).toBe(404);
      expect((await who.request('get', '/Packages/getPackage/{id}', { params: { id: pkgId } })).status).toBe(404);
    }
    expect((await world.admin.request('get', '/items/get/{id}', { params: { id: itemId } })).status).toBe(200);
    expect((await world.admin.request('get', '/Packages/getPackage/{id}', { params: { id: pkgId } })).status).toBe(200);
    // Checkout refuses the item (ordering's read model has the flag).
    await waitFor(
      async () => {
        const r = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
        return r.status === 409 ? true : undefined;
      },
      20_000,
      150,
      'checkout to refuse the suspended seller item',
    );
    // The seller is e-mailed the reason.
    const mail = await waitFor(
      async () => (await mailsTo(request.email)).find((m) => /suspended/.test(m.subject)),
      20_000,
      200,
      'the suspension e-mail',
    );
    expect(mail.text).toContain(`Reason: ${reason}`);
    // The admin's sellers list marks it.
    const listed = await world.admin.get<{ items: { _id: string; suspended?: { reason: string } }[] }>(
      `/orgseller/get?q=${encodeURIComponent(request.companyname)}&page=1&limit=5`,
    );
    expect(listed.body.items.find((s) => s._id === sellerId)?.suspended?.reason).toBe(reason);

    // Reinstated: signs in again, listed and sold again, e-mailed.
    const back = await world.admin.request('put', '/orgSeller/reinstate/{id}', {
      params: { id: sellerId },
      body: { reason: 'Cleared after review', version: suspended.body.version! },
    });
    expect(back.status).toBe(200);
    expect(back.body.suspended).toBeUndefined();
    expect(
      (await new Client(world.stack.gatewayUrl).request('post', '/orgSeller/loginSeller', { body: { username, password } })).status,
    ).toBe(200);
    await waitFor(async () => ((await items()).body.total === 1 ? true : undefined), 30_000, 200, 'the item back in the listing');
    await waitFor(async () => ((await packages()).body.total === 1 ? true : undefined), 30_000, 200, 'the package back in the listing');
    expect((await anonymous.request('get', '/items/get/{id}', { params: { id: itemId } })).status).toBe(200);
    expect((await anonymous.request('get', '/Packages/getPackage/{id}', { params: { id: pkgId } })).status).toBe(200);
    await waitFor(
      async () => {
        const r = await buyer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
        return r.status === 201 ? true : undefined;
      },
      20_000,
      150,
      'checkout to accept the item again',
    );
    await waitFor(
      async () => (await mailsTo(request.email)).find((m) => /active again/.test(m.subject)),
      20_000,
      200,
      'the reinstatement e-mail',
    );
  });
});

describe('a customer the admin suspends', () => {
  it('loses every session, cannot sign in with the reason said, and signs in again once reinstated', async () => {
    const body = newCustomer();
    const first = new Client(world.stack.gatewayUrl);
    expect((await first.request('post', '/Customer/add', { body })).status).toBe(201);
    const credentials = { username: body.username, password: body.password };
    const login = await first.request('post', '/Customer/loginCustomer', { body: credentials });
    expect(login.status).toBe(200);
    const id = login.body.customerLogin._id;
    const version = login.body.customerLogin.version!;

    const reason = 'Repeated payment disputes';
    const done = await world.admin.request('put', '/Customer/suspend/{id}', { params: { id }, body: { reason, version } });
    expect(done.status).toBe(200);
    expect(done.body.suspended?.reason).toBe(reason);
    expect((await first.request('get', '/Customer/me')).status).toBe(401);
    // Another service refuses the session too.
    expect((await first.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: id } })).status).toBe(401);
    const refused = await new Client(world.stack.gatewayUrl).request('post', '/Customer/loginCustomer', { body: credentials });
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as { error: string }).error).toBe(accountSuspended(reason));
    // A wrong password still says only that the credentials are wrong.
    expect(
      (
        await new Client(world.stack.gatewayUrl).request('post', '/Customer/loginCustomer', {
          body: { ...credentials, password: 'Wrong#1234' },
        })
      ).status,
    ).toBe(401);
    await waitFor(async () => (await mailsTo(body.email)).find((m) => /suspended/.test(m.subject)), 20_000, 200, 'the suspension e-mail');

    // Stale version: 409; the current one reinstates.
    expect((await world.admin.request('put', '/Customer/reinstate/{id}', { params: { id }, body: { version } })).status).toBe(409);
    const back = await world.admin.request('put', '/Customer/reinstate/{id}', { params: { id }, body: { version: done.body.version! } });
    expect(back.status).toBe(200);
    expect((await new Client(world.stack.gatewayUrl).request('post', '/Customer/loginCustomer', { body: credentials })).status).toBe(200);
    // The customer's own session (old one) stays ended.
    expect((await first.request('get', '/Customer/me')).status).toBe(401);
  });
});

describe('an admin another admin disables', () => {
  it('is signed out, cannot sign in with the reason said, cannot be disabled by itself, and signs in again once enabled', async () => {
    const me = (await world.admin.request('get', '/Admin/me')).body;
    // An admin cannot disable their own account.
    const self = await world.admin.request('put', '/Admin/disable/{id}', {
      params: { id: me._id },
      body: { reason: 'Testing myself', version: me.version ?? 1 },
    });
    expect(self.status).toBe(409);
    expect((self.body as unknown as { error: string }).error).toBe(ADMIN_DISABLES_SELF);

    const created = await world.admin.request('post', '/Admin/addAdmin', {
      body: { firstName: 'Kasun', lastName: 'Perera', email: `${uniqueName('adm')}@example.lk` },
    });
    expect(created.status).toBe(201);
    const mail = await waitFor(
      async () => (await mailsTo(created.body.email)).find((m) => /^Password: /m.test(m.text)),
      20_000,
      200,
      'the new admin credentials',
    );
    const credentials = { username: created.body.username, password: /^Password: (\S+)$/m.exec(mail.text)![1]! };
    const other = new Client(world.stack.gatewayUrl);
    expect((await other.request('post', '/Admin/loginAdmin', { body: credentials })).status).toBe(200);

    const reason = 'Left the company';
    // Only admins decide, with the current version.
    expect(
      (await world.customer.request('put', '/Admin/disable/{id}', { params: { id: created.body._id }, body: { reason, version: 1 } }))
        .status,
    ).toBe(403);
    expect(
      (await world.admin.request('put', '/Admin/disable/{id}', { params: { id: created.body._id }, body: { reason, version: 7 } })).status,
    ).toBe(409);
    const disabled = await world.admin.request('put', '/Admin/disable/{id}', {
      params: { id: created.body._id },
      body: { reason, version: created.body.version! },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.disabled?.reason).toBe(reason);
    // Its open session ends; the login says why.
    expect((await other.request('get', '/Admin/me')).status).toBe(401);
    const refused = await new Client(world.stack.gatewayUrl).request('post', '/Admin/loginAdmin', { body: credentials });
    expect(refused.status).toBe(403);
    expect((refused.body as unknown as { error: string }).error).toBe(adminDisabled(reason));
    // The admins list shows it.
    const list = await world.admin.get<{ items: { _id: string; disabled?: { reason: string } }[] }>('/Admin/getAllAdmins?page=1&limit=100');
    expect(list.body.items.find((a) => a._id === created.body._id)?.disabled?.reason).toBe(reason);

    const enabled = await world.admin.request('put', '/Admin/enable/{id}', {
      params: { id: created.body._id },
      body: { version: disabled.body.version! },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.disabled).toBeUndefined();
    expect((await new Client(world.stack.gatewayUrl).request('post', '/Admin/loginAdmin', { body: credentials })).status).toBe(200);
  });
});
