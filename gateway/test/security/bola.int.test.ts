/**
 * BOLA matrix (docs/architecture.md, Authorization: every service checks that the caller
 * owns what it reads or changes; someone else's resource answers 404): for every operation of the
 * gateway's OpenAPI list (`OPERATIONS`) whose path takes an id, the resource of customer A or
 * seller A (or an admin's) is addressed by customer B, seller B, anonymous and, for a customer's
 * or seller's private resource whose audience excludes admins, an admin. Each must be refused
 * (401/403/404) and the owner's read of the resource must be the same before and after. A few
 * operations taking the id in the query or body are covered the same way.
 *
 * The test "every id-taking operation has a BOLA case" fails for a new operation with an id in
 * its path that has neither a case here nor an entry in PUBLIC (with the reason it is public).
 */
import type { ApiOperation } from '@market/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/openapi';
import { newCustomer, newSellerRequest, itemBody } from '@market/testing';
import { packageBody, saveStackLogs, startSecurityWorld, type Client, type SecurityWorld } from './world';

type Answer = { status: number; body: unknown };
type Who = 'anonymous' | 'customerB' | 'sellerB' | 'admin';

interface BolaCase {
  /** The owner's read of the resource: 200 before the attempts, and the same body after. */
  read: (w: SecurityWorld) => Promise<Answer>;
  /** The operation, called by `as` on the resource of A. */
  call: (w: SecurityWorld, as: Client) => Promise<Answer>;
  /** The resource is an admin's (or the admins' queue): admins are not attackers. */
  adminOwned?: boolean;
  /**
   * For operations that answer the caller's own data instead of refusing a foreign id: whether
   * the answer is acceptable (shows nothing of A). Default: the status is 401, 403 or 404.
   */
  acceptable?: (res: Answer, w: SecurityWorld) => boolean;
}

/** Operations with an id in the path that anyone may call, and why that is right. */
const PUBLIC: Record<string, string> = {
  'GET /items/get/{id}': 'item details are the public catalogue (spec 000 section 3)',
  'GET /Packages/getPackage/{id}': 'package details are the public catalogue (spec 000 section 3)',
  'GET /images/{name}': 'item, package and logo images are shown to everyone (spec 000 section 3)',
  'GET /orgSeller/get/{id}': "a seller's public face is shown on item pages (the full profile only to the seller and admins: tested below)",
  'GET /items/skuAvailable/{sku}': 'SKUs are unique across sellers; the answer is only whether one is free (spec 001 section 6)',
};

const get = (c: Client, p: string) => c.get(p);

