/**
 * The address book aggregate (issue 29, "Delivery addresses"; rules in domain/addressBook.ts): one
 * document per customer in `address_books`, `_id` the customer's id, read and written by `_id`
 * only. Each write is a compare-and-set on `aggregateVersion` that records AddressBookChanged
 * through the outbox in the same single-document write. A customer who never wrote has no document
 * (their book is the one seeded from the profile, version 0); the first write creates it.
 */
import { outboxPlugin, type OutboxFields } from '@market/platform';
import { Schema, type Connection, type Model } from 'mongoose';
import type { AddressBook, SavedAddress } from '../domain/addressBook';

export interface AddressBookDoc extends OutboxFields {
  /** The customer's id. */
  _id: string;
  addresses: SavedAddress[];
  defaultAddressId: string | null;
  /** Set when the customer is deleted (with the book's last event); the relay then removes it. */
  deleted: boolean;
}

// One entry as the domain shapes it (validated there with DeliveryAddressSchema); an incomplete
// entry seeded from the profile lacks some fields and names them in `missing`.
const entry = new Schema(
  {
    id: { type: String, required: true },
    recipient: String,
    phone: String,
    line1: String,
    line2: String,
    city: String,
    district: String,
    postalCode: String,
    incomplete: Boolean,
    missing: { type: [String], default: undefined },
  },
  { _id: false },
);

const schema = new Schema<AddressBookDoc>(
  {
    _id: { type: String, required: true },
    addresses: { type: [entry], default: [] },
    defaultAddressId: { type: String, default: null },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'address_books', versionKey: false, minimize: false },
);
schema.plugin(outboxPlugin);

export function addressBookModel(conn: Connection): Model<AddressBookDoc> {
  return (conn.models.AddressBook as Model<AddressBookDoc>) ?? conn.model<AddressBookDoc>('AddressBook', schema);
}

/** The domain state of a stored book. */
export const bookOf = (doc: Pick<AddressBookDoc, 'addresses' | 'defaultAddressId' | 'aggregateVersion'>): AddressBook => ({
  addresses: doc.addresses,
  defaultAddressId: doc.defaultAddressId,
  aggregateVersion: doc.aggregateVersion,
});
