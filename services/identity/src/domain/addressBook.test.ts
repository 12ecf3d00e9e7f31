import { describe, expect, it } from 'vitest';
import { ADDRESSES_CHANGED, MAX_ADDRESSES, PROFILE_ADDRESS_ID, type DeliveryAddress } from '@market/contracts';
import {
  AddressBookRuleError,
  StaleAddressBook,
  addAddress,
  addAddressAs,
  bookAnswer,
  editAddress,
  emptyBook,
  makeDefault,
  removeAddress,
  removedIds,
  seedFromProfile,
} from './addressBook';

const home: DeliveryAddress = {
  recipient: 'Nimal Perera',
  phone: '0771234567',
  line1: '12 Galle Road',
  line2: '',
  city: 'Colombo',
  district: 'Colombo',
  postalCode: '00300',
};
const ids = () => {
  let n = 0;
  return () => `a${++n}`;
};

describe('address book rules', () => {
  it('makes the first address the default and bumps the version on each write', () => {
    const id = ids();
    let b = addAddress(emptyBook(), 0, home, id);
    expect(b).toMatchObject({ defaultAddressId: 'a1', aggregateVersion: 1 });
    b = addAddress(b, 1, { ...home, city: 'Kandy', district: 'Kandy' }, id);
    expect(b).toMatchObject({ defaultAddressId: 'a1', aggregateVersion: 2 });
    expect(b.addresses.map((a) => a.id)).toEqual(['a1', 'a2']);
  });

  it('refuses a write based on an older version, carrying the current book', () => {
    const b = addAddress(emptyBook(), 0, home, ids());
    let err: unknown;
    try {
      editAddress(b, 0, 'a1', home);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StaleAddressBook);
    expect((err as StaleAddressBook).message).toBe(ADDRESSES_CHANGED);
    expect((err as StaleAddressBook).current).toBe(b);
  });

  it('passes the default to the next entry (or the previous) when the default is removed', () => {
    const id = ids();
    let b = emptyBook();
    for (let i = 0; i < 3; i++) b = addAddress(b, b.aggregateVersion, home, id);
    b = makeDefault(b, b.aggregateVersion, 'a2');
    b = removeAddress(b, b.aggregateVersion, 'a2');
    expect(b.defaultAddressId).toBe('a3');
    b = removeAddress(b, b.aggregateVersion, 'a3');
    expect(b.defaultAddressId).toBe('a1');
    b = removeAddress(b, b.aggregateVersion, 'a1');
    expect(b).toMatchObject({ addresses: [], defaultAddressId: null });
  });

  it('answers 404 for an unknown id and 409 for a full book', () => {
    const id = ids();
    let b = emptyBook();
    expect(() => makeDefault(b, 0, 'nope')).toThrow(AddressBookRuleError);
    for (let i = 0; i < MAX_ADDRESSES; i++) b = addAddress(b, b.aggregateVersion, home, id);
    expect(() => addAddress(b, b.aggregateVersion, home, id)).toThrow(`up to ${MAX_ADDRESSES}`);
  });

  it('seeds an incomplete first entry from the profile and completes it on edit', () => {
    const b = seedFromProfile({ name: 'Nimal Perera', phoneNumber: '0771234567', address: '12 Galle Road' });
    expect(b.addresses[0]).toMatchObject({
      id: PROFILE_ADDRESS_ID,
      incomplete: true,
      missing: ['city', 'district', 'postalCode'],
      line1: '12 Galle Road',
    });
    expect(b).toMatchObject({ defaultAddressId: PROFILE_ADDRESS_ID, aggregateVersion: 0 });
    expect(seedFromProfile({ name: 'X', phoneNumber: '+94 77', address: 'Somewhere' }).addresses[0]).toMatchObject({
      missing: ['phone', 'city', 'district', 'postalCode'],
    });
    expect(seedFromProfile({ name: 'X', phoneNumber: '0771234567', address: '  ' }).addresses).toEqual([]);
    const done = editAddress(b, 0, PROFILE_ADDRESS_ID, home);
    expect(done.addresses[0]).toEqual({ id: PROFILE_ADDRESS_ID, ...home });
    expect(bookAnswer(b).addresses[0]).toMatchObject({ _id: PROFILE_ADDRESS_ID, isDefault: true, incomplete: true, city: '' });
  });

  it('answers the default first, then in the order added, and names what a write took out', () => {
    const id = ids();
    let b = emptyBook();
    for (let i = 0; i < 3; i++) b = addAddress(b, b.aggregateVersion, home, id);
    const made = addAddressAs(b, b.aggregateVersion, { ...home, city: 'Kandy' }, true, id);
    expect(made.addressId).toBe('a4');
    expect(bookAnswer(made.book).addresses.map((a) => [a._id, a.isDefault])).toEqual([
      ['a4', true],
      ['a1', false],
      ['a2', false],
      ['a3', false],
    ]);
    const after = removeAddress(made.book, made.book.aggregateVersion, 'a2');
    expect(removedIds(made.book, after)).toEqual(['a2']);
  });
});
