/**
 * Catalogue calls of the web app at their documented paths (spec 000 and 001 section 7), over the
 * typed client: bodies and answers are the operations' schema types. Prices on the wire are rupees.
 */
import type { ItemAnswer, ItemFacetsAnswer, PackageAnswer } from '@market/contracts';
import type { BodyOf, QueryOf } from '@market/contracts/client';
import { ApiError, gateway, type FormBody, type Page } from './client';

/** An item as the catalogue answers it (the documented answer schema). */
export type Item = ItemAnswer;

/** Facet counts of a page of items (category, brand, price band, minimum rating). */
export type ItemFacets = ItemFacetsAnswer;

/** A page of items with the facet counts for the filters. */
export type ItemPage = Page<Item> & { facets?: ItemFacets };

/** A package as the catalogue answers it. */
export type Package = PackageAnswer;

/** The list filters of `GET /items/getItems` (its query schema's fields, choices as strings). */
export type ItemFilters = FormBody<Omit<QueryOf<'get', '/items/getItems'>, 'page' | 'limit'>>;

type ItemsQuery = QueryOf<'get', '/items/getItems'>;

/** The fields an item update may change (`ItemUpdateSchema`), without the version. */
export type ItemChanges = FormBody<Omit<BodyOf<'put', '/items/update/{id}'>, 'version'>>;

type ItemUpdate = BodyOf<'put', '/items/update/{id}'>;

export const catalogueApi = {
  listItems: (f: ItemFilters, page: number, limit = 12) =>
    gateway.call('get', '/items/getItems', { query: { ...f, page, limit } as ItemsQuery }) as Promise<ItemPage>,
  getItem: (id: string) => gateway.call('get', '/items/get/{id}', { params: { id } }),
  /** The header's suggestions for the text typed (issue 32 item 3): at most 8 `{ text, kind, itemId? }`. */
  suggest: (q: string) => gateway.call('get', '/items/suggest', { query: { q } }),
  skuAvailable: (sku: string) => gateway.call('get', '/items/skuAvailable/{sku}', { params: { sku } }),
  addItem: (body: FormBody<BodyOf<'post', '/items/addItems'>>) =>
    gateway.call('post', '/items/addItems', { body: body as BodyOf<'post', '/items/addItems'> }),
  /**
   * Changes the given fields of an item: send only what the person changed, with the `version`
   * they loaded, so a sale or another tab's edit meanwhile answers 409 (STALE_ITEM) instead of
   * being overwritten.
   */
  /** One change over the seller's selected items, each with the version the list showed (issue 30 item 9). */
  bulkUpdate: (items: { id: string; version: number }[], change: BodyOf<'post', '/items/bulkUpdate'>['change']) =>
    gateway.call('post', '/items/bulkUpdate', { body: { items, change } }),
  updateItem: (id: string, changes: ItemChanges, version: number | undefined) =>
    gateway.call('put', '/items/update/{id}', { params: { id }, body: { ...changes, version } as ItemUpdate }),
  /** Sets or revokes a discount of the item at `version` (409 when it changed meanwhile). */
  setDiscount: (id: string, DiscountStatus: boolean, DiscountPrecentage: number | undefined, version: number | undefined) =>
    gateway.call('put', '/items/updateDiscount/{id}', { params: { id }, body: { DiscountStatus, DiscountPrecentage, version } }),
  deleteItem: (id: string) => gateway.call('delete', '/items/delete/{id}', { params: { id } }),
  listPackages: (f: Omit<QueryOf<'get', '/Packages/getPackages'>, 'page' | 'limit'>, page: number, limit = 12) =>
    gateway.call('get', '/Packages/getPackages', { query: { ...f, page, limit } }) as Promise<Page<Package>>,
  getPackage: (id: string) => gateway.call('get', '/Packages/getPackage/{id}', { params: { id } }),
  addPackage: (body: FormBody<BodyOf<'post', '/Packages/addPackage'>>) =>
    gateway.call('post', '/Packages/addPackage', { body: body as BodyOf<'post', '/Packages/addPackage'> }),
  updatePackage: (id: string, body: FormBody<BodyOf<'put', '/Packages/updatePackages/{id}'>>) =>
    gateway.call('put', '/Packages/updatePackages/{id}', { params: { id }, body: body as BodyOf<'put', '/Packages/updatePackages/{id}'> }),
  deletePackage: (id: string) => gateway.call('delete', '/Packages/deletePackage/{id}', { params: { id } }),
};

/**
 * The fields of `values` that differ from `initial` (arrays compared element by element), for
 * updates that must send only what the person changed.
 */
export function changedFields<V extends Record<string, unknown>>(initial: V, values: V): Partial<V> {
  const same = (a: unknown, b: unknown) =>
    Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((x, i) => x === b[i]) : a === b;
  const out: Partial<V> = {};
  for (const key of Object.keys(values) as (keyof V)[]) if (!same(initial[key], values[key])) out[key] = values[key];
  return out;
}

/** Whether a failed write was refused because someone else changed the item or package first (409/412). */
export function isStaleWrite(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 409 || err.status === 412) && 'version' in err.fields;
}
