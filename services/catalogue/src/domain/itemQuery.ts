/**
 * Item search and filters on the server (docs/architecture.md, Departures from the documents; spec 000 section 5 "Search",
 * spec 001 section 9 "Search scope"): customer search matches name, brand or model; a seller's
 * own list adds the SKU; discounted search matches the name only. Price bands are on FinalPrice.
 * Builds a MongoDB filter and sort (no I/O); every user string is regex-escaped.
 */
import { PRICE_BANDS, type ItemListQuerySchema } from '@market/contracts';
import { escapeRegex } from '@market/platform';
import type { z } from 'zod';

export type ItemListQuery = z.infer<typeof ItemListQuerySchema>;

export function itemFilter(q: ItemListQuery, sellerScope: string | null): Record<string, unknown> {
  const filter: Record<string, unknown> = { deleted: false };
  const and: Record<string, unknown>[] = [];
  if (q.q) {
    const re = { $regex: escapeRegex(q.q), $options: 'i' };
    const fields = q.discounted
      ? ['Item_name']
      : sellerScope
        ? ['Item_name', 'Brand', 'Model', 'Stock_keeping_unit']
        : ['Item_name', 'Brand', 'Model'];
    and.push({ $or: fields.map((f) => ({ [f]: re })) });
  }
  if (sellerScope) filter.SellerID = sellerScope;
  else if (q.sellerId) filter.SellerID = q.sellerId;
  if (q.category) filter.Category = q.category;
  if (q.brand) filter.Brand = { $regex: `^${escapeRegex(q.brand)}$`, $options: 'i' };
  if (q.priceBand !== undefined) {
    const band = PRICE_BANDS.find((b) => b.id === q.priceBand)!;
    filter.finalPriceCents = Number.isFinite(band.max) ? { $gte: band.min * 100, $lt: band.max * 100 } : { $gte: band.min * 100 };
  }
  if (q.minRating) filter.rating = { $gte: q.minRating };
  // Customers' discounted list shows only items both discounted and available (spec 000
  // section 4); a seller's own list shows every discounted item, to switch availability.
  if (q.discounted) Object.assign(filter, sellerScope ? { DiscountStatus: true } : { DiscountStatus: true, ItemAvailabilityStatus: true });
  if (q.available !== undefined) filter.ItemAvailabilityStatus = q.available;
  if (and.length) filter.$and = and;
  return filter;
}

export function itemSort(sort: ItemListQuery['sort']): Record<string, 1 | -1> {
  switch (sort) {
    case 'price-asc':
      return { finalPriceCents: 1, _id: 1 };
    case 'price-desc':
      return { finalPriceCents: -1, _id: 1 };
    case 'rating':
      return { rating: -1, _id: 1 };
    case 'name':
      return { Item_name: 1, _id: 1 };
    default:
      return { createdAt: -1, _id: -1 };
  }
}
