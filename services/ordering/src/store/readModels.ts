/**
 * Read models ordering keeps from other services' events (docs/architecture.md, Consumers):
 * - items and packages (catalogue): names, seller, prices in cents, availability and stock, so a
 *   checkout is priced on the server and an unavailable line cannot be bought;
 * - customers (identity): names, address and phone for the seller's order cards (where to
 *   deliver) and the admin's transactions;
 * - sellers (identity): company name and logo for package order cards.
 * Each document is written with `applyVersioned` (aggregate version guard); deletions are
 * tombstones (`deleted: true`).
 */
import type { Language } from '@market/contracts';
import { Schema, type Connection, type Model } from 'mongoose';
import type { ItemPrice, PackagePrice } from '../domain/pricing';

/** An item as the catalogue's events describe it (pricing reads these fields). */
export interface ItemReadDoc extends ItemPrice {
  aggregateVersion: number;
}

/** A package as the catalogue's events describe it. */
export interface PackageReadDoc extends PackagePrice {
  aggregateVersion: number;
}

export interface CustomerReadDoc {
  _id: string;
  firstName: string;
  lastName: string;
  userImage: string;
  /** The profile's address and phone number (absent on documents written before they were kept). */
  address?: string;
  phoneNumber?: string;
  /** From CustomerRegistered/Updated (absent in documents written before it was kept). */
  email?: string;
  /** The language of the customer's e-mails, from CustomerRegistered/Updated (issue 33 item 3; absent: en). */
  language?: Language;
  deleted: boolean;
  aggregateVersion: number;
}

export interface SellerReadDoc {
  _id: string;
  companyname: string;
  logo: string;
  /** The owner's name and e-mail, from the seller events (absent in documents written before it was kept). */
  ownername?: string;
  email?: string;
  /** The language of the seller's e-mails, from the seller events (issue 33 item 3; absent: en). */
  language?: Language;
  /** While an admin has the seller suspended (issue 30 item 10): checkout refuses its lines (checkout/read.ts). */
  suspended?: boolean;
  deleted: boolean;
  aggregateVersion: number;
}

const opts = (collection: string) => ({ collection, versionKey: false as const, strict: false as const });

const itemSchema = new Schema<ItemReadDoc>({ _id: String, deleted: { type: Boolean, default: false } }, opts('item_read_model'));
const packageSchema = new Schema<PackageReadDoc>({ _id: String, deleted: { type: Boolean, default: false } }, opts('package_read_model'));
const customerSchema = new Schema<CustomerReadDoc>(
  { _id: String, deleted: { type: Boolean, default: false } },
  opts('customer_read_model'),
);
const sellerSchema = new Schema<SellerReadDoc>({ _id: String, deleted: { type: Boolean, default: false } }, opts('seller_read_model'));

function model<T>(conn: Connection, name: string, schema: Schema<T>): Model<T> {
  return (conn.models[name] as Model<T> | undefined) ?? conn.model<T>(name, schema);
}

export interface ReadModels {
  items: Model<ItemReadDoc>;
  packages: Model<PackageReadDoc>;
  customers: Model<CustomerReadDoc>;
  sellers: Model<SellerReadDoc>;
}

export function readModels(conn: Connection): ReadModels {
  return {
    items: model(conn, 'ItemRead', itemSchema),
    packages: model(conn, 'PackageRead', packageSchema),
    customers: model(conn, 'CustomerRead', customerSchema),
    sellers: model(conn, 'SellerRead', sellerSchema),
  };
}

/**
 * Who an order is for, as order rows show it (seller cards lacked where to
 * deliver): the customer's current name, profile address and phone; once the customer is gone,
 * 'Former customer' and empty contact fields.
 */
export interface OrderCustomer {
  CustomerName: string;
  DeliveryAddress: string;
  CustomerPhone: string;
}

export function orderCustomer(c: CustomerReadDoc | null | undefined): OrderCustomer {
  const gone = !c || c.deleted;
  return {
    CustomerName: customerName(c),
    DeliveryAddress: gone ? '' : (c.address ?? ''),
    CustomerPhone: gone ? '' : (c.phoneNumber ?? ''),
  };
}

/** "First Last" of a customer, or a neutral label once the customer is gone or unknown. */
export function customerName(c: Pick<CustomerReadDoc, 'firstName' | 'lastName' | 'deleted'> | null | undefined): string {
  if (!c || c.deleted) return 'Former customer';
  return `${c.firstName} ${c.lastName}`.trim();
}
