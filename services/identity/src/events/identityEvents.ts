/**
 * Builders of the identity events recorded through the outbox (payload schemas in
 * @market/contracts identity-events). The aggregate id is the customer's or the seller's id.
 */
import { DEFAULT_LANGUAGE, type ByAdmin, type CustomerEventData, type SellerEventData } from '@market/contracts';
import { pendingEvent, type PendingEvent } from '@market/platform';
import type { AddressBook } from '../domain/addressBook';
import type { CustomerDoc } from '../store/customers';
import type { OrgSellerDoc, SellerRequestDoc } from '../store/sellers';

export function customerData(c: CustomerDoc): CustomerEventData {
  return {
    customerId: String(c._id),
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    username: c.username,
    phoneNumber: c.phoneNumber,
    address: c.address,
    gender: c.gender,
    userImage: c.userImage,
    newlyAddeddate: c.newlyAddeddate.toISOString(),
    wishlistAlerts: c.wishlistAlerts !== false,
    language: c.language ?? DEFAULT_LANGUAGE,
  };
}

export const customerRegistered = (c: CustomerDoc, version: number): PendingEvent =>
  pendingEvent('CustomerRegistered', String(c._id), version, { ...customerData(c) });
export const customerUpdated = (c: CustomerDoc, version: number): PendingEvent =>
  pendingEvent('CustomerUpdated', String(c._id), version, { ...customerData(c) });
export const customerDeleted = (id: string, version: number, byAdmin?: ByAdmin): PendingEvent =>
  pendingEvent('CustomerDeleted', id, version, { customerId: id, ...(byAdmin ? { byAdmin } : {}) });
/** CustomerSuspended / CustomerReinstated: an admin's decision on the account (issue 30 item 10). */
export const customerSuspension = (
  type: 'CustomerSuspended' | 'CustomerReinstated',
  id: string,
  version: number,
  reason: string,
  byAdmin: ByAdmin,
): PendingEvent => pendingEvent(type, id, version, { customerId: id, reason, byAdmin });

export function sellerData(s: SellerRequestDoc | OrgSellerDoc): SellerEventData {
  const data: SellerEventData = {
    sellerId: String(s._id),
    ownername: s.ownername,
    companyname: s.companyname,
    email: s.email,
    mobile: s.mobile,
    address: s.address,
    year: s.year,
    logo: s.logo,
  };
  if ('acceptedDate' in s && s.acceptedDate) {
    data.acceptedDate = s.acceptedDate.toISOString();
    data.requestDelete = s.requestDelete;
    data.language = (s as OrgSellerDoc).language ?? DEFAULT_LANGUAGE;
  }
  return data;
}

type SellerEventType = 'SellerRequested' | 'SellerApproved' | 'SellerUpdated';
type SellerRefEventType = 'SellerDeclined' | 'SellerDeletionRequested' | 'SellerDeletionDeclined' | 'SellerDeleted';

/** @param byAdmin - the deciding admin (SellerApproved; issue 30 item 10, the audit log) */
export const sellerEvent = (type: SellerEventType, s: SellerRequestDoc | OrgSellerDoc, version: number, byAdmin?: ByAdmin): PendingEvent =>
  pendingEvent(type, String(s._id), version, { ...sellerData(s), ...(byAdmin ? { byAdmin } : {}) });
/** @param byAdmin - the deciding admin (SellerDeclined, SellerDeletionDeclined, SellerDeleted) */
export const sellerRefEvent = (type: SellerRefEventType, id: string, version: number, byAdmin?: ByAdmin): PendingEvent =>
  pendingEvent(type, id, version, { sellerId: id, ...(byAdmin ? { byAdmin } : {}) });
/** SellerSuspended / SellerReinstated: an admin's decision on the seller (issue 30 item 10). */
export const sellerSuspension = (
  type: 'SellerSuspended' | 'SellerReinstated',
  id: string,
  version: number,
  reason: string,
  byAdmin: ByAdmin,
): PendingEvent => pendingEvent(type, id, version, { sellerId: id, reason, byAdmin });

/**
 * AddressBookChanged of the book of `customerId` after a change to `book` (`removed`: the ids the
 * change took out; `deleted` for the customer's deletion, which empties the book).
 */
export const addressBookChanged = (customerId: string, book: AddressBook, removed: string[], deleted = false): PendingEvent =>
  pendingEvent('AddressBookChanged', customerId, book.aggregateVersion, {
    customerId,
    defaultAddressId: book.defaultAddressId,
    addresses: book.addresses,
    removed,
    deleted,
  });
