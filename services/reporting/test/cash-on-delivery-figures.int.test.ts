/**
 * How reporting counts cash on delivery (issue 29; README "Cash on delivery"), through the gateway
 * on real servers (Kafka, FerretDB, OpenSearch, Redis): a cash-on-delivery order line counts in the
 * seller's monthly sales, the transactions report and the admin dashboard's revenue only once its
 * cash is collected; until then the seller's sales show it apart (`pendingCashOnDelivery`); a
 * refused delivery never counts. A collection delivered twice counts once.
 */
import { type DeliveryAddress } from '@market/contracts';
import { waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, decided, listedItem, signedInCustomer, startCatalogueWorld, thisMonth, type CatalogueWorld } from '@market/testing';

let world: CatalogueWorld;
let seller: { client: Client; id: string };
let buyer: { client: Client; id: string };
let phone: string;
const m = thisMonth();

const address: DeliveryAddress = {
  recipient: 'Tharindu Silva',
  phone: '0711112222',
  line1: '8 Lake Drive',
  line2: '',
  city: 'Kurunegala',
  district: 'Kurunegala',
  postalCode: '60000',
};

interface SalesSummary {
  TotalOrders: number;
  TotalIncome: number;
  pendingCashOnDelivery?: { orders: number; amount: number };
}

const sales = async () =>
  (await seller.client.get<{ summary: SalesSummary }>(`/reports/sellerSales?kind=items&month=${m.month}&year=${m.year}`)).body.summary;
const revenue = async () => (await world.admin.get<{ revenueThisMonth: number }>('/Admin/dashboard')).body.revenueThisMonth;

/** A confirmed, shipped cash-on-delivery order of one phone: its line id. */
async function shippedCodLine(): Promise<string> {
  const s = await buyer.client.request('post', '/checkout/session', { body: { items: [{ itemId: phone, quantity: 1 }] } });
  const checkoutId = s.body.checkoutId;
  const paid = await buyer.client.request('post', '/checkout/{checkoutId}/pay', {
    params: { checkoutId },
    body: { paymentType: 'cod', deliveryAddress: address },
  });
  expect(paid.status).toBe(200);
  expect((await decided(buyer.client, checkoutId)).status).toBe('Confirmed');
  const lineId = `${checkoutId}-I1`;
  expect((await seller.client.request('put', '/Orders/status/{id}', { params: { id: lineId }, body: { status: 'Shipped' } })).status).toBe(
    200,
  );
  return lineId;
}

beforeAll(async () => {
  world = await startCatalogueWorld(['ordering', 'reporting']);
  seller = await world.newSeller();
  buyer = await signedInCustomer(world);
  phone = await listedItem(seller.client, buyer.client, { Item_name: 'Nokia G42', Price: 40000, Quantity: 10 });
}, 240_000);

afterAll(async () => {
  await world?.stack.stop();
});

describe('cash on delivery in the figures', () => {
  it('counts a line once its cash is collected, shows pending ones apart, never a refused one', async () => {
    const revenueBefore = await revenue();
    const collected = await shippedCodLine();
    const refused = await shippedCodLine();
    await shippedCodLine(); // stays pending

    const pending = await waitFor(
      async () => {
        const s = await sales();
        return s.pendingCashOnDelivery?.orders === 3 ? s : undefined;
      },
      20_000,
      200,
      'three pending cash-on-delivery lines',
    );
    expect(pending).toMatchObject({ TotalOrders: 0, TotalIncome: 0, pendingCashOnDelivery: { orders: 3, amount: 120000 } });

    const put = (id: string, outcome: 'collected' | 'refused') =>
      seller.client.request('put', '/Orders/cod/{id}', { params: { id }, body: { outcome } });
    expect((await put(collected, 'collected')).status).toBe(200);
    expect((await put(refused, 'refused')).status).toBe(200);

    const after = await waitFor(
      async () => {
        const s = await sales();
        return s.TotalOrders === 1 && s.pendingCashOnDelivery?.orders === 1 ? s : undefined;
      },
      20_000,
      200,
      'the collected line in the month, the refused one gone',
    );
    expect(after).toMatchObject({ TotalOrders: 1, TotalIncome: 40000, pendingCashOnDelivery: { orders: 1, amount: 40000 } });
    // The dashboard's revenue grows by the cash collected (the phone and the checkout's delivery and VAT) only.
    await waitFor(
      async () => ((await revenue()) === revenueBefore + 40100 ? true : undefined),
      20_000,
      200,
      'the revenue of the collection',
    );
  });
});
