/**
 * The packing slip (issue 29), through the gateway on real servers (Kafka, FerretDB, Redis and the
 * `report` queue): a seller asks for the slip of an own order line (`POST
 * /Orders/packing-slip/create-pdf`), the worker renders it, and `fetch-pdf` answers the PDF named
 * after the line, with where to deliver, the product with its SKU and quantity, the cash to collect
 * for a cash-on-delivery line, and a received-by line. Another seller's request is 404, a malformed
 * line 400.
 */
import { type DeliveryAddress } from '@market/contracts';
import { waitFor } from '@market/platform/testing';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  decided,
  download,
  listedItem,
  pdfText,
  signedInCustomer,
  startCatalogueWorld,
  type CatalogueWorld,
} from '@market/testing';

let world: CatalogueWorld;
let seller: { client: Client; id: string };
let buyer: { client: Client; id: string };
let lineId: string;

const address: DeliveryAddress = {
  recipient: 'Fathima Rizwan',
  phone: '0752223344',
  line1: '27 Main Street',
  line2: 'Near the clock tower',
  city: 'Batticaloa',
  district: 'Batticaloa',
  postalCode: '30000',
};

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering', 'reporting']);
  seller = await world.newSeller();
  buyer = await signedInCustomer(world);
  const phone = await listedItem(seller.client, buyer.client, {
    Item_name: 'Galaxy A16',
    Price: 40000,
    Quantity: 5,
    Stock_keeping_unit: 'SM-A165F-BLK',
  });
  const s = await buyer.client.request('post', '/checkout/session', { body: { items: [{ itemId: phone, quantity: 2 }] } });
  const checkoutId = s.body.checkoutId;
  const paid = await buyer.client.request('post', '/checkout/{checkoutId}/pay', {
    params: { checkoutId },
    body: { paymentType: 'cod', deliveryAddress: address },
  });
  expect(paid.status).toBe(200);
  expect((await decided(buyer.client, checkoutId)).status).toBe('Confirmed');
  lineId = `${checkoutId}-I1`;
}, 240_000);

afterAll(async () => {
  await world?.stack.stop();
});

describe('the packing slip', () => {
  it('is rendered through the report queue with the address, the product and the cash to collect', async () => {
    // Reporting knows the line once its confirmation reached it.
    const queued = await waitFor(
      async () => {
        const r = await seller.client.request('post', '/Orders/packing-slip/create-pdf', { body: { orderLineId: lineId } });
        return r.status === 202 ? r.body : undefined;
      },
      20_000,
      200,
      'the slip queued',
    );
    const done = await waitFor(
      async () => {
        const r = await seller.client.get<{ state: string; downloadUrl?: string }>(`/reports/${queued.jobId}`);
        return r.body.state === 'completed' ? r.body : undefined;
      },
      30_000,
      250,
      'the slip rendered',
    );
    expect(done.downloadUrl).toBe(`/Orders/packing-slip/fetch-pdf?jobId=${queued.jobId}`);
    const file = await download(world.stack.gatewayUrl, seller.client, done.downloadUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="packing-slip-${lineId}.pdf"`);
    const { text } = await pdfText(file.bytes);
    for (const part of [
      'Packing Slip',
      lineId,
      'Fathima Rizwan',
      '27 Main Street, Near the clock tower',
      'Batticaloa 30000, Batticaloa District',
      '0752223344',
      // Two phones and the checkout's delivery and VAT, on its first line.
      'COLLECT Rs. 80,100.00 IN CASH',
      'Galaxy A16',
      'SM-A165F-BLK',
      'Received by',
    ])
      expect(text).toContain(part);
    // A picture of it for a person to look at (pdftoppm, as the README's checks do).
    const dir = path.resolve(__dirname, '../../../.data/screenshots');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'packing-slip.pdf'), file.bytes);
    try {
      execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', path.join(dir, 'packing-slip.pdf'), path.join(dir, 'packing-slip')]);
    } catch {
      // pdftoppm is a convenience for looking; the text above is the check.
    }
  });

  it("is 404 for another seller's line and 400 for a malformed one, queueing nothing", async () => {
    const other = await world.newSeller();
    const theirs = await other.client.request('post', '/Orders/packing-slip/create-pdf', { body: { orderLineId: lineId } });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ error: 'Order not found' });
    const bad = await seller.client.request('post', '/Orders/packing-slip/create-pdf', { body: { orderLineId: 'not-a-line' } });
    expect(bad.status).toBe(400);
    const customer = await buyer.client.request('post', '/Orders/packing-slip/create-pdf', { body: { orderLineId: lineId } });
    expect(customer.status).toBe(403);
  });
});
