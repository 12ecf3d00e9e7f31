/**
 * Read models the reviews service keeps from events (issue 6; DESIGN.md section 3): customers'
 * names and photos for review cards (anonymised on CustomerDeleted), items' name, brand, model
 * and seller for search and scoping, sellers (a message needs an existing seller), and purchases
 * (customer, item) from OrderConfirmed for the verified-purchase mark.
 */
import { Schema, type Connection, type Model } from 'mongoose';

export interface CustomerRef {
  _id: string;
  firstName: string;
  lastName: string;
  userImage: string;
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
  deleted: boolean;
}

export interface PurchaseDoc {
  /** `<customerId>:<itemId>` */
  _id: string;
  customerId: string;
  itemId: string;
}

const loose = (collection: string) =>
  new Schema({ _id: String, deleted: { type: Boolean, default: false } }, { collection, versionKey: false, strict: false });

function model<T>(conn: Connection, name: string, schema: Schema): Model<T> {
  return (conn.models[name] as Model<T> | undefined) ?? (conn.model(name, schema) as unknown as Model<T>);
}

export interface ReadModels {
  customers: Model<CustomerRef>;
  items: Model<ItemRef>;
  sellers: Model<SellerRef>;
  purchases: Model<PurchaseDoc>;
}

export function readModels(conn: Connection): ReadModels {
  return {
    customers: model(conn, 'CustomerRef', loose('customer_read_model')),
    items: model(conn, 'ItemRef', loose('item_read_model')),
    sellers: model(conn, 'SellerRef', loose('seller_read_model')),
    purchases: model(
      conn,
      'Purchase',
      new Schema({ _id: String, customerId: String, itemId: String }, { collection: 'purchases', versionKey: false }),
    ),
  };
}
