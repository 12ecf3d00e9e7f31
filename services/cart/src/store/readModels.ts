/**
 * Read models kept from other services' events (docs/architecture.md, Shape and Consumers): what the cart needs
 * to know, and nothing more.
 *
 * - `item_availability` / `package_availability`: `{ _id: item or package id, available,
 *   deleted, aggregateVersion }` from the catalogue's item and package events. An id absent here,
 *   deleted, or with `available: false` is not available (spec 000 section 4); nor is a package
 *   outside its `startDate`..`endDate` (kept from its events; issue 27 item 7).
 * - `customers`: `{ _id: customer id, deleted, aggregateVersion }` from identity's customer
 *   events, so a deleted customer's cart and wishlist are not created again by a late event or
 *   request; with the name, e-mail and "E-mail me about my wishlist" setting the wishlist alerts
 *   need (absent on documents written before).
 * - items also keep their name, final price (cents) and stock, so the next item event can tell a
 *   price drop or a return to stock (domain/alerts.ts).
 *
 * Every write goes through `applyVersioned` (version-guarded upsert): a duplicate or older event
 * changes nothing.
 */
import { packageOnSale } from '@market/contracts';
import { byIds } from '@market/platform';
import { Schema, type Connection, type Model } from 'mongoose';

export interface AvailabilityDoc {
  _id: string;
  available: boolean;
  deleted: boolean;
  aggregateVersion: number;
  /**
   * Packages only: the sale dates, `YYYY-MM-DD` Sri Lanka days; outside them the package cannot
   * be added (issue 27 item 7). Absent on documents written before they were kept (until the
   * package's next event): then only `available` counts here, and checkout still checks the dates.
   */
  startDate?: string;
  endDate?: string;
  /** Items only: the item's name, final price in cents and units in stock. */
  name?: string;
  finalPriceCents?: number;
  quantity?: number;
}

export interface CustomerRefDoc {
  _id: string;
  deleted: boolean;
  aggregateVersion: number;
  /** From CustomerRegistered / CustomerUpdated: where and to whom wishlist alerts go. */
  firstName?: string;
  lastName?: string;
  email?: string;
  /** The profile's "E-mail me about my wishlist"; absent means on. */
  wishlistAlerts?: boolean;
}

function availabilitySchema(collection: string) {
  const schema = new Schema<AvailabilityDoc>(
    {
      _id: { type: String, required: true },
      available: { type: Boolean, required: true },
      deleted: { type: Boolean, default: false },
      aggregateVersion: { type: Number, required: true },
      startDate: String,
      endDate: String,
      name: String,
      finalPriceCents: Number,
      quantity: Number,
    },
    { collection, versionKey: false },
  );
  return schema;
}

const customerSchema = new Schema<CustomerRefDoc>(
  {
    _id: { type: String, required: true },
    deleted: { type: Boolean, default: false },
    aggregateVersion: { type: Number, required: true },
    firstName: String,
    lastName: String,
    email: String,
    wishlistAlerts: Boolean,
  },
  { collection: 'customers', versionKey: false },
);

/** Availability of items, by item id. */
export function itemAvailabilityModel(conn: Connection): Model<AvailabilityDoc> {
  return (
    (conn.models.ItemAvailability as Model<AvailabilityDoc>) ?? conn.model('ItemAvailability', availabilitySchema('item_availability'))
  );
}

/** Availability of packages, by package id. */
export function packageAvailabilityModel(conn: Connection): Model<AvailabilityDoc> {
  return (
    (conn.models.PackageAvailability as Model<AvailabilityDoc>) ??
    conn.model('PackageAvailability', availabilitySchema('package_availability'))
  );
}

/** Customers known from identity events, by customer id. */
export function customerRefModel(conn: Connection): Model<CustomerRefDoc> {
  return (conn.models.CustomerRef as Model<CustomerRefDoc>) ?? conn.model('CustomerRef', customerSchema);
}

/**
 * Which of `ids` are available (known, not deleted, available and, for a package with its dates
 * kept, on sale today in Sri Lanka: contracts' packageOnSale).
 */
export async function availableIds(model: Model<AvailabilityDoc>, ids: readonly string[], now: Date = new Date()): Promise<Set<string>> {
  const rows = await byIds(model, ids);
  const onSale = (r: AvailabilityDoc) =>
    r.startDate === undefined || r.endDate === undefined || packageOnSale({ startDate: r.startDate, endDate: r.endDate }, now);
  return new Set([...rows.values()].filter((r) => r.available && !r.deleted && onSale(r)).map((r) => r._id));
}

/** Which of `ids` are deleted from the catalogue. */
export async function deletedIds(model: Model<AvailabilityDoc>, ids: readonly string[]): Promise<string[]> {
  const rows = await byIds(model, ids);
  return [...rows.values()].filter((r) => r.deleted).map((r) => r._id);
}

/** True when identity told us the customer was deleted. */
export async function isDeletedCustomer(customers: Model<CustomerRefDoc>, id: string): Promise<boolean> {
  return Boolean(await customers.exists({ _id: id, deleted: true }));
}
