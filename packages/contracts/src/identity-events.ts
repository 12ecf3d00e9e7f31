/**
 * Payloads (`data`) of the identity events (docs/architecture.md, Consumers). Consumers keep what
 * they need in their own read models: cart creates a wishlist and cart per customer, reviews
 * keeps names and photos, ordering keeps seller company names and logos, reporting keeps
 * `newlyAddeddate` and `acceptedDate` for the monthly reports. No event carries a password,
 * a hash or a code.
 */
import { z } from 'zod';

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
});
export type CustomerEventData = z.infer<typeof CustomerEventDataSchema>;

/** CustomerDeleted. */
export const CustomerDeletedDataSchema = z.object({ customerId: z.string() });

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
});
export type SellerEventData = z.infer<typeof SellerEventDataSchema>;

/** SellerDeclined, SellerDeletionRequested, SellerDeletionDeclined, SellerDeleted. */
export const SellerRefDataSchema = z.object({ sellerId: z.string() });
