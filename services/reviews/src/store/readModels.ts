/**
 * Read models the reviews service keeps from other services' events (docs/architecture.md, Shape
 * and Consumers), each `{ _id: the other aggregate's id, ..., aggregateVersion }` written through
 * `applyVersioned` (a duplicate or older event changes nothing):
 *
 * - `customer_read_model`: first and last name and photo for review and message cards, from
 *   CustomerRegistered / CustomerUpdated (joined at read time, so a rename shows on old reviews);
 *   CustomerDeleted anonymises it (`deleted: true`, names and photo cleared).
 * - `item_read_model`: name, brand, model (review search) and SellerID (seller scope and
 *   reports), from ItemCreated / ItemUpdated; ItemDeleted leaves a tombstone.
 * - `seller_read_model`: approved sellers (SellerApproved / SellerUpdated), who may receive
 *   messages, with the owner's name and e-mail for the e-mails reviews sends them (kept from
 *   issue 30 item 7 on: a seller not updated since has none until their next SellerUpdated);
 *   SellerDeleted leaves a tombstone.
 * - `purchases`: `{ _id: '<customerId>:<itemId>' }` for every item an OrderConfirmed bought, for
 *   the verified-purchase mark (written once, never removed).
 */
import type { Language } from '@market/contracts';
import { Schema, type Connection, type Model } from 'mongoose';

export interface CustomerRef {
  _id: string;
  firstName: string;
  lastName: string;
  userImage: string;
  /** The customer's language for e-mails, from the customer events (issue 33 item 3; absent: en). */
  language?: Language;
  deleted: boolean;
}

export interface ItemRef {
  _id: string;
  Item_name: string;
  Brand: string;
  Model: string;
  SellerID: string;
  deleted: boolean;
}

export interface SellerRef {
  _id: string;
  companyname: string;
  /** The owner's name and the company's e-mail (absent on entries written before they were kept). */
  ownername?: string;
  email?: string;
  /** The seller's language for e-mails, from the seller events (issue 33 item 3; absent: en). */
  language?: Language;
  deleted: boolean;
}

export interface PurchaseDoc {
  /** `<customerId>:<itemId>` */
  _id: string;
  customerId: string;
  itemId: string;
}

/** The models of the read models above. */
export interface ReadModels {
  customers: Model<CustomerRef>;
  items: Model<ItemRef>;
  sellers: Model<SellerRef>;
  purchases: Model<PurchaseDoc>;
}

function refSchema(collection: string, fields: Record<string, unknown>): Schema {
  return new Schema(
    { _id: String, ...fields, deleted: { type: Boolean, default: false }, aggregateVersion: { type: Number } },
    { collection, versionKey: false },
  );
}

function model<T>(conn: Connection, name: string, schema: Schema): Model<T> {
  return (conn.models[name] as Model<T> | undefined) ?? (conn.model(name, schema) as unknown as Model<T>);
}

/** The read models of a connection (created once per connection). */
export function readModels(conn: Connection): ReadModels {
  return {
    customers: model(
      conn,
      'CustomerRef',
      refSchema('customer_read_model', { firstName: String, lastName: String, userImage: String, language: String }),
    ),
    items: model(conn, 'ItemRef', refSchema('item_read_model', { Item_name: String, Brand: String, Model: String, SellerID: String })),
    sellers: model(
      conn,
      'SellerRef',
      refSchema('seller_read_model', { companyname: String, ownername: String, email: String, language: String }),
    ),
    purchases: model(
      conn,
      'Purchase',
      new Schema({ _id: String, customerId: String, itemId: String }, { collection: 'purchases', versionKey: false }),
    ),
  };
}
