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

/** The version of customer A's thread with seller A, as its owner reads it. */
async function threadVersion(w: SecurityWorld): Promise<number> {
  const r = await w.customerA.client.request('get', '/threads/{id}', { params: { id: w.r.contactSellerId } });
  return r.status === 200 ? r.body.version : 1;
}

/** The version of customer A's return, as its owner reads it (so a refusal is never only a stale version's). */
async function returnVersion(w: SecurityWorld): Promise<number> {
  const r = await w.customerA.client.request('get', '/Returns/{id}', { params: { id: w.r.returnId } });
  return r.status === 200 ? r.body.version : 1;
}

/** Operations with an id in the path that anyone may call, and why that is right. */
const PUBLIC: Record<string, string> = {
  'GET /items/get/{id}': 'item details are the public catalogue (spec 000 section 3)',
  'GET /Packages/getPackage/{id}': 'package details are the public catalogue (spec 000 section 3)',
  'GET /images/{name}': 'item, package and logo images are shown to everyone (spec 000 section 3)',
  'GET /orgSeller/get/{id}': "a seller's public face is shown on item pages (the full profile only to the seller and admins: tested below)",
  'GET /items/skuAvailable/{sku}': 'SKUs are unique across sellers; the answer is only whether one is free (spec 001 section 6)',
};

/** The current version of customer A's review (what a reply or a decision names). */
async function reviewVersion(w: SecurityWorld): Promise<number> {
  const list = await w.anonymous.request('get', '/review/get', { query: { itemid: w.r.itemId } });
  const rows = list.body as { _id: string; version: number }[];
  return rows.find((x) => x._id === w.r.reviewId)?.version ?? 1;
}

/** The current version of customer A's or seller A's account (what a suspension names). */
async function accountVersion(w: SecurityWorld, kind: 'customer' | 'seller'): Promise<number> {
  const r =
    kind === 'customer'
      ? await w.admin.request('get', '/Customer/get/{id}', { params: { id: w.customerA.id } })
      : await w.admin.request('get', '/orgSeller/get/{id}', { params: { id: w.sellerA.id } });
  return (r.body as { version?: number }).version ?? 1;
}

