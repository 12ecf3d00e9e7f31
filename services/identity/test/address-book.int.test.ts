/**
 * The customer's address book through the gateway on real servers (issue 29, "Delivery
 * addresses"): the profile's address as the first, incomplete entry; add, edit, default and
 * remove, each naming the version it was based on; a write from a second device based on an older
 * book refused with the book as it is now and nothing changed; the list read from its projection
 * (fed by AddressBookChanged on Kafka, an older event changing nothing); the book gone with the
 * customer; only customers reach it.
 */
import {
  ADDRESS_BOOK_FULL,
  ADDRESS_NOT_FOUND,
  ADDRESSES_CHANGED,
  MAX_ADDRESSES,
  PROFILE_ADDRESS_ID,
  Topics,
  type AddressBookAnswer,
  type DeliveryAddress,
} from '@market/contracts';
import { createKafka, publishEvents, untypedPendingEvent } from '@market/platform';
import { testServers, waitFor } from '@market/platform/testing';
import { Client, newCustomer, startIdentityStack, type IdentityStack } from '@market/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let stack: IdentityStack;

const home: DeliveryAddress = {
  recipient: 'Nimal Perera',
  phone: '0771234567',
  line1: '12 Galle Road',
  line2: 'Kollupitiya',
  city: 'Colombo',
  district: 'Colombo',
  postalCode: '00300',
};
const office: DeliveryAddress = {
  ...home,
  recipient: 'Nimal at work',
  line1: '45 Kandy Road',
  line2: '',
  city: 'Kandy',
  district: 'Kandy',
  postalCode: '20000',
};

type BookAnswer = AddressBookAnswer & { error?: string; fields?: Record<string, string>; book?: AddressBookAnswer };

async function signedIn(overrides: Record<string, unknown> = {}) {
  const body = newCustomer(overrides);
  const c = new Client(stack.gatewayUrl);
  expect((await c.request('post', '/Customer/add', { body })).status).toBe(201);
  const login = await c.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } });
  expect(login.status).toBe(200);
  return { c, id: login.body.customerLogin._id as string, body };
}

/** A second signed-in session of the same customer (another device). */
async function secondDevice(body: { username: string; password: string }) {
  const c = new Client(stack.gatewayUrl);
  expect((await c.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } })).status).toBe(
    200,
  );
  return c;
}

const bookOf = async (c: Client): Promise<AddressBookAnswer> => {
  const res = await c.get<BookAnswer>('/Customer/addresses');
  expect(res.status).toBe(200);
  expect(res.headers.get('etag')).toBe(`"${res.body.version}"`);
  return res.body;
};