/** The matrix, keyed by `METHOD path` exactly as in OPERATIONS. */
const CASES: Record<string, BolaCase> = {
  // ---------- identity ----------
  'GET /Customer/getEmail/{email}': {
    read: (w) => get(w.customerA.client, `/Customer/getEmail/${encodeURIComponent(w.r.customerEmail)}`),
    call: (w, c) => get(c, `/Customer/getEmail/${encodeURIComponent(w.r.customerEmail)}`),
  },
  'GET /Customer/get/{id}': {
    read: (w) => get(w.customerA.client, `/Customer/get/${w.customerA.id}`),
    call: (w, c) => get(c, `/Customer/get/${w.customerA.id}`),
  },
  'PUT /Customer/update/{id}': {
    read: (w) => get(w.customerA.client, `/Customer/get/${w.customerA.id}`),
    call: (w, c) => {
      const { email: _e, username: _u, ...profile } = newCustomer({ firstName: 'Hacked' });
      return c.put(`/Customer/update/${w.customerA.id}`, { ...profile, password: 'Hacked#123', confirmPassword: 'Hacked#123' });
    },
  },
  'DELETE /Customer/delete/{id}': {
    read: (w) => get(w.customerA.client, `/Customer/get/${w.customerA.id}`),
    // Every test customer has this password: customer B knows it as their own.
    call: (w, c) => c.delete(`/Customer/delete/${w.customerA.id}`, { password: 'Secret#123' }),
  },
  'GET /seller/get/{id}': {
    adminOwned: true,
    read: (w) => get(w.admin, `/seller/get/${w.r.sellerRequestId}`),
    call: (w, c) => get(c, `/seller/get/${w.r.sellerRequestId}`),
  },
  'DELETE /seller/delete/{id}': {
    adminOwned: true,
    read: (w) => get(w.admin, `/seller/get/${w.r.sellerRequestId}`),
    call: (w, c) => c.delete(`/seller/delete/${w.r.sellerRequestId}`),
  },
  'GET /orgSeller/getByEmail/{email}': {
    read: (w) => get(w.sellerA.client, `/orgSeller/getByEmail/${encodeURIComponent(w.r.sellerEmail)}`),
    call: (w, c) => get(c, `/orgSeller/getByEmail/${encodeURIComponent(w.r.sellerEmail)}`),
  },
  'PUT /orgSeller/update/{id}': {
    read: (w) => get(w.sellerA.client, '/orgSeller/me'),
    call: (w, c) => {
      const { email: _e, ...profile } = newSellerRequest({ companyname: 'Hacked Ltd' });
      return c.put(`/orgSeller/update/${w.sellerA.id}`, profile);
    },
  },
  'DELETE /orgSeller/delete/{id}': {
    adminOwned: true, // only admins remove sellers
    read: (w) => get(w.sellerA.client, '/orgSeller/me'),
    call: (w, c) => c.delete(`/orgSeller/delete/${w.sellerA.id}`),
  },
  'PUT /orgseller/reqDel/{id}': {
    read: (w) => get(w.sellerA.client, '/orgSeller/me'),
    call: (w, c) => c.put(`/orgseller/reqDel/${w.sellerA.id}`, { requestDelete: true }),
  },
  'PUT /orgSeller/ChangePwd/{id}': {
    read: (w) => get(w.sellerA.client, '/orgSeller/me'),
    call: (w, c) =>
      c.put(`/orgSeller/ChangePwd/${w.sellerA.id}`, {
        currentPassword: 'Guess#1234',
        password: 'Hacked#123',
        confirmPassword: 'Hacked#123',
      }),
  },
  'GET /Admin/getAdmin/{id}': {
    adminOwned: true,
    read: (w) => get(w.admin, `/Admin/getAdmin/${w.r.adminId}`),
    call: (w, c) => get(c, `/Admin/getAdmin/${w.r.adminId}`),
  },
  // ---------- catalogue ----------
  'PUT /items/update/{id}': {
    read: (w) => get(w.anonymous, `/items/get/${w.r.itemId}`),
    call: (w, c) => c.put(`/items/update/${w.r.itemId}`, itemBody({ Item_name: 'Hacked', Price: 1 })),
  },
  'PUT /items/updateDiscount/{id}': {
    read: (w) => get(w.anonymous, `/items/get/${w.r.itemId}`),
    call: (w, c) => c.put(`/items/updateDiscount/${w.r.itemId}`, { DiscountStatus: true, DiscountPrecentage: 80 }),
  },
  'DELETE /items/delete/{id}': {
    read: (w) => get(w.anonymous, `/items/get/${w.r.itemId}`),
    call: (w, c) => c.delete(`/items/delete/${w.r.itemId}`),
  },
  'PUT /Packages/updatePackages/{id}': {
    read: (w) => get(w.anonymous, `/Packages/getPackage/${w.r.packageId}`),
    call: (w, c) => c.put(`/Packages/updatePackages/${w.r.packageId}`, packageBody([w.r.itemId], { packageName: 'Hacked', price: 1 })),
  },
  'DELETE /Packages/deletePackage/{id}': {
    read: (w) => get(w.anonymous, `/Packages/getPackage/${w.r.packageId}`),
    call: (w, c) => c.delete(`/Packages/deletePackage/${w.r.packageId}`),
  },
  // ---------- cart ----------
  'POST /wishlist/getByCustomerID/{customerId}': {
    read: (w) => w.customerA.client.post(`/wishlist/getByCustomerID/${w.customerA.id}`),
    call: (w, c) => c.post(`/wishlist/getByCustomerID/${w.customerA.id}`),
  },
  'PUT /wishlist/update/{wishlistId}': {
    read: (w) => w.customerA.client.post(`/wishlist/getByCustomerID/${w.customerA.id}`),
    call: (w, c) => c.put(`/wishlist/update/${w.r.wishlistId}`, { Items: [] }),
  },
  'GET /ShoppingCart/getOneCart/{customerId}': {
    read: (w) => get(w.customerA.client, `/ShoppingCart/getOneCart/${w.customerA.id}`),
    call: (w, c) => get(c, `/ShoppingCart/getOneCart/${w.customerA.id}`),
  },
  'PUT /ShoppingCart/updateSItem/{cartId}': {
    read: (w) => get(w.customerA.client, `/ShoppingCart/getOneCart/${w.customerA.id}`),
    call: (w, c) => c.put(`/ShoppingCart/updateSItem/${w.r.cartId}`, { ItemIDs: [], PackageIDs: [] }),
  },
  // ---------- ordering ----------
  'GET /paymentdetails/getItem/{id}': {
    read: (w) => get(w.customerA.client, `/paymentdetails/getItem/${w.r.cardId}`),
    call: (w, c) => get(c, `/paymentdetails/getItem/${w.r.cardId}`),
  },
  'PUT /paymentdetails/update/{id}': {
    read: (w) => get(w.customerA.client, `/paymentdetails/getItem/${w.r.cardId}`),
    call: (w, c) => c.put(`/paymentdetails/update/${w.r.cardId}`, { carddate: '11/39', cardowner: 'Hacker' }),
  },
  'DELETE /paymentdetails/delete/{id}': {
    read: (w) => get(w.customerA.client, `/paymentdetails/getItem/${w.r.cardId}`),
    call: (w, c) => c.delete(`/paymentdetails/delete/${w.r.cardId}`),
  },
  'GET /checkout/{checkoutId}': {
    read: (w) => get(w.customerA.client, `/checkout/${w.r.openCheckoutId}`),
    call: (w, c) => get(c, `/checkout/${w.r.openCheckoutId}`),
  },
  'POST /checkout/{checkoutId}/pay': {
    read: (w) => get(w.customerA.client, `/checkout/${w.r.openCheckoutId}`),
    call: (w, c) => c.post(`/checkout/${w.r.openCheckoutId}/pay`, { paymentType: 'wallet' }),
  },
  'PUT /Orders/status/{id}': {
    read: (w) => get(w.customerA.client, `/Orders/getOrders?OrderID=${w.r.paidCheckoutId}`),
    call: (w, c) => c.put(`/Orders/status/${w.r.itemOrderId}`, { status: 'Cancelled' }),
  },
  'PUT /PackageOrders/status/{id}': {
    read: (w) => get(w.customerA.client, `/PackageOrders/getOrders?OrderID=${w.r.paidCheckoutId}`),
    call: (w, c) => c.put(`/PackageOrders/status/${w.r.packageOrderId}`, { status: 'Cancelled' }),
  },
  'GET /orderhistory/get/{id}': {
    read: (w) => get(w.customerA.client, `/orderhistory/get/${w.r.historyId}`),
    call: (w, c) => get(c, `/orderhistory/get/${w.r.historyId}`),
  },
  // ---------- reviews and messages ----------
  'PUT /review/updateReview/{id}': {
    read: (w) => get(w.anonymous, `/review/get?itemid=${w.r.itemId}`),
    call: (w, c) => c.put(`/review/updateReview/${w.r.reviewId}`, { description: 'Hacked', noofstars: 1 }),
  },
  'DELETE /review/delete/{id}': {
    read: (w) => get(w.anonymous, `/review/get?itemid=${w.r.itemId}`),
    call: (w, c) => c.delete(`/review/delete/${w.r.reviewId}`),
  },
  'PUT /review/updateRev/{reviewId}': {
    read: (w) => get(w.anonymous, `/review/get?itemid=${w.r.itemId}`),
    call: (w, c) => c.put(`/review/updateRev/${w.r.reviewId}`, { reportreason: 'Spam', reviewstatus: true }),
  },
  'DELETE /contact/delete/{id}': {
    adminOwned: true, // messages to the admins
    read: (w) => get(w.admin, '/contact/get'),
    call: (w, c) => c.delete(`/contact/delete/${w.r.contactId}`),
  },
  'DELETE /contactsel/delete/{id}': {
    read: (w) => get(w.sellerA.client, '/contactsel/get'),
    call: (w, c) => c.delete(`/contactsel/delete/${w.r.contactSellerId}`),
  },
  // ---------- reporting ----------
  'GET /reports/{jobId}': {
    read: (w) => get(w.sellerA.client, `/reports/${w.r.reportJobId}`),
    call: (w, c) => get(c, `/reports/${w.r.reportJobId}`),
  },
};

