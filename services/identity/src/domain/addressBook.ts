/**
 * The customer's address book (issue 29, "Delivery addresses", first bullet): the pure rules of
 * ONE aggregate per customer whose `_id` is the customer's id. It is read and written by `_id` only
 * (like the cart), so no owner query and no list read model is needed.
 *
 * Shape: up to {@link MAX_ADDRESSES} addresses (each with its own `id`), `defaultAddressId`, and
 * `aggregateVersion`. Every write names the version it was based on; a stale one throws
 * {@link StaleAddressBook} (the route answers 409 with the current book). The first address added
 * becomes the default; removing the default makes the next one (or else the previous one) default.
 * An entry seeded from the profile's free-text address is `incomplete` until the customer completes
 * it; `missing` names the fields still to fill. Addresses are validated with contracts'
 * DeliveryAddressSchema (never forked here).
 *
 * Used by addresses/book.ts (the use cases), which stores the book in store/addressBooks.ts and
 * answers lists from the projection in store/addressEntries.ts.
 */
import {
  ADDRESS_BOOK_FULL,
  ADDRESS_NOT_FOUND,
  ADDRESSES_CHANGED,
  DeliveryAddressSchema,
  MAX_ADDRESSES,
  PROFILE_ADDRESS_ID,
  type AddressBookAnswer,
  type DeliveryAddress,
  type SavedAddressAnswer,
} from '@market/contracts';

/** One saved address; `incomplete` entries hold only what the profile knew. */
export type SavedAddress =
  ({ id: string; incomplete?: false } & DeliveryAddress) | ({ id: string; incomplete: true; missing: string[] } & Partial<DeliveryAddress>);

/** The aggregate's state. */
export interface AddressBook {
  addresses: SavedAddress[];
  defaultAddressId: string | null;
  aggregateVersion: number;
}

/** Thrown when the write's `version` is not the book's current one; carries the current book. */
export class StaleAddressBook extends Error {
  constructor(readonly current: AddressBook) {
    super(ADDRESSES_CHANGED);
  }
}

/** Thrown for a rule broken by the request (the route answers 404 or 409 with `message`). */
export class AddressBookRuleError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 409,
  ) {
    super(message);
  }
}

/** The empty book every customer starts with (version 0). */
export const emptyBook = (): AddressBook => ({ addresses: [], defaultAddressId: null, aggregateVersion: 0 });

function checkVersion(book: AddressBook, version: number): void {
  if (version !== book.aggregateVersion) throw new StaleAddressBook(book);
}

function bump(book: AddressBook, addresses: SavedAddress[], defaultAddressId: string | null): AddressBook {
  return { addresses, defaultAddressId, aggregateVersion: book.aggregateVersion + 1 };
}

function indexOf(book: AddressBook, id: string): number {
  const i = book.addresses.findIndex((a) => a.id === id);
  if (i < 0) throw new AddressBookRuleError(ADDRESS_NOT_FOUND, 404);
  return i;
}

/**
 * The first entry made from a profile (`issue 29`: "the profile's address becomes the first entry"):
 * recipient = the customer's name, phone = the profile phone if it fits the schema, line1 = the
 * profile address; city, district and postal code are missing. Returns the empty book when the
 * profile has no address. The seeded book keeps version 0 (nothing was written by the customer) and
 * its entry the fixed id PROFILE_ADDRESS_ID, so a later write names the entry the reader saw.
 */
export function seedFromProfile(profile: { name: string; phoneNumber: string; address: string }): AddressBook {
  const line1 = profile.address.trim().slice(0, 200);
  if (!line1) return emptyBook();
  const phoneOk = DeliveryAddressSchema.shape.phone.safeParse(profile.phoneNumber).success;
  const missing = [...(phoneOk ? [] : ['phone']), 'city', 'district', 'postalCode'];
  const id = PROFILE_ADDRESS_ID;
  const entry: SavedAddress = {
    id,
    incomplete: true,
    missing,
    recipient: profile.name.trim().slice(0, 100),
    ...(phoneOk ? { phone: profile.phoneNumber.trim() } : {}),
    line1,
    line2: '',
  };
  return { addresses: [entry], defaultAddressId: id, aggregateVersion: 0 };
}

