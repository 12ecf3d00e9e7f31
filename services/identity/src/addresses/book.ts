/**
 * The address book's use cases (issue 29, "Delivery addresses"): read the own book, and apply one
 * change to it. Rules in domain/addressBook.ts, the aggregate in store/addressBooks.ts, the list
 * read model in store/addressEntries.ts.
 *
 * Reading: the projection's book (OpenSearch); when it holds none yet (never written, or the
 * projection is behind) the aggregate by `_id`; when there is none, the book seeded from the
 * profile (version 0, nothing stored).
 *
 * Writing: the change is applied to the aggregate as it is now, named by the version the client
 * saw; the write is a compare-and-set on that version (the first write creates the document, a
 * duplicate `_id` meaning another device created it first). A change based on an older version, or
 * one that loses the race, throws {@link StaleAddressBook} with the book as it is now and changes
 * nothing. The event goes out through the outbox; the index is written at once as well (refresh
 * wait_for) so the customer's next list shows the change.
 */
import { isDuplicateKey, unauthorized, updateAggregate, type OutboxRelay, type SearchIndex } from '@market/platform';
import { randomBytes } from 'node:crypto';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { removedIds, seedFromProfile, StaleAddressBook, type AddressBook } from '../domain/addressBook';
import { addressBookChanged } from '../events/identityEvents';
import { bookOf, type AddressBookDoc } from '../store/addressBooks';
import { addressBookOps, projectedBook, type AddressEntryView } from '../store/addressEntries';
import type { CustomerDoc } from '../store/customers';

export interface AddressBookDeps {
  addressBooks: Model<AddressBookDoc>;
  addressIndex: SearchIndex<AddressEntryView>;
  customers: Model<CustomerDoc>;
  relay: OutboxRelay;
  logger: Logger;
}

/** A new address id: 12 hex characters, unique within a book. */
export const newAddressId = (): string => randomBytes(6).toString('hex');

/**
 * The book as stored, or the one seeded from the live customer's profile (`stored: false`).
 * @throws HttpError 401 when the customer is gone
 */
async function currentBook(d: AddressBookDeps, customerId: string): Promise<{ book: AddressBook; stored: boolean }> {
  const doc = await d.addressBooks.findById(customerId).lean<AddressBookDoc>();
  if (doc && !doc.deleted) return { book: bookOf(doc), stored: true };
  const c = await d.customers.findOne({ _id: customerId, deleted: false }).lean<CustomerDoc>();
  if (!c || doc?.deleted) throw unauthorized();
  return {
    book: seedFromProfile({ name: `${c.firstName} ${c.lastName}`, phoneNumber: c.phoneNumber, address: c.address }),
    stored: false,
  };
}

/**
 * The customer's book for `GET /Customer/addresses` (see the module comment).
 * @throws HttpError 503 when the index does not answer; 401 when the customer is gone
 */
export async function readBook(d: AddressBookDeps, customerId: string): Promise<AddressBook> {
  return (await projectedBook(d.addressIndex, customerId)) ?? (await currentBook(d, customerId)).book;
}

/** Writes the index documents of a book change at once; an index that is down is caught up by the projection. */
async function syncIndex(d: AddressBookDeps, customerId: string, book: AddressBook, removed: string[], deleted = false): Promise<void> {
  try {
    const ops = addressBookOps(
      { customerId, defaultAddressId: book.defaultAddressId, addresses: book.addresses, removed, deleted },
      book.aggregateVersion,
    );
    await d.addressIndex.bulk(ops, { refresh: 'wait_for' });
  } catch (err) {
    d.logger.warn({ err, customerId }, 'address index not written on the request path; the projection will catch up');
  }
}

/** Stores `next` (created from `book` when not stored yet) with its event, if the book is still at `book`'s version. */
async function store(
  d: AddressBookDeps,
  customerId: string,
  book: AddressBook,
  stored: boolean,
  next: AddressBook,
  removed: string[],
  deleted = false,
) {
  const event = addressBookChanged(customerId, next, removed, deleted);
  const set = { addresses: next.addresses, defaultAddressId: next.defaultAddressId, ...(deleted ? { deleted: true } : {}) };
  if (stored) return updateAggregate(d.addressBooks, customerId, book.aggregateVersion, { $set: set }, () => [event]);
  try {
    await d.addressBooks.create({ _id: customerId, deleted, ...set, aggregateVersion: next.aggregateVersion, pendingEvents: [event] });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/**
 * Applies `change` to the customer's book and stores it.
 * @param change - a domain write (domain/addressBook.ts) of the book as it is now; it checks the
 *   client's version and throws StaleAddressBook / AddressBookRuleError itself
 * @returns the book after the change
 * @throws StaleAddressBook (409 with the current book) when the version is old or the write lost a race;
 *   AddressBookRuleError (404 unknown address, 409 full book); HttpError 401 when the customer is gone
 */
export async function changeBook(d: AddressBookDeps, customerId: string, change: (book: AddressBook) => AddressBook): Promise<AddressBook> {
  const { book, stored } = await currentBook(d, customerId);
  const next = change(book);
  const removed = removedIds(book, next);
  if (!(await store(d, customerId, book, stored, next, removed))) throw new StaleAddressBook((await currentBook(d, customerId)).book);
  d.relay.nudge();
  await syncIndex(d, customerId, next, removed);
  return next;
}

/**
 * Empties and deletes the book of a deleted customer (its last event tombstones every entry). Safe
 * to repeat; a customer who never wrote has nothing to delete.
 * @throws from the store when it keeps losing races (three tries)
 */
export async function deleteBook(d: AddressBookDeps, customerId: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const doc = await d.addressBooks.findById(customerId).lean<AddressBookDoc>();
    if (!doc || doc.deleted) return;
    const book = bookOf(doc);
    const next: AddressBook = { addresses: [], defaultAddressId: null, aggregateVersion: book.aggregateVersion + 1 };
    const removed = book.addresses.map((a) => a.id);
    if (await store(d, customerId, book, true, next, removed, true)) {
      d.relay.nudge();
      await syncIndex(d, customerId, next, removed, true);
      return;
    }
  }
  throw new Error(`address book of ${customerId} kept changing while its customer was deleted`);
}
