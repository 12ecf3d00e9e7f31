/**
 * Cash on delivery (issue 29; README "Cash on delivery"), through the gateway on real servers
 * (Kafka, FerretDB, OpenSearch, Redis, MailDev):
 * - a checkout paid `{ paymentType: 'cod', deliveryAddress }` takes no money, reserves its stock by
 *   the same saga and is Confirmed with payment history "PendingCOD"; its order lines say what the
 *   courier collects (the first with the delivery and VAT);
 * - without an address it is refused (400), over the limit too (409), and nothing changes;
 * - the seller marks a shipped line `collected` → Delivered, and the payment Paid with the cash
 *   collected; a plain "Delivered" is refused for such a line;
 * - `refused` → Cancelled, the stock back once, nothing refunded by the provider, the customer
 *   e-mailed; after two refusals within 90 days the customer's next cash-on-delivery pay is
 *   refused with the reason, and a card still pays.
 */
import {
  COD_DELIVER_WITH_CASH,
  COD_NEEDS_ADDRESS,
  COD_NOT_SHIPPED,
  COD_REFUSED,
  codOverLimitMessage,
  COD_LIMIT_RUPEES,
  type DeliveryAddress,
} from '@market/contracts';
import { mailsTo, testServers, waitFor } from '@market/platform/testing';
import mongoose, { type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, startCatalogueWorld, decided, listedItem, savedCard, signedInCustomer, type CatalogueWorld } from '@market/testing';

let world: CatalogueWorld;
let conn: Connection;
let seller: { client: Client; id: string };
let buyer: { client: Client; id: string; email: string };
let phone: string;
let pricey: string;

const address: DeliveryAddress = {
  recipient: 'Kasun Perera',
  phone: '0771234567',
  line1: '12 Galle Road',
  line2: '',
  city: 'Dehiwala',
  district: 'Colombo',
  postalCode: '10350',
};

interface Line {
  _id: string;
  status: string;
  CashOnDelivery?: { status: string; Amount: number; CollectedAt?: string };
}
interface History {
  _id: string;
  status: string;
  PaymentType: string;
  Amount: number;
  CollectedAmount?: number;
}

const db = (service: string) => conn.useDb(`${service}-${world.stack.dbSuffix}`);
const stockOf = async (itemId: string) => (await seller.client.request('get', '/items/get/{id}', { params: { id: itemId } })).body.Quantity;
const sandboxRefunds = () => db('ordering').collection('sandbox_refunds').countDocuments({});
const sandboxCaptures = () => db('ordering').collection('sandbox_captures').countDocuments({});

async function session(
  itemId: string,
  quantity = 1,
): Promise<{ checkoutId: string; cashOnDelivery?: { available: boolean; reason?: string; limit: number } }> {
  const r = await buyer.client.request('post', '/checkout/session', { body: { items: [{ itemId, quantity }] } });
  expect(r.status).toBe(201);
  return r.body as never;
}

/** Pays by cash on delivery to `deliveryAddress` (none with null). */
async function payCod(checkoutId: string, deliveryAddress: DeliveryAddress | null = address) {
  return buyer.client.request('post', '/checkout/{checkoutId}/pay', {
    params: { checkoutId },
    body: { paymentType: 'cod', ...(deliveryAddress ? { deliveryAddress } : {}) } as never,
  });
}

/** A confirmed cash-on-delivery order of `quantity` phones, shipped by the seller: its line. */
async function shippedCodLine(quantity = 1): Promise<{ checkoutId: string; lineId: string; receiptId: string }> {
  const { checkoutId } = await session(phone, quantity);
  const paid = await payCod(checkoutId);
  expect(paid.status).toBe(200);
  const c = await decided(buyer.client, checkoutId);
  expect(c.status).toBe('Confirmed');
  const lineId = `${checkoutId}-I1`;
  const shipped = await seller.client.request('put', '/Orders/status/{id}', { params: { id: lineId }, body: { status: 'Shipped' } });
  expect(shipped.status).toBe(200);
  return { checkoutId, lineId, receiptId: c.receipt!._id };
}

