import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiClient, ApiError, errorOf, pathWith, type AnswerOf, type BodyOf } from './client';
import type { z } from 'zod';
import type { ItemAnswer } from './catalogue-answers';
import type { CheckoutAnswerSchema } from './ordering-answers';

type CheckoutAnswer = z.output<typeof CheckoutAnswerSchema>;

type Sent = { url: string; init: RequestInit };

function fakeFetch(answer: () => Response): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(answer());
  });
  return sent;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => vi.unstubAllGlobals());

describe('the typed client', () => {
  it('types body and answer by the operation list', () => {
    expectTypeOf<AnswerOf<'get', '/items/get/{id}'>>().toEqualTypeOf<ItemAnswer>();
    expectTypeOf<AnswerOf<'post', '/checkout/session'>>().toEqualTypeOf<CheckoutAnswer>();
    expectTypeOf<BodyOf<'post', '/Customer/loginCustomer'>>().toHaveProperty('username');
    // A path the document does not list, or a missing body or parameter, does not compile.
    const client = new ApiClient({ baseUrl: '' });
    if (Math.random() > 2) {
      // @ts-expect-error not a documented path
      void client.call('get', '/items/nowhere');
      // @ts-expect-error the path parameter is required
      void client.call('get', '/items/get/{id}');
      // @ts-expect-error the login needs its body
      void client.call('post', '/Customer/loginCustomer');
    }
  });

  it('substitutes and encodes path parameters and writes the query', () => {
    expect(pathWith('/items/get/{id}', { id: 'a/b c' }, { page: 2, q: '', mine: true, x: undefined })).toBe(
      '/items/get/a%2Fb%20c?page=2&mine=true',
    );
    expect(() => pathWith('/items/get/{id}', {})).toThrow(/id is missing/);
  });

  it('sends JSON with the kept session cookie and checks each answer', async () => {
    const sent = fakeFetch(() => json(200, { customerLogin: {} }, { 'set-cookie': 'mp_session=abc; Path=/; HttpOnly' }));
    const check = vi.fn();
    const client = new ApiClient({ baseUrl: 'http://gw', keepCookie: true, check });
    await client.call('post', '/Customer/loginCustomer', { body: { username: 'u', password: 'p' } });
    expect(client.cookie).toBe('mp_session=abc');
    await client.call('get', '/items/get/{id}', { params: { id: 'i1' }, headers: { 'If-None-Match': '"1"' } });
    expect(sent.map((s) => `${s.init.method} ${s.url}`)).toEqual(['POST http://gw/Customer/loginCustomer', 'GET http://gw/items/get/i1']);
    expect(sent[0]!.init.body).toBe('{"username":"u","password":"p"}');
    expect(sent[1]!.init.headers).toEqual({ cookie: 'mp_session=abc', 'If-None-Match': '"1"' });
    expect(check).toHaveBeenCalledWith('GET', '/items/get/i1', 200, { customerLogin: {} }, 'application/json');
  });

  it('throws ApiError with the server message, fields and Retry-After; request answers any status', async () => {
    fakeFetch(() => json(429, { error: 'Too many', fields: { a: 'b' } }, { 'Retry-After': '7' }));
    const client = new ApiClient({ baseUrl: '' });
    const err = await client.call('post', '/Customer/checkPassword', { body: { password: 'x' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 429, message: 'Too many', fields: { a: 'b' }, retryAfterSeconds: 7 });
    const reply = await client.request('post', '/Customer/checkPassword', { body: { password: 'x' } });
    expect(reply.status).toBe(429);
  });

  it('turns a network failure into status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed')));
    const err = await new ApiClient({ baseUrl: '' }).send('GET', '/Customer/me').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, message: 'Cannot reach the server. Please try again!' });
  });
});

describe('errorOf', () => {
  it("keeps an error answer's message code and a template's values (issue 33 item 2)", () => {
    const reply = {
      status: 409,
      headers: new Headers(),
      body: { error: 'Only 3 of Galaxy left in stock', code: 'out-of-stock', params: { stock: '3', name: 'Galaxy' } },
    };
    const err = errorOf(reply);
    expect(err).toMatchObject({
      status: 409,
      message: 'Only 3 of Galaxy left in stock',
      code: 'out-of-stock',
      params: { stock: '3', name: 'Galaxy' },
    });
    expect(errorOf({ status: 500, headers: new Headers(), body: 'oops' }).code).toBeUndefined();
  });
});
