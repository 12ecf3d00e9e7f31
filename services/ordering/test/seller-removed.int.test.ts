/**
 * Accepting a seller's deletion never strands their paid orders (issue 30 item 2), through the
 * gateway on real servers (Kafka, FerretDB, OpenSearch, Redis, MailDev):
 * - before accepting, the admin lists the seller's open orders (`SellerID` filter);
 * - once accepted, the seller's unshipped (Confirmed) order is cancelled by the marketplace with
 *   the reason kept on it, refunded through the provider (the payment history says Refunded), the
 *   customer e-mailed with the reason, and the seller e-mailed the decision;
 * - a shipped order stays Shipped, and the admin finishes it (`PUT /Orders/resolve/{id}`), the
 *   reason shown to the customer without the admin's id; a cancelled one cannot be resolved again;
 * - declining a deletion request e-mails the seller too.
 * Before this, the Confirmed order stayed Confirmed with nobody to ship or refund it.
 */
import { SELLER_REMOVED_REASON } from '@market/contracts';
import { mailsTo, waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptedSeller,
  buy,
  listedItem,
  newSellerRequest,
  signedInCustomer,
  startCatalogueWorld,
  type CatalogueWorld,
  type Client,
} from '@market/testing';

let world: CatalogueWorld;
let buyer: { client: Client; id: string; email: string };

interface OrderRow {
  _id: string;
  status: string;
  StatusNote?: { by: string; reason: string; at: string; adminId?: string };
}

const ordersOf = async (client: Client, orderId: string) =>
  (await client.request('get', '/Orders/getOrders', { query: { OrderID: orderId } })).body as unknown as OrderRow[];

/** A seller approved through the real flow, with the e-mail address their mail goes to. */
async function sellerWithEmail() {
  const request = newSellerRequest();
  const s = await acceptedSeller(world.stack.gatewayUrl, world.admin, request);
  return { ...s, email: request.email, companyname: request.companyname };
}

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering']);
  buyer = await signedInCustomer(world);
}, 120_000);

afterAll(async () => {
  await world?.stack.stop();
});

describe("a seller's deletion and their open orders", () => {
  it('cancels and refunds the unshipped order, leaves the shipped one to the admin, and e-mails both sides', async () => {
    const seller = await sellerWithEmail();
    const itemId = await listedItem(seller.client, buyer.client, { Item_name: 'Leaving Tab', Quantity: 10 });
    const unshipped = await buy(buyer.client, { items: [{ itemId, quantity: 1 }] });
    const shipped = await buy(buyer.client, { items: [{ itemId, quantity: 2 }] });
    expect([unshipped.status, shipped.status]).toEqual(['Confirmed', 'Confirmed']);
    const unshippedLine = `${unshipped.checkoutId}-I1`;
    const shippedLine = `${shipped.checkoutId}-I1`;
    const ship = await seller.client.request('put', '/Orders/status/{id}', { params: { id: shippedLine }, body: { status: 'Shipped' } });
    expect(ship.status).toBe(200);

    // The seller asks to leave; the admin sees their open orders before accepting.
    expect(
      (await seller.client.request('put', '/orgseller/reqDel/{id}', { params: { id: seller.id }, body: { requestDelete: true } })).status,
    ).toBe(200);
    const open = await world.admin.request('get', '/Orders/getOrders', {
      query: { SellerID: seller.id, status: 'Confirmed', page: 1, limit: 10 },
    });
    expect(open.status).toBe(200);
    expect((open.body as unknown as { items: OrderRow[] }).items.map((o) => o._id)).toEqual([unshippedLine]);
    const others = await world.admin.request('get', '/Orders/getOrders', {
      query: { SellerID: '0123456789abcdef01234567', page: 1, limit: 10 },
    });
    expect((others.body as unknown as { total: number }).total).toBe(0);

    expect((await world.admin.request('delete', '/orgSeller/delete/{id}', { params: { id: seller.id } })).status).toBe(200);

    // The unshipped order: cancelled by the marketplace, refunded, the reason kept and e-mailed.
    const cancelled = await waitFor(
      async () => (await ordersOf(buyer.client, unshipped.checkoutId)).find((o) => o.status === 'Cancelled'),
      30_000,
      200,
      'the unshipped order cancelled',
    );
    expect(cancelled.StatusNote).toMatchObject({ by: 'marketplace', reason: SELLER_REMOVED_REASON });
    const history = await waitFor(
      async () => {
        const h = (await buyer.client.request('get', '/orderhistory/get/{id}', { params: { id: unshipped.receipt!._id } })).body;
        return h.status === 'Refunded' ? h : undefined;
      },
      30_000,
      200,
      'the refund in the payment history',
    );
    expect(history.status).toBe('Refunded');
    const customerMail = await waitFor(
      async () => (await mailsTo(buyer.email)).find((m) => m.subject === `Your order ${unshippedLine} was cancelled`),
      30_000,
      200,
      "the customer's cancellation e-mail",
    );
    expect(customerMail.text).toContain(SELLER_REMOVED_REASON);
    const sellerMail = await waitFor(
      async () => (await mailsTo(seller.email)).find((m) => m.subject === 'Your seller account was closed'),
      30_000,
      200,
      "the seller's e-mail",
    );
    expect(sellerMail.text).toContain(seller.companyname);

    // The shipped order is left for the admin, who marks it delivered with a reason.
    expect((await ordersOf(buyer.client, shipped.checkoutId))[0]!.status).toBe('Shipped');
    const resolved = await world.admin.request('put', '/Orders/resolve/{id}', {
      params: { id: shippedLine },
      body: { status: 'Delivered', reason: 'The customer confirmed the delivery by phone' },
    });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.status).toBe('Delivered');
    const seen = await waitFor(
      async () => (await ordersOf(buyer.client, shipped.checkoutId)).find((o) => o.status === 'Delivered'),
      20_000,
      200,
      'the delivered order in the list',
    );
    expect(seen.StatusNote).toMatchObject({ by: 'admin', reason: 'The customer confirmed the delivery by phone' });
    expect(seen.StatusNote).not.toHaveProperty('adminId');

    // A cancelled order cannot be resolved again; a bad reason changes nothing.
    const again = await world.admin.request('put', '/Orders/resolve/{id}', {
      params: { id: unshippedLine },
      body: { status: 'Cancelled', reason: 'Once more' },
    });
    expect(again.status).toBe(409);
    const noReason = await world.admin.request('put', '/Orders/resolve/{id}', {
      params: { id: unshippedLine },
      body: { status: 'Cancelled', reason: ' ' },
    });
    expect(noReason.status).toBe(400);
  });

  it('e-mails the seller when an admin declines the deletion request', async () => {
    const seller = await sellerWithEmail();
    expect(
      (await seller.client.request('put', '/orgseller/reqDel/{id}', { params: { id: seller.id }, body: { requestDelete: true } })).status,
    ).toBe(200);
    const declined = await world.admin.request('put', '/orgseller/reqDel/{id}', {
      params: { id: seller.id },
      body: { requestDelete: false },
    });
    expect(declined.status).toBe(200);
    const mail = await waitFor(
      async () => (await mailsTo(seller.email)).find((m) => m.subject === 'About your request to close your seller account'),
      30_000,
      200,
      "the seller's e-mail",
    );
    expect(mail.text).toContain(seller.companyname);
  });
});
