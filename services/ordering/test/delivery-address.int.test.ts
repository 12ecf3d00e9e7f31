/**
 * The delivery address of a checkout (issue 29, "Delivery addresses"), through the gateway on real
 * servers (Kafka, FerretDB, OpenSearch, Redis, MailDev): the pay command's `deliveryAddress` is
 * copied onto the checkout and each order line (item and package) as `DeliverTo`, which the
 * customer's, the seller's and the admin's order lists show and the seller's new-order e-mail
 * names; an incomplete address answers 400 naming the field and changes nothing; a pay without an
 * address (the documents' client) places orders without `DeliverTo`.
 */
import { formatAddress, type DeliveryAddress } from '@market/contracts';
import { mailsTo, waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  startCatalogueWorld,
  decided,
  listedItem,
  savedCard,
  signedInCustomer,
  type CatalogueWorld,
  type CheckoutBody,
  packageBody,
} from '@market/testing';

let world: CatalogueWorld;
let seller: { client: Client; id: string; email: string };
let buyer: { client: Client; id: string; email: string };
let phone: string;
let pkgId: string;

const address: DeliveryAddress = {
  recipient: 'Nimali Fernando',
  phone: '0712345678',
  line1: '45/2 Temple Road',
  line2: 'Off Kandy Road',
  city: 'Kiribathgoda',
  district: 'Gampaha',
  postalCode: '11600',
};

type Row = { _id: string; OrderID: string; DeliverTo?: DeliveryAddress };

async function session(): Promise<string> {
  const r = await waitFor(
    async () => {
      const res = await buyer.client.request('post', '/checkout/session', {
        body: { items: [{ itemId: phone, quantity: 1 }], packages: [{ packageId: pkgId, quantity: 1 }] },
      });
      return res.status === 201 ? res.body : undefined;
    },
    20_000,
    150,
    'a checkout session with the package',
  );
  return r.checkoutId;
}

const rowsOf = async (c: Client, path: string, orderId: string) =>
  (await c.get<{ items: Row[] }>(`${path}?page=1&limit=50&OrderID=${orderId}`)).body.items;

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering']);
  const s = await world.newSeller();
  const profile = await s.client.get<{ email: string }>(`/orgSeller/get/${s.id}`);
  seller = { ...s, email: profile.body.email };
  buyer = await signedInCustomer(world);
  phone = await listedItem(seller.client, buyer.client, { Item_name: 'Redmi 13C', Price: 32999, Quantity: 10 });
  const buds = await listedItem(seller.client, buyer.client, { Item_name: 'Redmi Buds 5', Price: 6999, Quantity: 10 });
  const pkg = await seller.client.request('post', '/Packages/addPackage', {
    body: packageBody([phone, buds], { price: 38000, image: `${'e'.repeat(64)}.webp` }),
  });
  expect(pkg.status).toBe(201);
  pkgId = pkg.body._id;
}, 240_000);

afterAll(async () => {
  await world?.stack.stop();
});

describe('the delivery address of a checkout', () => {
  let checkout: CheckoutBody & { DeliverTo?: DeliveryAddress };

  it('refuses an incomplete address with 400 naming the field, and changes nothing', async () => {
    const checkoutId = await session();
    const card = await savedCard(buyer.client);
    const bad = await buyer.client.request('post', '/checkout/{checkoutId}/pay', {
      params: { checkoutId },
      body: { cardId: card, cvv: '737', deliveryAddress: { ...address, postalCode: '116' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      error: 'Postal Code must be 5 digits',
      fields: { 'deliveryAddress.postalCode': 'Postal Code must be 5 digits' },
    });
    const wallet = await buyer.client.request('post', '/paypal-transaction-complete', {
      body: { checkoutId, deliveryAddress: { ...address, district: 'Atlantis' as DeliveryAddress['district'] } },
    });
    expect(wallet.status).toBe(400);
    expect((wallet.body as unknown as { fields: Record<string, string> }).fields).toMatchObject({
      'deliveryAddress.district': 'Choose one of the 25 districts',
    });
    const still = (await buyer.client.get<{ status: string; DeliverTo?: unknown }>(`/checkout/${checkoutId}`)).body;
    expect(still.status).toBe('Open');
    expect(still.DeliverTo).toBeUndefined();
  });

  it('copies the address onto the checkout and every order line (item and package)', async () => {
    const checkoutId = await session();
    const paid = await buyer.client.request('post', '/paypal-transaction-complete', { body: { checkoutId, deliveryAddress: address } });
    expect(paid.status).toBe(200);
    expect(paid.body.DeliverTo).toEqual(address);
    checkout = await decided(buyer.client, checkoutId);
    expect(checkout.status).toBe('Confirmed');
    expect(checkout.DeliverTo).toEqual(address);
  });

  it("shows it in the customer's, the seller's and the admin's order lists", async () => {
    const id = checkout.OrderID;
    for (const [who, c] of [
      ['customer', buyer.client],
      ['seller', seller.client],
      ['admin', world.admin],
    ] as const) {
      const items = await waitFor(
        async () => {
          const rows = await rowsOf(c, '/Orders/getOrders', id);
          return rows.length === 1 && rows[0]!.DeliverTo ? rows : undefined;
        },
        20_000,
        200,
        `the ${who}'s item order`,
      );
      expect(items[0]).toMatchObject({ _id: `${id}-I1`, DeliverTo: address });
      const packages = await waitFor(
        async () => {
          const rows = await rowsOf(c, '/PackageOrders/getOrders', id);
          return rows.length === 1 && rows[0]!.DeliverTo ? rows : undefined;
        },
        20_000,
        200,
        `the ${who}'s package order`,
      );
      expect(packages[0]).toMatchObject({ _id: `${id}-P1`, DeliverTo: address });
    }
  });

  it("names it in the seller's new-order e-mail", async () => {
    const mail = await waitFor(
      async () => (await mailsTo(seller.email)).find((m) => m.subject.includes(checkout.OrderID)),
      20_000,
      200,
      'the new-order e-mail',
    );
    expect(mail.text).toContain(`Deliver to: ${formatAddress(address)}`);
    expect(mail.text).not.toContain('see the delivery details');
  });

  it('places orders without an address when the pay carries none (the documents’ client)', async () => {
    const checkoutId = await session();
    expect((await buyer.client.request('post', '/paypal-transaction-complete', { body: { checkoutId } })).status).toBe(200);
    const c = await decided(buyer.client, checkoutId);
    expect(c.status).toBe('Confirmed');
    const rows = await rowsOf(seller.client, '/Orders/getOrders', checkoutId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.DeliverTo).toBeUndefined();
    const mail = await waitFor(
      async () => (await mailsTo(seller.email)).find((m) => m.subject.includes(checkoutId)),
      20_000,
      200,
      'the second new-order e-mail',
    );
    expect(mail.text).toContain('Deliver to: No delivery address given');
  });
});