/** The matrix, keyed by `METHOD path` exactly as in OPERATIONS. */
const CASES: Record<string, BolaCase> = {
  // ---------- identity ----------
  'GET /Customer/getEmail/{email}': {
    read: (w) => w.customerA.client.request('get', '/Customer/getEmail/{email}', { params: { email: w.r.customerEmail } }),
    call: (w, c) => c.request('get', '/Customer/getEmail/{email}', { params: { email: w.r.customerEmail } }),
  },
  'GET /Customer/get/{id}': {
    read: (w) => w.customerA.client.request('get', '/Customer/get/{id}', { params: { id: w.customerA.id } }),
    call: (w, c) => c.request('get', '/Customer/get/{id}', { params: { id: w.customerA.id } }),
  },
  'PUT /Customer/update/{id}': {
    read: (w) => w.customerA.client.request('get', '/Customer/get/{id}', { params: { id: w.customerA.id } }),
    call: (w, c) => {
      const { email: _e, username: _u, ...profile } = newCustomer({ firstName: 'Hacked' });
      return c.put(`/Customer/update/${w.customerA.id}`, { ...profile, password: 'Hacked#123', confirmPassword: 'Hacked#123' });
    },
  },
  'DELETE /Customer/delete/{id}': {
    read: (w) => w.customerA.client.request('get', '/Customer/get/{id}', { params: { id: w.customerA.id } }),
    // Every test customer has this password: customer B knows it as their own.
    call: (w, c) => c.request('delete', '/Customer/delete/{id}', { params: { id: w.customerA.id }, body: { password: 'Secret#123' } }),
  },
  // The address book is always the caller's own: A's address id names nothing in B's book
  // (version 0: B never wrote one), so B gets 404 and A's book stays as it was.
  'PUT /Customer/addresses/{addressId}': {
    read: (w) => w.customerA.client.request('get', '/Customer/addresses'),
    call: (w, c) =>
      c.request('put', '/Customer/addresses/{addressId}', {
        params: { addressId: w.r.addressId },
        body: {
          version: 0,
          address: { recipient: 'Hacked', phone: '0770000000', line1: 'x', city: 'x', district: 'Colombo', postalCode: '00000' },
        },
      }),
  },
  'DELETE /Customer/addresses/{addressId}': {
    read: (w) => w.customerA.client.request('get', '/Customer/addresses'),
    call: (w, c) => c.request('delete', '/Customer/addresses/{addressId}', { params: { addressId: w.r.addressId }, query: { version: 0 } }),
  },
  'PUT /Customer/addresses/{addressId}/default': {
    read: (w) => w.customerA.client.request('get', '/Customer/addresses'),
    call: (w, c) =>
      c.request('put', '/Customer/addresses/{addressId}/default', { params: { addressId: w.r.addressId }, body: { version: 0 } }),
  },
  'GET /seller/get/{id}': {
    adminOwned: true,
    read: (w) => w.admin.request('get', '/seller/get/{id}', { params: { id: w.r.sellerRequestId } }),
    call: (w, c) => c.request('get', '/seller/get/{id}', { params: { id: w.r.sellerRequestId } }),
  },
  'DELETE /seller/delete/{id}': {
    adminOwned: true,
    read: (w) => w.admin.request('get', '/seller/get/{id}', { params: { id: w.r.sellerRequestId } }),
    call: (w, c) => c.request('delete', '/seller/delete/{id}', { params: { id: w.r.sellerRequestId } }),
  },
  'GET /orgSeller/getByEmail/{email}': {
    read: (w) => w.sellerA.client.request('get', '/orgSeller/getByEmail/{email}', { params: { email: w.r.sellerEmail } }),
    call: (w, c) => c.request('get', '/orgSeller/getByEmail/{email}', { params: { email: w.r.sellerEmail } }),
  },
  'PUT /orgSeller/update/{id}': {
    read: (w) => w.sellerA.client.request('get', '/orgSeller/me'),
    call: (w, c) => {
      const { email: _e, ...profile } = newSellerRequest({ companyname: 'Hacked Ltd' });
      return c.request('put', '/orgSeller/update/{id}', { params: { id: w.sellerA.id }, body: profile });
    },
  },
  'DELETE /orgSeller/delete/{id}': {
    adminOwned: true, // only admins remove sellers
    read: (w) => w.sellerA.client.request('get', '/orgSeller/me'),
    call: (w, c) => c.request('delete', '/orgSeller/delete/{id}', { params: { id: w.sellerA.id } }),
  },
  'PUT /orgseller/reqDel/{id}': {
    read: (w) => w.sellerA.client.request('get', '/orgSeller/me'),
    call: (w, c) => c.request('put', '/orgseller/reqDel/{id}', { params: { id: w.sellerA.id }, body: { requestDelete: true } }),
  },
  'PUT /orgSeller/ChangePwd/{id}': {
    read: (w) => w.sellerA.client.request('get', '/orgSeller/me'),
    call: (w, c) =>
      c.request('put', '/orgSeller/ChangePwd/{id}', {
        params: { id: w.sellerA.id },
        body: { currentPassword: 'Guess#1234', password: 'Hacked#123', confirmPassword: 'Hacked#123' },
      }),
  },
  // Only admins suspend or reinstate an account (issue 30 item 10); each names the current version.
  'PUT /Customer/suspend/{id}': {
    adminOwned: true,
    read: (w) => w.customerA.client.request('get', '/Customer/get/{id}', { params: { id: w.customerA.id } }),
    call: async (w, c) =>
      c.request('put', '/Customer/suspend/{id}', {
        params: { id: w.customerA.id },
        body: { reason: 'Not mine to decide', version: await accountVersion(w, 'customer') },
      }),
  },
  'PUT /Customer/reinstate/{id}': {
    adminOwned: true,
    read: (w) => w.customerA.client.request('get', '/Customer/get/{id}', { params: { id: w.customerA.id } }),
    call: async (w, c) =>
      c.request('put', '/Customer/reinstate/{id}', {
        params: { id: w.customerA.id },
        body: { version: await accountVersion(w, 'customer') },
      }),
  },
  'PUT /orgSeller/suspend/{id}': {
    adminOwned: true,
    read: (w) => w.sellerA.client.request('get', '/orgSeller/me'),
    call: async (w, c) =>
      c.request('put', '/orgSeller/suspend/{id}', {
        params: { id: w.sellerA.id },
        body: { reason: 'Not mine to decide', version: await accountVersion(w, 'seller') },
      }),
  },
  'PUT /orgSeller/reinstate/{id}': {
    adminOwned: true,
    read: (w) => w.sellerA.client.request('get', '/orgSeller/me'),
    call: async (w, c) =>
      c.request('put', '/orgSeller/reinstate/{id}', { params: { id: w.sellerA.id }, body: { version: await accountVersion(w, 'seller') } }),
  },
  'GET /Admin/getAdmin/{id}': {
    adminOwned: true,
    read: (w) => w.admin.request('get', '/Admin/getAdmin/{id}', { params: { id: w.r.adminId } }),
    call: (w, c) => c.request('get', '/Admin/getAdmin/{id}', { params: { id: w.r.adminId } }),
  },
  // Only admins disable or enable an admin (issue 30 item 10).
  'PUT /Admin/disable/{id}': {
    adminOwned: true,
    read: (w) => w.admin.request('get', '/Admin/getAdmin/{id}', { params: { id: w.r.adminId } }),
    call: (w, c) =>
      c.request('put', '/Admin/disable/{id}', { params: { id: w.r.adminId }, body: { reason: 'Not mine to decide', version: 1 } }),
  },
  'PUT /Admin/enable/{id}': {
    adminOwned: true,
    read: (w) => w.admin.request('get', '/Admin/getAdmin/{id}', { params: { id: w.r.adminId } }),
    call: (w, c) => c.request('put', '/Admin/enable/{id}', { params: { id: w.r.adminId }, body: { version: 1 } }),
  },
  // ---------- catalogue ----------
  'PUT /items/update/{id}': {
    read: (w) => w.anonymous.request('get', '/items/get/{id}', { params: { id: w.r.itemId } }),
    call: (w, c) => c.put(`/items/update/${w.r.itemId}`, itemBody({ Item_name: 'Hacked', Price: 1 })),
  },
  'PUT /items/updateDiscount/{id}': {
    read: (w) => w.anonymous.request('get', '/items/get/{id}', { params: { id: w.r.itemId } }),
    call: (w, c) =>
      c.request('put', '/items/updateDiscount/{id}', {
        params: { id: w.r.itemId },
        body: { DiscountStatus: true, DiscountPrecentage: 80 },
      }),
  },
  'DELETE /items/delete/{id}': {
    read: (w) => w.anonymous.request('get', '/items/get/{id}', { params: { id: w.r.itemId } }),
    call: (w, c) => c.request('delete', '/items/delete/{id}', { params: { id: w.r.itemId } }),
  },
  'PUT /Packages/updatePackages/{id}': {
    read: (w) => w.anonymous.request('get', '/Packages/getPackage/{id}', { params: { id: w.r.packageId } }),
    call: (w, c) =>
      c.request('put', '/Packages/updatePackages/{id}', {
        params: { id: w.r.packageId },
        body: packageBody([w.r.itemId], { packageName: 'Hacked', price: 1 }),
      }),
  },
  'DELETE /Packages/deletePackage/{id}': {
    read: (w) => w.anonymous.request('get', '/Packages/getPackage/{id}', { params: { id: w.r.packageId } }),
    call: (w, c) => c.request('delete', '/Packages/deletePackage/{id}', { params: { id: w.r.packageId } }),
  },
  // ---------- cart ----------
  'POST /wishlist/getByCustomerID/{customerId}': {
    read: (w) => w.customerA.client.post(`/wishlist/getByCustomerID/${w.customerA.id}`),
    call: (w, c) => c.post(`/wishlist/getByCustomerID/${w.customerA.id}`),
  },
  'PUT /wishlist/update/{wishlistId}': {
    read: (w) => w.customerA.client.post(`/wishlist/getByCustomerID/${w.customerA.id}`),
    call: (w, c) => c.request('put', '/wishlist/update/{wishlistId}', { params: { wishlistId: w.r.wishlistId }, body: { Items: [] } }),
  },
  'DELETE /wishlist/{wishlistId}/items/{itemId}': {
    read: (w) => w.customerA.client.post(`/wishlist/getByCustomerID/${w.customerA.id}`),
    call: (w, c) =>
      c.request('delete', '/wishlist/{wishlistId}/items/{itemId}', { params: { wishlistId: w.r.wishlistId, itemId: w.r.itemId } }),
  },
  'POST /ShoppingCart/{cartId}/lines/{kind}/{lineId}': {
    read: (w) => w.customerA.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: w.customerA.id } }),
    call: (w, c) =>
      c.request('post', '/ShoppingCart/{cartId}/lines/{kind}/{lineId}', {
        params: { cartId: w.r.cartId, kind: 'items', lineId: w.r.itemId },
        body: {},
      }),
  },
  'PUT /ShoppingCart/{cartId}/lines/{kind}/{lineId}': {
    read: (w) => w.customerA.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: w.customerA.id } }),
    call: (w, c) =>
      c.request('put', '/ShoppingCart/{cartId}/lines/{kind}/{lineId}', {
        params: { cartId: w.r.cartId, kind: 'items', lineId: w.r.itemId },
        body: { quantity: 7 },
      }),
  },
  'DELETE /ShoppingCart/{cartId}/lines/{kind}/{lineId}': {
    read: (w) => w.customerA.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: w.customerA.id } }),
    call: (w, c) =>
      c.request('delete', '/ShoppingCart/{cartId}/lines/{kind}/{lineId}', {
        params: { cartId: w.r.cartId, kind: 'items', lineId: w.r.itemId },
      }),
  },
  'GET /ShoppingCart/getOneCart/{customerId}': {
    read: (w) => w.customerA.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: w.customerA.id } }),
    call: (w, c) => c.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: w.customerA.id } }),
  },
  'PUT /ShoppingCart/updateSItem/{cartId}': {
    read: (w) => w.customerA.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: w.customerA.id } }),
    call: (w, c) =>
      c.request('put', '/ShoppingCart/updateSItem/{cartId}', { params: { cartId: w.r.cartId }, body: { ItemIDs: [], PackageIDs: [] } }),
  },
  // ---------- ordering ----------
  'GET /paymentdetails/getItem/{id}': {
    read: (w) => w.customerA.client.request('get', '/paymentdetails/getItem/{id}', { params: { id: w.r.cardId } }),
    call: (w, c) => c.request('get', '/paymentdetails/getItem/{id}', { params: { id: w.r.cardId } }),
  },
  'PUT /paymentdetails/update/{id}': {
    read: (w) => w.customerA.client.request('get', '/paymentdetails/getItem/{id}', { params: { id: w.r.cardId } }),
    call: (w, c) =>
      c.request('put', '/paymentdetails/update/{id}', { params: { id: w.r.cardId }, body: { carddate: '11/39', cardowner: 'Hacker' } }),
  },
  'DELETE /paymentdetails/delete/{id}': {
    read: (w) => w.customerA.client.request('get', '/paymentdetails/getItem/{id}', { params: { id: w.r.cardId } }),
    call: (w, c) => c.request('delete', '/paymentdetails/delete/{id}', { params: { id: w.r.cardId } }),
  },
  'GET /checkout/{checkoutId}': {
    read: (w) => w.customerA.client.request('get', '/checkout/{checkoutId}', { params: { checkoutId: w.r.openCheckoutId } }),
    call: (w, c) => c.request('get', '/checkout/{checkoutId}', { params: { checkoutId: w.r.openCheckoutId } }),
  },
  'POST /checkout/{checkoutId}/pay': {
    read: (w) => w.customerA.client.request('get', '/checkout/{checkoutId}', { params: { checkoutId: w.r.openCheckoutId } }),
    call: (w, c) =>
      c.request('post', '/checkout/{checkoutId}/pay', { params: { checkoutId: w.r.openCheckoutId }, body: { paymentType: 'wallet' } }),
  },
  // Only admins resolve a stuck checkout: customers (even its owner's neighbour) and sellers are refused.
  'POST /checkout/{checkoutId}/cancel': {
    adminOwned: true,
    read: (w) => w.customerA.client.request('get', '/checkout/{checkoutId}', { params: { checkoutId: w.r.paidCheckoutId } }),
    call: (w, c) =>
      c.request('post', '/checkout/{checkoutId}/cancel', {
        params: { checkoutId: w.r.paidCheckoutId },
        body: { reason: 'Not mine to cancel' },
      }),
  },
  'PUT /Orders/status/{id}': {
    read: (w) => w.customerA.client.request('get', '/Orders/getOrders', { query: { OrderID: w.r.paidCheckoutId } }),
    call: (w, c) => c.request('put', '/Orders/status/{id}', { params: { id: w.r.itemOrderId }, body: { status: 'Cancelled' } }),
  },
  'PUT /PackageOrders/status/{id}': {
    read: (w) => w.customerA.client.request('get', '/PackageOrders/getOrders', { query: { OrderID: w.r.paidCheckoutId } }),
    call: (w, c) => c.request('put', '/PackageOrders/status/{id}', { params: { id: w.r.packageOrderId }, body: { status: 'Cancelled' } }),
  },
  // One order with its payment (issue 30 item 8): its customer, its seller and admins only.
  'GET /Orders/get/{id}': {
    read: (w) => w.customerA.client.request('get', '/Orders/get/{id}', { params: { id: w.r.itemOrderId } }),
    call: (w, c) => c.request('get', '/Orders/get/{id}', { params: { id: w.r.itemOrderId } }),
  },
  'GET /PackageOrders/get/{id}': {
    read: (w) => w.customerA.client.request('get', '/PackageOrders/get/{id}', { params: { id: w.r.packageOrderId } }),
    call: (w, c) => c.request('get', '/PackageOrders/get/{id}', { params: { id: w.r.packageOrderId } }),
  },
  // A customer cancels only an own order before dispatch (issue 31 item 2): another customer's is not there.
  'PUT /Orders/cancel/{id}': {
    read: (w) => w.customerA.client.request('get', '/Orders/get/{id}', { params: { id: w.r.itemOrderId } }),
    call: (w, c) => c.request('put', '/Orders/cancel/{id}', { params: { id: w.r.itemOrderId }, body: { reason: 'Not mine to cancel' } }),
  },
  'PUT /PackageOrders/cancel/{id}': {
    read: (w) => w.customerA.client.request('get', '/PackageOrders/get/{id}', { params: { id: w.r.packageOrderId } }),
    call: (w, c) =>
      c.request('put', '/PackageOrders/cancel/{id}', { params: { id: w.r.packageOrderId }, body: { reason: 'Not mine to cancel' } }),
  },
  // Only admins resolve any seller's order (issue 30): customers and other sellers are refused.
  'PUT /Orders/resolve/{id}': {
    adminOwned: true,
    read: (w) => w.customerA.client.request('get', '/Orders/getOrders', { query: { OrderID: w.r.paidCheckoutId } }),
    call: (w, c) =>
      c.request('put', '/Orders/resolve/{id}', {
        params: { id: w.r.itemOrderId },
        body: { status: 'Cancelled', reason: 'Not mine to cancel' },
      }),
  },
  'PUT /PackageOrders/resolve/{id}': {
    adminOwned: true,
    read: (w) => w.customerA.client.request('get', '/PackageOrders/getOrders', { query: { OrderID: w.r.paidCheckoutId } }),
    call: (w, c) =>
      c.request('put', '/PackageOrders/resolve/{id}', {
        params: { id: w.r.packageOrderId },
        body: { status: 'Cancelled', reason: 'Not mine to cancel' },
      }),
  },
  // Cash on delivery's outcome (issue 29): another seller's line is not there, whatever its payment.
  'PUT /Orders/cod/{id}': {
    read: (w) => w.customerA.client.request('get', '/Orders/getOrders', { query: { OrderID: w.r.paidCheckoutId } }),
    call: (w, c) => c.request('put', '/Orders/cod/{id}', { params: { id: w.r.itemOrderId }, body: { outcome: 'refused' } }),
  },
  'PUT /PackageOrders/cod/{id}': {
    read: (w) => w.customerA.client.request('get', '/PackageOrders/getOrders', { query: { OrderID: w.r.paidCheckoutId } }),
    call: (w, c) => c.request('put', '/PackageOrders/cod/{id}', { params: { id: w.r.packageOrderId }, body: { outcome: 'refused' } }),
  },
  'GET /orderhistory/get/{id}': {
    read: (w) => w.customerA.client.request('get', '/orderhistory/get/{id}', { params: { id: w.r.historyId } }),
    call: (w, c) => c.request('get', '/orderhistory/get/{id}', { params: { id: w.r.historyId } }),
  },
  // ---------- reviews and messages ----------
  'PUT /review/updateReview/{id}': {
    read: (w) => w.anonymous.request('get', '/review/get', { query: { itemid: w.r.itemId } }),
    call: (w, c) =>
      c.request('put', '/review/updateReview/{id}', { params: { id: w.r.reviewId }, body: { description: 'Hacked', noofstars: 1 } }),
  },
  'DELETE /review/delete/{id}': {
    read: (w) => w.anonymous.request('get', '/review/get', { query: { itemid: w.r.itemId } }),
    call: (w, c) => c.request('delete', '/review/delete/{id}', { params: { id: w.r.reviewId } }),
  },
  'PUT /review/updateRev/{reviewId}': {
    read: (w) => w.anonymous.request('get', '/review/get', { query: { itemid: w.r.itemId } }),
    call: (w, c) =>
      c.request('put', '/review/updateRev/{reviewId}', {
        params: { reviewId: w.r.reviewId },
        body: { reportreason: 'Spam', reviewstatus: true },
      }),
  },
  // A reply names the review's current version, so a refusal is the ownership check, not a stale write.
  'PUT /review/reply/{reviewId}': {
    read: (w) => w.anonymous.request('get', '/review/get', { query: { itemid: w.r.itemId } }),
    call: async (w, c) =>
      c.request('put', '/review/reply/{reviewId}', {
        params: { reviewId: w.r.reviewId },
        body: { reply: 'Hacked reply', version: await reviewVersion(w) },
      }),
  },
  'PUT /review/dismissReport/{reviewId}': {
    read: (w) => w.anonymous.request('get', '/review/get', { query: { itemid: w.r.itemId } }),
    call: async (w, c) =>
      c.request('put', '/review/dismissReport/{reviewId}', {
        params: { reviewId: w.r.reviewId },
        body: { version: await reviewVersion(w) },
      }),
  },
  'DELETE /contact/delete/{id}': {
    adminOwned: true, // messages to the admins
    read: (w) => w.admin.request('get', '/contact/get'),
    call: (w, c) => c.request('delete', '/contact/delete/{id}', { params: { id: w.r.contactId } }),
  },
  'DELETE /contactsel/delete/{id}': {
    read: (w) => w.sellerA.client.request('get', '/contactsel/get'),
    call: (w, c) => c.request('delete', '/contactsel/delete/{id}', { params: { id: w.r.contactSellerId } }),
  },
  // Conversations (issue 30 item 6): customer A's message to seller A is a thread of theirs.
  // Returns (issue 31 item 3): customer A's return of seller A's line; each move names its current version.
  'GET /Returns/{id}': {
    read: (w) => w.customerA.client.request('get', '/Returns/{id}', { params: { id: w.r.returnId } }),
    call: (w, c) => c.request('get', '/Returns/{id}', { params: { id: w.r.returnId } }),
  },
  'PUT /Returns/{id}/approve': {
    read: (w) => w.customerA.client.request('get', '/Returns/{id}', { params: { id: w.r.returnId } }),
    call: async (w, c) =>
      c.request('put', '/Returns/{id}/approve', {
        params: { id: w.r.returnId },
        body: { instructions: 'Send it to me instead', version: await returnVersion(w) },
      }),
  },
  'PUT /Returns/{id}/reject': {
    read: (w) => w.customerA.client.request('get', '/Returns/{id}', { params: { id: w.r.returnId } }),
    call: async (w, c) =>
      c.request('put', '/Returns/{id}/reject', {
        params: { id: w.r.returnId },
        body: { reason: 'Not yours', version: await returnVersion(w) },
      }),
  },
  'PUT /Returns/{id}/escalate': {
    read: (w) => w.customerA.client.request('get', '/Returns/{id}', { params: { id: w.r.returnId } }),
    call: async (w, c) =>
      c.request('put', '/Returns/{id}/escalate', {
        params: { id: w.r.returnId },
        body: { reason: 'Not yours', version: await returnVersion(w) },
      }),
  },
  'PUT /Returns/{id}/close': {
    read: (w) => w.customerA.client.request('get', '/Returns/{id}', { params: { id: w.r.returnId } }),
    call: async (w, c) =>
      c.request('put', '/Returns/{id}/close', {
        params: { id: w.r.returnId },
        body: { reason: 'Not yours', version: await returnVersion(w) },
      }),
  },
  'PUT /Returns/{id}/withdraw': {
    read: (w) => w.customerA.client.request('get', '/Returns/{id}', { params: { id: w.r.returnId } }),
    call: async (w, c) =>
      c.request('put', '/Returns/{id}/withdraw', { params: { id: w.r.returnId }, body: { version: await returnVersion(w) } }),
  },
  'PUT /Returns/{id}/receive': {
    read: (w) => w.customerA.client.request('get', '/Returns/{id}', { params: { id: w.r.returnId } }),
    call: async (w, c) =>
      c.request('put', '/Returns/{id}/receive', {
        params: { id: w.r.returnId },
        body: { resellable: true, version: await returnVersion(w) },
      }),
  },
  'PUT /Returns/{id}/refund-paid': {
    read: (w) => w.customerA.client.request('get', '/Returns/{id}', { params: { id: w.r.returnId } }),
    call: async (w, c) =>
      c.request('put', '/Returns/{id}/refund-paid', {
        params: { id: w.r.returnId },
        body: { bankReference: 'BOC-000', version: await returnVersion(w) },
      }),
  },
  'GET /threads/{id}': {
    read: (w) => w.customerA.client.request('get', '/threads/{id}', { params: { id: w.r.contactSellerId } }),
    call: (w, c) => c.request('get', '/threads/{id}', { params: { id: w.r.contactSellerId } }),
  },
  'POST /threads/{id}/messages': {
    read: (w) => w.customerA.client.request('get', '/threads/{id}', { params: { id: w.r.contactSellerId } }),
    call: async (w, c) =>
      c.request('post', '/threads/{id}/messages', {
        params: { id: w.r.contactSellerId },
        body: { text: 'Not yours', version: await threadVersion(w) },
      }),
  },
  'PUT /threads/{id}/read': {
    read: (w) => w.customerA.client.request('get', '/threads/{id}', { params: { id: w.r.contactSellerId } }),
    call: async (w, c) =>
      c.request('put', '/threads/{id}/read', { params: { id: w.r.contactSellerId }, body: { version: await threadVersion(w) } }),
  },
  'PUT /threads/{id}/help': {
    read: (w) => w.customerA.client.request('get', '/threads/{id}', { params: { id: w.r.contactSellerId } }),
    call: async (w, c) =>
      c.request('put', '/threads/{id}/help', { params: { id: w.r.contactSellerId }, body: { version: await threadVersion(w) } }),
  },
  'PUT /threads/{id}/archive': {
    read: (w) => w.customerA.client.request('get', '/threads/{id}', { params: { id: w.r.contactSellerId } }),
    call: async (w, c) =>
      c.request('put', '/threads/{id}/archive', { params: { id: w.r.contactSellerId }, body: { version: await threadVersion(w) } }),
  },
  // ---------- reporting ----------
  'GET /reports/{jobId}': {
    read: (w) => w.sellerA.client.request('get', '/reports/{jobId}', { params: { jobId: w.r.reportJobId } }),
    call: (w, c) => c.request('get', '/reports/{jobId}', { params: { jobId: w.r.reportJobId } }),
  },
};

