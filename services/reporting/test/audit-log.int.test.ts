/**
 * The audit log of admin decisions (issue 30 item 10) through the real gateway, identity,
 * catalogue, reporting, Kafka and OpenSearch: accepting a seller, suspending and reinstating it,
 * suspending a customer and removing it, and disabling another admin each become one entry naming the admin, the action, the
 * target, the reason and the time, newest first; the filters (admin, action, target, Sri Lanka
 * days) narrow the page; a seller's own suspension attempt is no decision (403, no entry); only
 * admins read the log.
 */
import { colomboDate, type AuditEntryAnswer } from '@market/contracts';
import { waitFor } from '@market/platform/testing';
import { Client, acceptedSeller, newCustomer, startCatalogueWorld, type CatalogueWorld } from '@market/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let world: CatalogueWorld;

beforeAll(async () => {
  world = await startCatalogueWorld(['reporting']);
}, 300_000);

afterAll(async () => {
  await world?.stack.stop();
});

type AuditPage = { items: AuditEntryAnswer[]; total: number };

async function audit(query: Record<string, string>, who: Client = world.admin) {
  return who.get<AuditPage>(`/Admin/audit?${new URLSearchParams({ page: '1', limit: '20', ...query })}`);
}

/** The entries about `targetId`, once there are `n` of them. */
async function entriesOf(targetId: string, n: number): Promise<AuditEntryAnswer[]> {
  return waitFor(
    async () => {
      const r = await audit({ targetId });
      return r.status === 200 && r.body.items.length >= n ? r.body.items : undefined;
    },
    30_000,
    200,
    `${n} audit entries of ${targetId}`,
  );
}

describe('the audit log', () => {
  it('records each admin decision with who, what, on what, why and when, newest first, and filters them', async () => {
    const me = await world.admin.request('get', '/Admin/me');
    const adminId = me.body._id;
    const { client: seller, id: sellerId } = await acceptedSeller(world.stack.gatewayUrl, world.admin);

    // A seller cannot decide about itself: refused, and nothing is recorded.
    const v1 = (await world.admin.request('get', '/orgSeller/get/{id}', { params: { id: sellerId } })).body as { version: number };
    expect(
      (
        await seller.request('put', '/orgSeller/suspend/{id}', {
          params: { id: sellerId },
          body: { reason: 'Myself', version: v1.version },
        })
      ).status,
    ).toBe(403);

    const suspended = await world.admin.request('put', '/orgSeller/suspend/{id}', {
      params: { id: sellerId },
      body: { reason: 'Fake warranty cards', version: v1.version },
    });
    expect(suspended.status).toBe(200);
    const back = await world.admin.request('put', '/orgSeller/reinstate/{id}', {
      params: { id: sellerId },
      body: { reason: 'Seller proved the cards genuine', version: suspended.body.version! },
    });
    expect(back.status).toBe(200);

    const sellerEntries = await entriesOf(sellerId, 3);
    expect(sellerEntries.map((e) => e.action)).toEqual(['seller-reinstated', 'seller-suspended', 'seller-approved']);
    expect(sellerEntries.every((e) => e.adminId === adminId && e.targetKind === 'seller' && e.targetId === sellerId)).toBe(true);
    expect(sellerEntries[0]!.reason).toBe('Seller proved the cards genuine');
    expect(sellerEntries[1]!.reason).toBe('Fake warranty cards');
    expect(Date.now() - Date.parse(sellerEntries[0]!.at)).toBeLessThan(120_000);

    // A customer suspended, then removed.
    const body = newCustomer();
    const c = new Client(world.stack.gatewayUrl);
    expect((await c.request('post', '/Customer/add', { body })).status).toBe(201);
    const customerId = (await c.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } }))
      .body.customerLogin._id;
    const cv = (await world.admin.request('get', '/Customer/get/{id}', { params: { id: customerId } })).body.version!;
    expect(
      (
        await world.admin.request('put', '/Customer/suspend/{id}', {
          params: { id: customerId },
          body: { reason: 'Abusive messages', version: cv },
        })
      ).status,
    ).toBe(200);
    expect((await world.admin.delete(`/Customer/delete/${customerId}`)).status).toBe(200);
    const customerEntries = await entriesOf(customerId, 2);
    expect(customerEntries.map((e) => [e.action, e.targetKind, e.reason])).toEqual([
      ['customer-deleted', 'customer', ''],
      ['customer-suspended', 'customer', 'Abusive messages'],
    ]);

    // Filters: by action, by kind of target, by admin, by Sri Lanka day.
    const byAction = await audit({ action: 'customer-suspended', targetId: customerId });
    expect(byAction.body.items.map((e) => e.action)).toEqual(['customer-suspended']);
    const sellersOnly = await audit({ targetKind: 'seller', adminId });
    expect(sellersOnly.body.items.length).toBeGreaterThanOrEqual(3);
    expect(sellersOnly.body.items.every((e) => e.targetKind === 'seller')).toBe(true);
    const today = colomboDate(new Date());
    expect((await audit({ targetId: sellerId, from: today, to: today })).body.total).toBe(3);
    expect((await audit({ targetId: sellerId, to: '2020-01-01' })).body.total).toBe(0);
    expect((await audit({ adminId: '000000000000000000000000', targetId: sellerId })).body.total).toBe(0);
    // Newest first across targets.
    const all = await audit({});
    const times = all.body.items.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // Disabling another admin is a decision too.
    const other = await world.admin.request('post', '/Admin/addAdmin', {
      body: { firstName: 'Ishara', lastName: 'Fernando', email: `ishara.${Date.now()}@example.lk` },
    });
    expect(other.status).toBe(201);
    expect(
      (
        await world.admin.request('put', '/Admin/disable/{id}', {
          params: { id: other.body._id },
          body: { reason: 'Shared the password', version: other.body.version! },
        })
      ).status,
    ).toBe(200);
    const [disabledEntry] = await entriesOf(other.body._id, 1);
    expect(disabledEntry).toMatchObject({ action: 'admin-disabled', targetKind: 'admin', adminId, reason: 'Shared the password' });

    // Bad filters are 400, and only admins read the log.
    expect((await audit({ action: 'nonsense' })).status).toBe(400);
    expect((await audit({ from: '29-11-2026' })).status).toBe(400);
    expect((await audit({}, world.customer)).status).toBe(403);
    // (The seller's session ended with its suspension, so it is anonymous now.)
    expect((await audit({}, seller)).status).toBe(401);
    expect((await audit({}, new Client(world.stack.gatewayUrl))).status).toBe(401);
  });
});
