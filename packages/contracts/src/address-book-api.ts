/**
 * The customer's address book on the wire (issue 29, "Delivery addresses"; not in the
 * specification): `GET /Customer/addresses` and the versioned writes beside it. Always the
 * signed-in customer's own book (sellers and admins get 403); there is no path to another's.
 *
 * Every write names the book `version` it was based on (the answer's `version`, also its `ETag`);
 * a write based on an older version changes nothing and answers 409 with the book as it is now
 * (`book`), so two devices never write over each other ("Two devices, one account"). A customer
 * who never wrote has version 0 and a book seeded from the profile's free-text address: one
 * `incomplete` entry naming the fields still `missing`, which must be completed (edited) before it
 * can be used for delivery.
 */
import { z } from 'zod';
import { DeliveryAddressSchema, MAX_ADDRESSES } from './addresses';
import type { ApiOperation } from './api';

/** 404 of an address id the book does not hold. */
export const ADDRESS_NOT_FOUND = 'Address not found';
/** 409 of a write based on an older version of the book (the body also holds `book`). */
export const ADDRESSES_CHANGED = 'Your addresses changed on another device; here they are now';
/** 409 of an add to a full book. */
export const ADDRESS_BOOK_FULL = `You can keep up to ${MAX_ADDRESSES} addresses`;
/** The id of the entry seeded from the profile's address (stable until the customer removes it). */
export const PROFILE_ADDRESS_ID = 'profile';

const bookVersion = z.number({ error: 'version is required' }).int('version is required').min(0).max(Number.MAX_SAFE_INTEGER);

/** One address as `GET /Customer/addresses` answers it. */
export const SavedAddressAnswerSchema = z.object({
  _id: z.string(),
  recipient: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  district: z.string(),
  postalCode: z.string(),
  isDefault: z.boolean(),
  /** Present (true) on an entry seeded from the profile that still lacks fields. */
  incomplete: z.boolean().optional(),
  /** The fields still to fill of an incomplete entry (DeliveryAddress field names). */
  missing: z.array(z.string()).optional(),
});
export type SavedAddressAnswer = z.output<typeof SavedAddressAnswerSchema>;

/** The whole book: default first, then in the order added. */
export const AddressBookAnswerSchema = z.object({
  version: z.number().int(),
  defaultAddressId: z.string().nullable(),
  addresses: z.array(SavedAddressAnswerSchema),
});
export type AddressBookAnswer = z.output<typeof AddressBookAnswerSchema>;

/** `POST /Customer/addresses`. */
export const AddressAddSchema = z.object({
  version: bookVersion,
  address: DeliveryAddressSchema,
  /** Make the new address the default (the book's first address always is). */
  makeDefault: z.boolean().optional(),
});
export type AddressAdd = z.input<typeof AddressAddSchema>;

/** `PUT /Customer/addresses/{addressId}`: the address as it should be now (completes an incomplete entry). */
export const AddressEditSchema = z.object({ version: bookVersion, address: DeliveryAddressSchema });
export type AddressEdit = z.input<typeof AddressEditSchema>;

/** `PUT /Customer/addresses/{addressId}/default`. */
export const AddressVersionSchema = z.object({ version: bookVersion });

/** `DELETE /Customer/addresses/{addressId}?version=N`. */
export const AddressRemovalQuerySchema = z.object({ version: z.coerce.number({ error: 'version is required' }).pipe(bookVersion) });

/** The answer of every write: the book after it. */
export const AddressBookWriteAnswerSchema = z.object({ book: AddressBookAnswerSchema });
/** The answer of an add: the new address's id and the book after it. */
export const AddressAddAnswerSchema = z.object({ addressId: z.string(), book: AddressBookAnswerSchema });

const stale = `${ADDRESSES_CHANGED} (the body also holds the current book as \`book\`)`;
const customersOnly = { 401: 'Not signed in', 403: 'Not a customer' } as const;

export const ADDRESS_BOOK_OPERATIONS = [
  {
    method: 'get',
    path: '/Customer/addresses',
    tag: 'Addresses',
    summary:
      "The own address book (default first; a customer who never wrote gets the profile's address as an incomplete entry, version 0)",
    audience: ['customer'],
    response: AddressBookAnswerSchema,
    responses: { 200: 'The book (`ETag` is its version)', ...customersOnly, 503: 'The address list is unavailable; try again' },
    added: true,
  },
  {
    method: 'post',
    path: '/Customer/addresses',
    tag: 'Addresses',
    summary: 'Add a delivery address to the own book',
    audience: ['customer'],
    body: AddressAddSchema,
    response: AddressAddAnswerSchema,
    responses: { 201: '`{ addressId, book }`', 400: '`{ error, fields }`', ...customersOnly, 409: `${ADDRESS_BOOK_FULL} / ${stale}` },
    added: true,
  },
  {
    method: 'put',
    path: '/Customer/addresses/{addressId}',
    tag: 'Addresses',
    summary: 'Replace one address of the own book',
    audience: ['customer'],
    body: AddressEditSchema,
    response: AddressBookWriteAnswerSchema,
    responses: { 200: '`{ book }`', 400: '`{ error, fields }`', ...customersOnly, 404: ADDRESS_NOT_FOUND, 409: stale },
    added: true,
  },
  {
    method: 'delete',
    path: '/Customer/addresses/{addressId}',
    tag: 'Addresses',
    summary: 'Remove one address from the own book (a removed default passes to the next address)',
    audience: ['customer'],
    query: AddressRemovalQuerySchema,
    response: AddressBookWriteAnswerSchema,
    responses: { 200: '`{ book }`', 400: '`{ error, fields }`', ...customersOnly, 404: ADDRESS_NOT_FOUND, 409: stale },
    added: true,
  },
  {
    method: 'put',
    path: '/Customer/addresses/{addressId}/default',
    tag: 'Addresses',
    summary: 'Make one address of the own book the default',
    audience: ['customer'],
    body: AddressVersionSchema,
    response: AddressBookWriteAnswerSchema,
    responses: { 200: '`{ book }`', 400: '`{ error, fields }`', ...customersOnly, 404: ADDRESS_NOT_FOUND, 409: stale },
    added: true,
  },
] as const satisfies readonly ApiOperation[];
