/**
 * Who to deliver to, through the gateway: the seller's item and package order
 * rows carry the customer's delivery address and phone (from the customer's profile, kept from
 * identity's events), and the admin's transactions name the customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decided, listedItem, startOrderingWorld, type CatalogueWorld, type Client } from '@market/testing';

let world: CatalogueWorld;
let seller: Client;
let buyer: Client;
let checkoutId: string;

beforeAll(async () => {
  world = await startOrderingWorld();
  ({ client: seller } = await world.newSeller());
  ({ client: buyer } = await world.newCustomer());
  const a = await listedItem(seller, buyer, { Item_name: 'Galaxy A55', Price: 1000, Quantity: 5 });
  const b = await listedItem(seller, buyer, { Item_name: 'Buds FE', Price: 500, Quantity: 5 });
  const { body } = await buyer.request('post', '/checkout/session', {
    body: {
      items: [
        { itemId: a, quantity: 1 },
        { itemId: b, quantity: 2 },
      ],
    },
  });
  checkoutId = body.checkoutId;
  await buyer.request('post', '/paypal-transaction-complete', { body: { checkoutId } });
  expect((await decided(buyer, checkoutId)).status).toBe('Confirmed');
}, 240_000);

afterAll(async () => {
  await world?.stack.stop();
});

type Order = { OrderID: string; CustomerName: string; DeliveryAddress: string; CustomerPhone: string };

describe('order contacts', () => {
  it('gives the seller the delivery address and phone on each order line', async () => {
    const rows = (await seller.get<{ items: Order[] }>(`/Orders/getOrders?page=1&limit=10`)).body.items;
    expect(rows).toHaveLength(2);
    for (const o of rows)
      expect(o).toMatchObject({
        OrderID: checkoutId,
        CustomerName: 'Nimal Perera',
        DeliveryAddress: '12 Galle Road, Colombo 03',
        CustomerPhone: '0771234567',
      });
  });

  it('names the customer on the admin’s transactions', async () => {
    const rows = (await world.admin.get<{ items: { OrderID: string; CustomerName: string }[] }>('/orderhistory/getItems?page=1&limit=50'))
      .body.items;
    expect(rows.find((r) => r.OrderID === checkoutId)).toMatchObject({ CustomerName: 'Nimal Perera' });
  });
});
