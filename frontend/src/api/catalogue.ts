/**
 * Catalogue calls of the web app at their documented paths (spec 000 and 001 section 7; issue 4).
 * Prices on the wire are rupees.
 */
import type { ItemAnswer, ItemFacetsAnswer, PackageAnswer } from '@market/contracts';
import { ApiError, api, query, type Page } from './client';

/** An item as the catalogue answers it (the documented answer schema). */
export type Item = ItemAnswer;

/** Facet counts of a page of items (category, brand, price band, minimum rating; issue 14). */
export type ItemFacets = ItemFacetsAnswer;

/** A page of items with the facet counts for the filters. */
export type ItemPage = Page<Item> & { facets?: ItemFacets };

/** A package as the catalogue answers it. */
export type Package = PackageAnswer;

export interface ItemFilters {
  q?: string;
  category?: string;
  brand?: string;
  priceBand?: string;
  minRating?: number;
  sellerId?: string;
  mine?: boolean;
  discounted?: boolean;
  available?: boolean;
  sort?: string;
}

export const catalogueApi = {
  listItems: (f: ItemFilters, page: number, limit = 12) => api<ItemPage>('GET', `/items/getItems${query({ ...f, page, limit })}`),
  getItem: (id: string) => api<Item>('GET', `/items/get/${encodeURIComponent(id)}`),
  skuAvailable: (sku: string) =>
    api<{ available: boolean; message: string | null }>('GET', `/items/skuAvailable/${encodeURIComponent(sku)}`),
  addItem: (body: Record<string, unknown>) => api<Item>('POST', '/items/addItems', body),
  /**
   * Changes the given fields of an item (issue 16, item 2): send only what the person changed,
   * with the `version` they loaded, so a sale or another tab's edit meanwhile answers 409
   * (STALE_ITEM) instead of being overwritten.
   */
  updateItem: (id: string, changes: Record<string, unknown>, version: number | undefined) =>
    api<Item>('PUT', `/items/update/${encodeURIComponent(id)}`, { ...changes, version }),
  /** Sets or revokes a discount of the item at `version` (409 when it changed meanwhile). */
  setDiscount: (id: string, DiscountStatus: boolean, DiscountPrecentage: number | undefined, version: number | undefined) =>
    api<Item>('PUT', `/items/updateDiscount/${encodeURIComponent(id)}`, { DiscountStatus, DiscountPrecentage, version }),
  deleteItem: (id: string) => api<{ message: string }>('DELETE', `/items/delete/${encodeURIComponent(id)}`),
  listPackages: (f: { q?: string; mine?: boolean; sellerId?: string }, page: number, limit = 12) =>
    api<Page<Package>>('GET', `/Packages/getPackages${query({ ...f, page, limit })}`),
  getPackage: (id: string) => api<Package>('GET', `/Packages/getPackage/${encodeURIComponent(id)}`),
  addPackage: (body: Record<string, unknown>) => api<Package>('POST', '/Packages/addPackage', body),
  updatePackage: (id: string, body: Record<string, unknown>) =>
    api<Package>('PUT', `/Packages/updatePackages/${encodeURIComponent(id)}`, body),
  deletePackage: (id: string) => api<{ message: string }>('DELETE', `/Packages/deletePackage/${encodeURIComponent(id)}`),
};

/**
 * The fields of `values` that differ from `initial` (arrays compared element by element), for
 * updates that must send only what the person changed (issue 16, item 2).
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