/** Operations taking the resource id in the query or body (where practical), same rules. */
const QUERY_BODY_CASES: Record<string, BolaCase> = {
  'GET /items/fetch-pdf': {
    read: (w) => w.sellerA.client.request('get', '/reports/{jobId}', { params: { jobId: w.r.reportJobId } }),
    call: (w, c) => c.request('get', '/items/fetch-pdf', { query: { jobId: w.r.reportJobId } }),
  },
  'GET /items/fetch-csv': {
    read: (w) => w.sellerA.client.request('get', '/reports/{jobId}', { params: { jobId: w.r.reportJobId } }),
    call: (w, c) => c.request('get', '/items/fetch-csv', { query: { jobId: w.r.reportJobId } }),
  },
  'POST /paypal-transaction-complete': {
    read: (w) => w.customerA.client.request('get', '/checkout/{checkoutId}', { params: { checkoutId: w.r.openCheckoutId } }),
    call: (w, c) => c.request('post', '/paypal-transaction-complete', { body: { checkoutId: w.r.openCheckoutId } }),
  },
  'GET /Orders/getOrders': {
    read: (w) => w.customerA.client.request('get', '/Orders/getOrders', { query: { OrderID: w.r.paidCheckoutId } }),
    call: (w, c) => c.request('get', '/Orders/getOrders', { query: { OrderID: w.r.paidCheckoutId } }),
    // Scoped to the caller: another caller gets no rows of A's checkout.
    acceptable: (res) => isRefusal(res) || (res.status === 200 && Array.isArray(res.body) && res.body.length === 0),
  },
  'GET /PackageOrders/getOrders': {
    read: (w) => w.customerA.client.request('get', '/PackageOrders/getOrders', { query: { OrderID: w.r.paidCheckoutId } }),
    call: (w, c) => c.request('get', '/PackageOrders/getOrders', { query: { OrderID: w.r.paidCheckoutId } }),
    acceptable: (res) => isRefusal(res) || (res.status === 200 && Array.isArray(res.body) && res.body.length === 0),
  },
  'GET /review/get': {
    // `mine=true` with A's customerid: only the caller's own reviews, never A's.
    read: (w) => w.anonymous.request('get', '/review/get', { query: { itemid: w.r.itemId } }),
    call: (w, c) => c.request('get', '/review/get', { query: { mine: true, customerid: w.customerA.id } }),
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