/** Operations taking the resource id in the query or body (where practical), same rules. */
const QUERY_BODY_CASES: Record<string, BolaCase> = {
  'GET /items/fetch-pdf': {
    read: (w) => get(w.sellerA.client, `/reports/${w.r.reportJobId}`),
    call: (w, c) => get(c, `/items/fetch-pdf?jobId=${w.r.reportJobId}`),
  },
  'GET /items/fetch-csv': {
    read: (w) => get(w.sellerA.client, `/reports/${w.r.reportJobId}`),
    call: (w, c) => get(c, `/items/fetch-csv?jobId=${w.r.reportJobId}`),
  },
  'POST /paypal-transaction-complete': {
    read: (w) => get(w.customerA.client, `/checkout/${w.r.openCheckoutId}`),
    call: (w, c) => c.post('/paypal-transaction-complete', { checkoutId: w.r.openCheckoutId }),
  },
  'GET /Orders/getOrders': {
    read: (w) => get(w.customerA.client, `/Orders/getOrders?OrderID=${w.r.paidCheckoutId}`),
    call: (w, c) => get(c, `/Orders/getOrders?OrderID=${w.r.paidCheckoutId}`),
    // Scoped to the caller: another caller gets no rows of A's checkout.
    acceptable: (res) => isRefusal(res) || (res.status === 200 && Array.isArray(res.body) && res.body.length === 0),
  },
  'GET /PackageOrders/getOrders': {
    read: (w) => get(w.customerA.client, `/PackageOrders/getOrders?OrderID=${w.r.paidCheckoutId}`),
    call: (w, c) => get(c, `/PackageOrders/getOrders?OrderID=${w.r.paidCheckoutId}`),
    acceptable: (res) => isRefusal(res) || (res.status === 200 && Array.isArray(res.body) && res.body.length === 0),
  },
  'GET /review/get': {
    // `mine=true` with A's customerid: only the caller's own reviews, never A's.
    read: (w) => get(w.anonymous, `/review/get?itemid=${w.r.itemId}`),
    call: (w, c) => get(c, `/review/get?mine=true&customerid=${w.customerA.id}`),
    acceptable: (res, w) =>
      isRefusal(res) || (res.status === 200 && Array.isArray(res.body) && !res.body.some((x: { _id?: string }) => x._id === w.r.reviewId)),
  },
};

