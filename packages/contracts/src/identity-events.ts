/**
 * Payloads (`data`) of the identity events (docs/architecture.md, Consumers). Consumers keep what
 * they need in their own read models: cart creates a wishlist and cart per customer, reviews
 * keeps names and photos, ordering keeps seller company names and logos, reporting keeps
 * `newlyAddeddate` and `acceptedDate` for the monthly reports. No event carries a password,
 * a hash or a code.
 */
import { z } from 'zod';
import { DeliveryAddressSchema } from './addresses';
import { LanguageSchema } from './language-schema';

/**
 * The account's language (issue 33 item 3): the services that e-mail the account write in it.
 * Absent in events written before it existed: `en`.
 */
const AccountLanguageField = LanguageSchema.optional();

/** CustomerRegistered and CustomerUpdated. */
export const CustomerEventDataSchema = z.object({
  customerId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  gender: z.enum(['Male', 'Female']),
  userImage: z.string(),
  /** ISO timestamp of registration. */
  newlyAddeddate: z.string(),
  /**
   * The profile's "E-mail me about my wishlist" setting (price drops and back in stock
   * of wish-listed items; the cart service sends them). Absent in events written before it
   * existed: on.
   */
  wishlistAlerts: z.boolean().optional(),
  /** The customer's language for e-mails (`PUT /Account/language` records a CustomerUpdated). */
  language: AccountLanguageField,
});
export type CustomerEventData = z.infer<typeof CustomerEventDataSchema>;

/**
 * Who decided, on an event an admin's decision recorded (issue 30 item 10, the audit log): the
 * admin's id and, where the decision asks for one, the reason they gave. Optional on the events
 * that existed before (absent: not an admin's decision, or recorded before it was kept).
 */
export const ByAdminSchema = z.object({ adminId: z.string().min(1), reason: z.string().optional() });
export type ByAdmin = z.infer<typeof ByAdminSchema>;

/** CustomerDeleted (`byAdmin` when an admin removed the account). */
export const CustomerDeletedDataSchema = z.object({ customerId: z.string(), byAdmin: ByAdminSchema.optional() });

/**
 * CustomerSuspended / CustomerReinstated (issue 30 item 10): an admin suspended the account (its
 * sessions end, it cannot sign in) or gave it back, with the reason.
 */
export const CustomerSuspensionDataSchema = z.object({ customerId: z.string(), reason: z.string(), byAdmin: ByAdminSchema });

/**
 * AdminDisabled / AdminEnabled (`identity.admin.v1`, keyed by the admin's id; issue 30 item 10):
 * another admin disabled the account (its sessions end, it cannot sign in) or enabled it again.
 */
export const AdminStatusDataSchema = z.object({ adminId: z.string(), reason: z.string(), byAdmin: ByAdminSchema });

/**
 * AdminLanguageChosen (`identity.admin.v1`, keyed by the admin's id; issue 33 item 3): the admin
 * chose the language of their screens, e-mails and PDF reports.
 */
export const AdminLanguageDataSchema = z.object({ adminId: z.string(), language: LanguageSchema });

/**
 * SellerSuspended / SellerReinstated (issue 30 item 10): the seller's sessions end, it cannot sign
 * in, and its items and packages are left out of the listings and refused at checkout until it is
 * reinstated (catalogue and ordering keep the flag from these events).
 */
export const SellerSuspensionDataSchema = z.object({ sellerId: z.string(), reason: z.string(), byAdmin: ByAdminSchema });

/** SellerRequested, SellerApproved, SellerUpdated: the seller's public and contact fields. */
export const SellerEventDataSchema = z.object({
  sellerId: z.string(),
  ownername: z.string(),
  companyname: z.string(),
  email: z.string(),
  mobile: z.string(),
  address: z.string(),
  year: z.string(),
  logo: z.string(),
  /** ISO timestamp; set from SellerApproved on. */
  acceptedDate: z.string().optional(),
  requestDelete: z.boolean().optional(),
  /** SellerApproved: the admin who accepted the request. */
  byAdmin: ByAdminSchema.optional(),
  /** The seller's language for e-mails and reports (`PUT /Account/language` records a SellerUpdated). */
  language: AccountLanguageField,
});
export type SellerEventData = z.infer<typeof SellerEventDataSchema>;

/** SellerDeclined, SellerDeletionRequested, SellerDeletionDeclined, SellerDeleted (`byAdmin`: an admin's decision). */
export const SellerRefDataSchema = z.object({ sellerId: z.string(), byAdmin: ByAdminSchema.optional() });

/**
 * One address of an AddressBookChanged: a complete DeliveryAddress, or an entry seeded from the
 * profile's free-text address with the fields still `missing` (issue 29, "the profile's address
 * becomes the first entry"). `id` is the address's id within the book.
 */
export const SavedAddressDataSchema = z.union([
  DeliveryAddressSchema.extend({ id: z.string(), incomplete: z.literal(false).optional() }),
  DeliveryAddressSchema.partial().extend({ id: z.string(), incomplete: z.literal(true), missing: z.array(z.string()) }),
]);

/**
 * AddressBookChanged (`identity.addresses.v1`, keyed by the customer's id; the envelope's
 * `aggregateVersion` is the book's version after the change): the whole book as it is now, and the
 * ids this change took out, so a projection replaying the topic tombstones them. A deleted
 * customer's book ends with `addresses: []`, every id in `removed` and `deleted: true`.
 */
export const AddressBookChangedDataSchema = z.object({
  customerId: z.string(),
  defaultAddressId: z.string().nullable(),
  addresses: z.array(SavedAddressDataSchema),
  removed: z.array(z.string()).default([]),
  deleted: z.boolean().default(false),
});
export type AddressBookChangedData = z.infer<typeof AddressBookChangedDataSchema>;
