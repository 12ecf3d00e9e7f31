import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeGateway, type Call } from '../test-utils';
import { beginCheckout, checkoutFromCart, checkoutKeyFor, forgetCheckoutKey, newUuid } from './checkoutStart';

const A = 'aaaaaaaaaaaaaaaaaaaaaaa1';
const B = 'bbbbbbbbbbbbbbbbbbbbbbb1';
const lines = { items: [{ itemId: A, quantity: 2 }], packages: [{ packageId: B, quantity: 1 }] };

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('checkout key', () => {
  it('is kept for the same lines (in any order) and replaced when the lines change', () => {
    const k = checkoutKeyFor(lines);
    expect(checkoutKeyFor({ packages: lines.packages, items: [...lines.items] })).toBe(k);
    const other = checkoutKeyFor({ ...lines, items: [{ itemId: A, quantity: 3 }] });
    expect(other).not.toBe(k);
    forgetCheckoutKey();
    expect(checkoutKeyFor(lines)).not.toBe(k);
  });

  it('makes UUIDs without crypto.randomUUID (plain http)', () => {
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newUuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('beginCheckout', () => {
  const view = (checkoutId: string, status: string) => ({ checkoutId, OrderID: checkoutId, status, lines: [] });

  it('retries with the same key, so a retry answers the same checkout', async () => {
    const calls = fakeGateway({ 'POST /checkout/session': { status: 201, body: view('C1', 'Open') } });
    await beginCheckout(lines);
    await beginCheckout(lines);
    const keys = calls.map((c) => c.headers['Idempotency-Key']);
    expect(keys[0]).toBe(keys[1]);
    expect(sessionStorage.getItem('market.checkoutId')).toBe('C1');
  });

  it('opens a new checkout when the kept key’s checkout is already decided', async () => {
    const seen = new Map<string, string>();
    const calls = fakeGateway({
      'POST /checkout/session': (call: Call) => {
        const key = call.headers['Idempotency-Key']!;
        if (!seen.has(key)) seen.set(key, seen.size === 0 ? 'Confirmed' : 'Open');
        return view(`C${[...seen.keys()].indexOf(key) + 1}`, seen.get(key)!);
      },
    });
    const c = await beginCheckout(lines);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers['Idempotency-Key']).not.toBe(calls[1]!.headers['Idempotency-Key']);
    expect(c).toMatchObject({ checkoutId: 'C2', status: 'Open' });
    expect(sessionStorage.getItem('market.checkoutId')).toBe('C2');
  });

  it('marks a checkout from the cart as such, and a Buy Now checkout not', async () => {
    fakeGateway({ 'POST /checkout/session': { status: 201, body: view('C1', 'Open') } });
    await beginCheckout(lines);
    expect(checkoutFromCart('C1')).toBe(true);
    await beginCheckout(lines, { fromCart: false });
    expect(checkoutFromCart('C1')).toBe(false);
  });
});
