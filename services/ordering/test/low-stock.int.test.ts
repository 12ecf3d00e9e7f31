/**
 * The seller's low-stock alert (issue 30 item 9), through the gateway on real servers (Kafka,
 * FerretDB, OpenSearch, Redis, MailDev): an item listed with an alert at 3 units is e-mailed to its
 * seller once when a sale takes the stock from 5 to 3, not again when the next sale takes it to 2
 * (already below), and once more when a sale sells the last unit (a new crossing after a restock
 * above the alert). The seller's list answers the alert level with the item.
 */
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
let seller: { client: Client; id: string; email: string };
let buyer: { client: Client; id: string; email: string };

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering']);
  const request = newSellerRequest();
  seller = { ...(await acceptedSeller(world.stack.gatewayUrl, world.admin, request)), email: request.email };
  buyer = await signedInCustomer(world);
}, 120_000);

afterAll(async () => {
  await world?.stack.stop();
});

const alerts = async (name: string) => (await mailsTo(seller.email)).filter((m) => m.subject.includes(name));

describe('low-stock alert (issue 30 item 9)', () => {
  it('e-mails the seller once when a sale takes the stock down to the alert, and again only on a new crossing', async () => {
    const name = `Alert Phone ${Date.now().toString(36)}`;
    const itemId = await listedItem(seller.client, buyer.client, { Item_name: name, Quantity: 5, LowStockThreshold: 3 });
    expect((await seller.client.request('get', '/items/get/{id}', { params: { id: itemId } })).body.LowStockThreshold).toBe(3);

    await buy(buyer.client, { items: [{ itemId, quantity: 2 }] });
    const first = await waitFor(async () => ((await alerts(name)).length === 1 ? await alerts(name) : undefined), 30_000, 250, 'the alert');
    expect(first[0]!.subject).toBe(`Low stock: 3 left of ${name}`);
    expect(first[0]!.text).toContain('your alert is at 3');

    // Already at the alert: the next sale sends nothing more.
    await buy(buyer.client, { items: [{ itemId, quantity: 1 }] });
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await alerts(name)).toHaveLength(1);

    // Restocked above the alert, then sold out: a new crossing, a new e-mail.
    const item = (await seller.client.request('get', '/items/get/{id}', { params: { id: itemId } })).body;
    expect(
      (await seller.client.request('put', '/items/update/{id}', { params: { id: itemId }, body: { Quantity: 4, version: item.version } }))
        .status,
    ).toBe(200);
    await buy(buyer.client, { items: [{ itemId, quantity: 4 }] });
    const second = await waitFor(
      async () => ((await alerts(name)).length === 2 ? await alerts(name) : undefined),
      30_000,
      250,
      'the second alert',
    );
    expect(second.map((m) => m.subject)).toContain(`${name} is sold out`);
  });
});
