/**
 * The checkout saga across cart, catalogue and ordering on real servers (docs/architecture.md, Events): two customers hold the last unit of an item in their carts and pay at the
 * same moment; catalogue reserves it for one. The winner's order is Confirmed and the line leaves
 * their cart (OrderConfirmed); the other's order ends Rejected, the payment is refunded and the
 * line stays in their cart.
 */
import type { CartView } from '@market/contracts';
import { waitFor } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogueWorld, type CatalogueWorld, decided, listedItem, savedCard, type Client } from '@market/testing';

let world: CatalogueWorld;

beforeAll(async () => {
  world = await startCatalogueWorld(['cart', 'ordering']);
}, 180_000);

afterAll(async () => {
  await world?.stack.stop();
});

async function cartWith(customer: { client: Client; id: string }, itemIds: string[]): Promise<CartView> {
  const cart = await customer.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: customer.id } });
  expect(cart.status).toBe(200);
  const updated = await waitFor(
    async () => {
      const r = await customer.client.request('put', '/ShoppingCart/updateSItem/{cartId}', {
        params: { cartId: cart.body._id },
        body: { ItemIDs: itemIds, PackageIDs: [] },
      });
      return r.status === 200 ? r.body : undefined;
    },
    15_000,
    150,
    'the items in the cart read model',
  );
  return updated;
}

describe('checkout saga with carts', () => {
  it('confirms one of two checkouts for the last unit, clears the winner’s line and keeps the other’s', async () => {
    const { client: seller } = await world.newSeller();
    const first = await world.newCustomer();
    const second = await world.newCustomer();
    const lastUnit = await listedItem(seller, first.client, { Price: 3000, Quantity: 1, Item_name: 'Last Galaxy' });
    const plenty = await listedItem(seller, first.client, { Price: 50, Quantity: 100, Item_name: 'Screen Guard' });
    await cartWith(first, [lastUnit, plenty]);
    await cartWith(second, [lastUnit]);

    const pay = async (c: { client: Client }, items: string[]) => {
      const s = await c.client.request('post', '/checkout/session', { body: { items: items.map((itemId) => ({ itemId, quantity: 1 })) } });
      expect(s.status).toBe(201);
      const card = await savedCard(c.client);
      return {
        checkoutId: s.body.checkoutId,
        pay: () =>
          c.client.request('post', '/checkout/{checkoutId}/pay', {
            params: { checkoutId: s.body.checkoutId },
            body: { cardId: card, cvv: '737' },
          }),
      };
    };
    const a = await pay(first, [lastUnit]);
    const b = await pay(second, [lastUnit]);
    const [pa, pb] = await Promise.all([a.pay(), b.pay()]);
    expect([pa.status, pb.status]).toEqual([200, 200]);
    const [oa, ob] = await Promise.all([decided(first.client, a.checkoutId), decided(second.client, b.checkoutId)]);
    expect([oa.status, ob.status].sort()).toEqual(['Confirmed', 'Rejected']);

    const [winner, loser] = oa.status === 'Confirmed' ? [first, second] : [second, first];
    const loserOutcome = oa.status === 'Confirmed' ? ob : oa;
    expect(loserOutcome.rejection!.message).toContain('Last Galaxy');

    const winnerCart = await waitFor(
      async () => {
        const c = (await winner.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: winner.id } })).body;
        return c.ItemIDs.includes(lastUnit) ? undefined : c;
      },
      15_000,
      100,
      'the bought line to leave the cart',
    );
    if (winner === first) expect(winnerCart.ItemIDs).toEqual([plenty]);
    // The rejection was applied long ago by now; the loser's line is still there.
    const loserCart = (await loser.client.request('get', '/ShoppingCart/getOneCart/{customerId}', { params: { customerId: loser.id } }))
      .body;
    expect(loserCart.ItemIDs).toContain(lastUnit);
    expect((await world.customer.request('get', '/items/get/{id}', { params: { id: lastUnit } })).body.Quantity).toBe(0);
  });
});
