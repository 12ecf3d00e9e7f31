/**
 * Saved cards are not saved twice through the gateway on real servers
 * (identity and ordering processes, FerretDB, Redis): the same number with the same expiry
 * answers 409 'This Card is Already in Your Wallet.' and writes nothing, whether added again
 * (spaces or not) or edited into; another expiry of the same number (a renewed card), another
 * customer's identical card and a removed card's number are not duplicates. The number is
 * compared by its keyed hash: the check works though the store never holds it in clear.
 */
import { startTestStack } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newCustomer, FUTURE_EXPIRY, nextVisa } from '@market/testing';

const DUPLICATE = 'This Card is Already in Your Wallet.';
let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack(['identity', 'ordering']);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

async function customer(): Promise<Client> {
  const c = new Client(stack.gatewayUrl);
  const body = newCustomer();
  expect((await c.request('post', '/Customer/add', { body })).status).toBe(201);
  expect((await c.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } })).status).toBe(
    200,
  );
  return c;
}

const card = (cardnumber: string, carddate = FUTURE_EXPIRY) => ({ cardowner: 'Nimal Perera', cardnumber, carddate, cardcvv: '737' });
const count = async (c: Client) => (await c.get<unknown[]>('/paymentdetails/get')).body.length;

describe('a customer without cards', () => {
  it('sees an empty wallet each time it is opened (the second read found an owner document without its card list: 500)', async () => {
    const c = await customer();
    for (let n = 0; n < 3; n++) {
      const r = await c.get<unknown[]>('/paymentdetails/get');
      expect(r.status).toBe(200);
      expect(r.body).toEqual([]);
    }
    // A card saved afterwards is listed.
    expect((await c.request('post', '/paymentdetails/add', { body: card(nextVisa()) })).status).toBe(201);
    expect(await count(c)).toBe(1);
  });
});

describe('the same card twice', () => {
  it('refuses to add a card the customer already saved, and writes nothing', async () => {
    const c = await customer();
    const number = nextVisa();
    expect((await c.request('post', '/paymentdetails/add', { body: card(number) })).status).toBe(201);
    const again = await c.request('post', '/paymentdetails/add', { body: card(number.replace(/ /g, '')) });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: DUPLICATE,
      code: 'card-already-saved',
      fields: { cardnumber: DUPLICATE },
      fieldCodes: { cardnumber: 'card-already-saved' },
    });
    expect(await count(c)).toBe(1);
  });

  it('accepts a renewed card (same number, other expiry) and the same card of another customer', async () => {
    const a = await customer();
    const b = await customer();
    const number = nextVisa();
    expect((await a.request('post', '/paymentdetails/add', { body: card(number) })).status).toBe(201);
    expect((await a.request('post', '/paymentdetails/add', { body: card(number, '01/40') })).status).toBe(201);
    expect((await b.request('post', '/paymentdetails/add', { body: card(number) })).status).toBe(201);
    expect(await count(a)).toBe(2);
  });

  it('refuses an edit that makes a card equal to another one, and leaves it as it was', async () => {
    const c = await customer();
    const first = nextVisa();
    const added = await c.request('post', '/paymentdetails/add', { body: card(first) });
    const other = await c.request('post', '/paymentdetails/add', { body: card(nextVisa(), '01/40') });
    expect(other.status).toBe(201);
    // The expiry edited into the first card's.
    const sameDate = await c.put<{ error: string }>(`/paymentdetails/update/${other.body._id}`, card(first));
    expect(sameDate.status).toBe(409);
    expect(sameDate.body.error).toBe(DUPLICATE);
    const unchanged = await c.request('get', '/paymentdetails/getItem/{id}', { params: { id: other.body._id } });
    expect(unchanged.body).toMatchObject({ carddate: '01/40', last4: other.body.last4 });
    // Editing a card without changing it is not a duplicate of itself.
    expect(
      (
        await c.request('put', '/paymentdetails/update/{id}', {
          params: { id: added.body._id },
          body: { carddate: FUTURE_EXPIRY, cardowner: 'N Perera' },
        })
      ).status,
    ).toBe(200);
  });

  it('lets a removed card be saved again', async () => {
    const c = await customer();
    const number = nextVisa();
    const added = await c.request('post', '/paymentdetails/add', { body: card(number) });
    expect((await c.request('delete', '/paymentdetails/delete/{id}', { params: { id: added.body._id } })).status).toBe(200);
    expect((await c.request('post', '/paymentdetails/add', { body: card(number) })).status).toBe(201);
  });
});