beforeAll(async () => {
  stack = await startIdentityStack();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('address book', () => {
  it("starts from the profile's address as an incomplete default entry, completed by an edit", async () => {
    const { c } = await signedIn({ address: '12 Galle Road, Colombo 03' });
    const seeded = await bookOf(c);
    expect(seeded).toMatchObject({ version: 0, defaultAddressId: PROFILE_ADDRESS_ID });
    expect(seeded.addresses).toEqual([
      expect.objectContaining({
        _id: PROFILE_ADDRESS_ID,
        line1: '12 Galle Road, Colombo 03',
        recipient: 'Nimal Perera',
        phone: '0771234567',
        isDefault: true,
        incomplete: true,
        missing: ['city', 'district', 'postalCode'],
      }),
    ]);
    const edited = await c.put<BookAnswer>(`/Customer/addresses/${PROFILE_ADDRESS_ID}`, { version: 0, address: home });
    expect(edited.status).toBe(200);
    expect(edited.body.book).toEqual({
      version: 1,
      defaultAddressId: PROFILE_ADDRESS_ID,
      addresses: [{ _id: PROFILE_ADDRESS_ID, ...home, isDefault: true }],
    });
    // The next list already shows it (the request wrote the read model too).
    expect(await bookOf(c)).toEqual(edited.body.book);
  });

  it('adds, makes default and removes, the default passing on, and refuses bad input changing nothing', async () => {
    const { c } = await signedIn({ address: '' });
    expect(await bookOf(c)).toEqual({ version: 0, defaultAddressId: null, addresses: [] });
    const first = await c.post<BookAnswer & { addressId: string }>('/Customer/addresses', { version: 0, address: home });
    expect(first.status).toBe(201);
    expect(first.body.book).toMatchObject({ version: 1, defaultAddressId: first.body.addressId });
    const second = await c.post<BookAnswer & { addressId: string }>('/Customer/addresses', { version: 1, address: office });
    expect(second.body.book?.addresses.map((a) => [a.city, a.isDefault])).toEqual([
      ['Colombo', true],
      ['Kandy', false],
    ]);
    const made = await c.put<BookAnswer>(`/Customer/addresses/${second.body.addressId}/default`, { version: 2 });
    expect(made.status).toBe(200);
    expect(made.body.book?.addresses.map((a) => a.city)).toEqual(['Kandy', 'Colombo']);

    const bad = await c.post<BookAnswer>('/Customer/addresses', {
      version: 3,
      address: { ...home, phone: '+94771234567', postalCode: '3' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      'address.phone': 'Phone Number must be 10 digits starting with 0',
      'address.postalCode': 'Postal Code must be 5 digits',
    });
    expect((await c.post<BookAnswer>('/Customer/addresses', { address: home })).status).toBe(400);
    expect((await c.put<BookAnswer>('/Customer/addresses/nothere/default', { version: 3 })).body).toEqual({
      error: ADDRESS_NOT_FOUND,
      code: 'address-not-found',
    });
    expect((await bookOf(c)).version).toBe(3);

    const removed = await c.delete<BookAnswer>(`/Customer/addresses/${second.body.addressId}?version=3`);
    expect(removed.status).toBe(200);
    expect(removed.body.book).toMatchObject({
      version: 4,
      defaultAddressId: first.body.addressId,
      addresses: [{ city: 'Colombo', isDefault: true }],
    });
    expect(await bookOf(c)).toEqual(removed.body.book);
  });

  it('refuses a write from a device that saw an older book, answering the book as it is now', async () => {
    const { c: phone, body } = await signedIn({ address: '' });
    const laptop = await secondDevice(body);
    await phone.post('/Customer/addresses', { version: 0, address: home });
    const seenByLaptop = await bookOf(laptop);
    const added = await phone.post<BookAnswer & { addressId: string }>('/Customer/addresses', {
      version: seenByLaptop.version,
      address: office,
    });
    expect(added.status).toBe(201);
    // The laptop still shows version 1 and removes the first address.
    const stale = await laptop.delete<BookAnswer>(`/Customer/addresses/${seenByLaptop.addresses[0]!._id}?version=${seenByLaptop.version}`);
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(ADDRESSES_CHANGED);
    expect(stale.body.book).toEqual(added.body.book);
    expect((await bookOf(phone)).addresses.map((a) => a.city)).toEqual(['Colombo', 'Kandy']);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses`, async () => {
    const { c } = await signedIn({ address: '' });
    let version = 0;
    for (let i = 0; i < MAX_ADDRESSES; i++) {
      const res = await c.post<BookAnswer>('/Customer/addresses', { version, address: { ...home, line1: `${i + 1} Galle Road` } });
      expect(res.status).toBe(201);
      version = res.body.book!.version;
    }
    const full = await c.post<BookAnswer>('/Customer/addresses', { version, address: home });
    expect(full.status).toBe(409);
    expect(full.body.error).toBe(ADDRESS_BOOK_FULL);
    expect((await bookOf(c)).addresses).toHaveLength(MAX_ADDRESSES);
  });

  it('lists what the projection holds, fed by AddressBookChanged, where an older event changes nothing', async () => {
    const { c, id } = await signedIn({ address: '' });
    const kafka = createKafka('address-test', testServers().kafkaBrokers, pino({ level: 'silent' }));
    const producer = kafka.producer();
    await producer.connect();
    const event = (version: number, city: string) =>
      untypedPendingEvent('AddressBookChanged', id, version, {
        customerId: id,
        defaultAddressId: 'a1',
        addresses: [{ id: 'a1', ...home, city }],
        removed: [],
        deleted: false,
      });
    try {
      // No book was ever stored for this customer: only the projection can answer these.
      await publishEvents(producer, [{ topic: stack.topicPrefix + Topics.addressBook, event: event(7, 'Galle').envelope }]);
      await waitFor(async () => ((await bookOf(c)).version === 7 ? true : undefined), 20_000);
      expect((await bookOf(c)).addresses).toEqual([{ _id: 'a1', ...home, city: 'Galle', isDefault: true }]);
      await publishEvents(producer, [{ topic: stack.topicPrefix + Topics.addressBook, event: event(6, 'Matara').envelope }]);
      await publishEvents(producer, [{ topic: stack.topicPrefix + Topics.addressBook, event: event(8, 'Jaffna').envelope }]);
      await waitFor(async () => ((await bookOf(c)).version === 8 ? true : undefined), 20_000);
      expect((await bookOf(c)).addresses.map((a) => a.city)).toEqual(['Jaffna']);
    } finally {
      await producer.disconnect();
    }
  });

  it('goes with the deleted customer', async () => {
    const { c, id, body } = await signedIn({ address: '' });
    await c.post('/Customer/addresses', { version: 0, address: home });
    expect((await c.request('delete', '/Customer/delete/{id}', { params: { id }, body: { password: body.password } })).status).toBe(200);
    const again = await signedIn({ address: '' });
    expect((await bookOf(again.c)).addresses).toEqual([]);
    expect((await c.get('/Customer/addresses')).status).toBe(401);
  });

  it('is reached by customers only', async () => {
    expect((await new Client(stack.gatewayUrl).get('/Customer/addresses')).status).toBe(401);
    const admin = new Client(stack.gatewayUrl);
    await admin.request('post', '/Admin/loginAdmin', { body: { username: stack.admin.username, password: stack.admin.password } });
    expect((await admin.get('/Customer/addresses')).status).toBe(403);
    expect((await admin.post('/Customer/addresses', { version: 0, address: home })).status).toBe(403);
  });
});