/** Adds a valid address (the first becomes default). Throws on a stale version or a full book. */
export function addAddress(book: AddressBook, version: number, address: DeliveryAddress, newId: () => string): AddressBook {
  checkVersion(book, version);
  if (book.addresses.length >= MAX_ADDRESSES) throw new AddressBookRuleError(ADDRESS_BOOK_FULL, 409);
  const id = newId();
  return bump(book, [...book.addresses, { id, ...address }], book.defaultAddressId ?? id);
}

/** Replaces address `id` with a complete one (clears `incomplete`). Throws on stale version or unknown id. */
export function editAddress(book: AddressBook, version: number, id: string, address: DeliveryAddress): AddressBook {
  checkVersion(book, version);
  const i = indexOf(book, id);
  const addresses = book.addresses.slice();
  addresses[i] = { id, ...address };
  return bump(book, addresses, book.defaultAddressId);
}

/** Removes address `id`; a removed default passes to the next entry (or the previous, or none). */
export function removeAddress(book: AddressBook, version: number, id: string): AddressBook {
  checkVersion(book, version);
  const i = indexOf(book, id);
  const addresses = book.addresses.filter((a) => a.id !== id);
  let defaultAddressId = book.defaultAddressId;
  if (defaultAddressId === id) defaultAddressId = (addresses[i] ?? addresses[i - 1])?.id ?? null;
  return bump(book, addresses, defaultAddressId);
}

/** Makes address `id` the default. Throws on stale version or unknown id. */
export function makeDefault(book: AddressBook, version: number, id: string): AddressBook {
  checkVersion(book, version);
  indexOf(book, id);
  return bump(book, book.addresses, id);
}

/** Adds `address` and, when `makeDefault`, makes it the default (one version step). */
export function addAddressAs(
  book: AddressBook,
  version: number,
  address: DeliveryAddress,
  makeDefault: boolean,
  newId: () => string,
): { book: AddressBook; addressId: string } {
  const added = addAddress(book, version, address, newId);
  const addressId = added.addresses[added.addresses.length - 1]!.id;
  return { book: makeDefault ? { ...added, defaultAddressId: addressId } : added, addressId };
}

/** The ids `before` held that `after` does not (what a write took out). */
export const removedIds = (before: AddressBook, after: AddressBook): string[] =>
  before.addresses.filter((a) => !after.addresses.some((b) => b.id === a.id)).map((a) => a.id);

/** One entry as the API answers it (missing fields as empty strings). */
export function savedAddressAnswer(a: SavedAddress, defaultAddressId: string | null): SavedAddressAnswer {
  return {
    _id: a.id,
    recipient: a.recipient ?? '',
    phone: a.phone ?? '',
    line1: a.line1 ?? '',
    line2: a.line2 ?? '',
    city: a.city ?? '',
    district: a.district ?? '',
    postalCode: a.postalCode ?? '',
    isDefault: a.id === defaultAddressId,
    ...(a.incomplete ? { incomplete: true, missing: a.missing } : {}),
  };
}

/** The book as `GET /Customer/addresses` answers it: default first, then in the order added. */
export function bookAnswer(book: AddressBook): AddressBookAnswer {
  const def = book.addresses.filter((a) => a.id === book.defaultAddressId);
  const rest = book.addresses.filter((a) => a.id !== book.defaultAddressId);
  return {
    version: book.aggregateVersion,
    defaultAddressId: book.defaultAddressId,
    addresses: [...def, ...rest].map((a) => savedAddressAnswer(a, book.defaultAddressId)),
  };
}
