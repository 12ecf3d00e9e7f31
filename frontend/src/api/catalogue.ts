/**
 * Catalogue calls of the web app at their documented paths (spec 000 and 001 section 7; issue 4).
 * Prices on the wire are rupees.
 */
import type { ItemAnswer, ItemFacetsAnswer, PackageAnswer } from '@market/contracts';
import { api, query, type Page } from './client';

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
  updateItem: (id: string, body: Record<string, unknown>) => api<Item>('PUT', `/items/update/${encodeURIComponent(id)}`, body),
  setDiscount: (id: string, DiscountStatus: boolean, DiscountPrecentage?: number) =>
    api<Item>('PUT', `/items/updateDiscount/${encodeURIComponent(id)}`, { DiscountStatus, DiscountPrecentage }),
  deleteItem: (id: string) => api<{ message: string }>('DELETE', `/items/delete/${encodeURIComponent(id)}`),
  listPackages: (f: { q?: string; mine?: boolean; sellerId?: string }, page: number, limit = 12) =>
    api<Page<Package>>('GET', `/Packages/getPackages${query({ ...f, page, limit })}`),
  getPackage: (id: string) => api<Package>('GET', `/Packages/getPackage/${encodeURIComponent(id)}`),
  addPackage: (body: Record<string, unknown>) => api<Package>('POST', '/Packages/addPackage', body),
  updatePackage: (id: string, body: Record<string, unknown>) =>
    api<Package>('PUT', `/Packages/updatePackages/${encodeURIComponent(id)}`, body),
  deletePackage: (id: string) => api<{ message: string }>('DELETE', `/Packages/deletePackage/${encodeURIComponent(id)}`),
};

/** The item's editable body (the whole item, as PUT /items/update expects). */
export function editableItem(i: Item): Record<string, unknown> {
  return {
    Item_name: i.Item_name,
    Brand: i.Brand,
    Quantity: i.Quantity,
    Price: i.Price,
    Description: i.Description,
    Specification: i.Specification,
    WHT: i.WHT,
    Warrenty: i.Warrenty,
    Color_family: i.Color_family,
    Other_colors: i.Other_colors,
    Images: i.Images,
    Category: i.Category,
    ItemAvailabilityStatus: i.ItemAvailabilityStatus,
  };
}