const key = (op: ApiOperation) => `${op.method.toUpperCase()} ${op.path}`;
const takesPathId = (op: ApiOperation) => /\{\w+\}/.test(op.path);
const isRefusal = (res: Answer) => [401, 403, 404].includes(res.status);

let w: SecurityWorld;

beforeAll(async () => {
  w = await startSecurityWorld();
}, 300_000);

afterAll(async () => {
  if (w) saveStackLogs(w.world, 'bola');
  await w?.world.stack.stop();
});

describe('BOLA matrix', () => {
  it('every id-taking operation has a BOLA case (or is listed as public with a reason)', () => {
    const missing = OPERATIONS.filter(takesPathId)
      .map(key)
      .filter((k) => !CASES[k] && !PUBLIC[k]);
    expect(missing, 'operations with an id parameter and no BOLA case').toEqual([]);
    // No stale entries: every case names a real operation.
    const known = new Set(OPERATIONS.map(key));
    expect([...Object.keys(CASES), ...Object.keys(PUBLIC), ...Object.keys(QUERY_BODY_CASES)].filter((k) => !known.has(k))).toEqual([]);
    expect(Object.keys(CASES).filter((k) => PUBLIC[k])).toEqual([]);
  });

  const all = Object.entries({ ...CASES, ...QUERY_BODY_CASES });
  it.each(all)('%s refuses other callers and changes nothing', async (name, c) => {
    const op = OPERATIONS.find((o) => key(o) === name)!;
    const snapshot = async () => {
      const { status, body } = await c.read(w);
      return { status, body };
    };
    const before = await snapshot();
    expect(before.status, `the owner's read for ${name}`).toBe(200);
    const attackers: [Who, Client][] = [
      ['anonymous', w.anonymous],
      ['customerB', w.customerB.client],
      ['sellerB', w.sellerB.client],
    ];
    if (!c.adminOwned && !op.audience.includes('admin')) attackers.push(['admin', w.admin]);
    const wrong: string[] = [];
    for (const [who, client] of attackers) {
      const res = await c.call(w, client);
      const fine = c.acceptable ? c.acceptable(res, w) : isRefusal(res);
      if (!fine) wrong.push(`${who}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    }
    expect(wrong, `${name} answered other callers`).toEqual([]);
    expect(await snapshot(), `the resource after ${name} by others`).toEqual(before);
  });

  it("shows a seller's full profile only to the seller and admins", async () => {
    const own = await w.sellerA.client.get<Record<string, unknown>>(`/orgSeller/get/${w.sellerA.id}`);
    expect(own.status).toBe(200);
    expect(own.body.email).toBe(w.r.sellerEmail);
    for (const c of [w.anonymous, w.customerB.client, w.sellerB.client]) {
      const res = await c.get<Record<string, unknown>>(`/orgSeller/get/${w.sellerA.id}`);
      expect(res.status).toBe(200);
      expect(res.body.email).toBeUndefined();
      expect(res.body.username).toBeUndefined();
    }
  });
});