const historyOf = async (id: string) => (await buyer.client.get<History>(`/orderhistory/get/${id}`)).body;
const listedHistory = async (id: string) =>
  (await buyer.client.get<{ items: History[] }>('/orderhistory/getItems?page=1&limit=100')).body.items.find((h) => h._id === id);

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering']);
  conn = await mongoose.createConnection(testServers().mongoUrl).asPromise();
  seller = await world.newSeller();
  buyer = await signedInCustomer(world);
  phone = await listedItem(seller.client, buyer.client, { Item_name: 'Redmi Note 13', Price: 54999, Quantity: 20 });
  pricey = await listedItem(seller.client, buyer.client, { Item_name: 'Galaxy Z Fold6', Price: COD_LIMIT_RUPEES, Quantity: 5 });
}, 240_000);

afterAll(async () => {
  await conn?.close();
  await world?.stack.stop();
});

describe('cash on delivery', () => {
  it('says before paying whether cash on delivery may pay the checkout', async () => {
    const small = await session(phone);
    expect(small.cashOnDelivery).toEqual({ available: true, limit: COD_LIMIT_RUPEES });
    // The limit and Rs. 100 delivery and VAT: one rupee over is too much.
    const big = await session(pricey);
    expect(big.cashOnDelivery).toEqual({ available: false, reason: codOverLimitMessage(COD_LIMIT_RUPEES), limit: COD_LIMIT_RUPEES });
  });

  it('refuses a cash-on-delivery pay without an address (400) or over the limit (409), and nothing changes', async () => {
    const { checkoutId } = await session(phone);
    const noAddress = await payCod(checkoutId, null);
    expect(noAddress.status).toBe(400);
    expect(noAddress.body).toMatchObject({ error: COD_NEEDS_ADDRESS });
    const big = await session(pricey);
    const over = await payCod(big.checkoutId);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ error: codOverLimitMessage(COD_LIMIT_RUPEES) });
    for (const id of [checkoutId, big.checkoutId]) {
      expect((await buyer.client.get<{ status: string }>(`/checkout/${id}`)).body.status).toBe('Open');
    }
    expect(await stockOf(pricey)).toBe(5);
  });

  it('confirms a cash-on-delivery checkout without taking money: PendingCOD, and what to collect on the line', async () => {
    const captures = await sandboxCaptures();
    const before = await stockOf(phone);
    const { checkoutId } = await session(phone, 2);
    const paid = await payCod(checkoutId);
    expect(paid.status).toBe(200);
    expect(paid.body.receipt?.PaymentType).toBe('CashOnDelivery');
    const c = await decided(buyer.client, checkoutId);
    expect(c.status).toBe('Confirmed');
    expect(await sandboxCaptures()).toBe(captures);
    expect(await stockOf(phone)).toBe(before - 2);
    expect(await historyOf(c.receipt!._id)).toMatchObject({ status: 'PendingCOD', PaymentType: 'CashOnDelivery', CollectedAmount: 0 });
    const listed = await waitFor(async () => listedHistory(c.receipt!._id), 20_000, 150, 'the record in the history list');
    expect(listed.status).toBe('PendingCOD');
    const [line] = (await seller.client.get<Line[]>(`/Orders/getOrders?OrderID=${checkoutId}`)).body;
    // Two phones plus the checkout's delivery and VAT, on its only (so first) line.
    expect(line?.CashOnDelivery).toEqual({ status: 'Pending', Amount: 2 * 54999 + 100 });
    // The customer's e-mail says what to pay at the door, not what was charged.
    const mail = await waitFor(
      async () => (await mailsTo(buyer.email)).find((m) => m.subject === `Your order ${checkoutId} is confirmed`),
      20_000,
      150,
      'the confirmation e-mail',
    );
    expect(mail.text).toContain('To pay in cash on delivery');
    expect(mail.text).not.toContain('Total charged');
  });

  it('refuses a plain Delivered for a cash-on-delivery line, and an outcome before it is shipped', async () => {
    const { checkoutId } = await session(phone);
    expect((await payCod(checkoutId)).status).toBe(200);
    expect((await decided(buyer.client, checkoutId)).status).toBe('Confirmed');
    const lineId = `${checkoutId}-I1`;
    const early = await seller.client.request('put', '/Orders/cod/{id}', { params: { id: lineId }, body: { outcome: 'collected' } });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ error: COD_NOT_SHIPPED });
    await seller.client.request('put', '/Orders/status/{id}', { params: { id: lineId }, body: { status: 'Shipped' } });
    const plain = await seller.client.request('put', '/Orders/status/{id}', { params: { id: lineId }, body: { status: 'Delivered' } });
    expect(plain.status).toBe(409);
    expect(plain.body).toMatchObject({ error: COD_DELIVER_WITH_CASH });
    // Someone else's line is not there at all.
    const other = await world.newSeller();
    const theirs = await other.client.request('put', '/Orders/cod/{id}', { params: { id: lineId }, body: { outcome: 'collected' } });
    expect(theirs.status).toBe(404);
  });

  it('collected: Delivered, the payment Paid with the cash collected, in the record and the list', async () => {
    const { lineId, receiptId } = await shippedCodLine();
    const res = await seller.client.request('put', '/Orders/cod/{id}', { params: { id: lineId }, body: { outcome: 'collected' } });
    expect(res.status).toBe(200);
    const line = res.body as unknown as Line;
    expect(line.status).toBe('Delivered');
    expect(line.CashOnDelivery).toMatchObject({ status: 'Collected', Amount: 54999 + 100 });
    expect(line.CashOnDelivery?.CollectedAt).toBeTruthy();
    expect(await historyOf(receiptId)).toMatchObject({ status: 'Paid', CollectedAmount: 54999 + 100 });
    const listed = await waitFor(
      async () => {
        const h = await listedHistory(receiptId);
        return h?.status === 'Paid' ? h : undefined;
      },
      20_000,
      150,
      'the collection in the history list',
    );
    expect(listed.CollectedAmount).toBe(54999 + 100);
    // Once collected, it cannot be refused.
    const again = await seller.client.request('put', '/Orders/cod/{id}', { params: { id: lineId }, body: { outcome: 'refused' } });
    expect(again.status).toBe(409);
  });

  it('refused: Cancelled, the stock back once, nothing refunded, the customer told; two refusals close cash on delivery', async () => {
    const refundsBefore = await sandboxRefunds();
    for (let n = 1; n <= 2; n++) {
      const { lineId, receiptId } = await shippedCodLine();
      const stock = await stockOf(phone);
      const res = await seller.client.request('put', '/Orders/cod/{id}', { params: { id: lineId }, body: { outcome: 'refused' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'Cancelled', CashOnDelivery: { status: 'Refused' } });
      await waitFor(async () => ((await stockOf(phone)) === stock + 1 ? true : undefined), 20_000, 150, 'the stock back');
      const mail = await waitFor(
        async () => (await mailsTo(buyer.email)).find((m) => m.subject === `Your order ${lineId} was cancelled`),
        20_000,
        150,
        'the e-mail of the refused delivery',
      );
      expect(mail.text).toContain('the delivery was refused');
      expect(mail.text).toContain('Nothing was charged');
      expect(await historyOf(receiptId)).toMatchObject({ status: 'Cancelled', CollectedAmount: 0 });
      // The refusal is counted once the saga ended (stock released): wait for it before the next.
      await waitFor(
        async () => {
          const doc = await db('ordering')
            .collection('cod_refusals')
            .findOne({ _id: buyer.id } as never);
          return (doc?.refusals?.length ?? 0) >= n ? true : undefined;
        },
        20_000,
        150,
        `refusal ${n} counted`,
      );
      expect(await stockOf(phone)).toBe(stock + 1);
    }
    expect(await sandboxRefunds()).toBe(refundsBefore);

    const next = await session(phone);
    expect(next.cashOnDelivery).toMatchObject({ available: false, reason: COD_REFUSED });
    const refused = await payCod(next.checkoutId);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: COD_REFUSED });
    const card = await savedCard(buyer.client);
    const byCard = await buyer.client.request('post', '/checkout/{checkoutId}/pay', {
      params: { checkoutId: next.checkoutId },
      body: { cardId: card, cvv: '737', deliveryAddress: address },
    });
    expect(byCard.status).toBe(200);
    expect(byCard.body.receipt?.PaymentType).toBe('Card');
  });
});
