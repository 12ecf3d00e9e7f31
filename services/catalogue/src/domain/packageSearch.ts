/**
 * The package search read model, without I/O: a package's index document and the
 * search request of `GET /Packages/getPackages` (spec 000 section 4: customers see available
 * packages only; a seller's `mine=true` list shows all of their own; search by name, here
 * typo-tolerant and by prefix like the items').
 *
 * Index document (`_id` = package id, external `_version` = its aggregateVersion): `view` (the
 * package as the API answers it, not indexed), `name` (text with a `.prefix` sub-field),
 * `sellerId` keyword, `available` boolean, `startDate` and `endDate` keywords (`YYYY-MM-DD`, which
 * sort as text in date order), `createdAt` date, `deleted` (tombstones).
 *
 * Customers see a package only between its dates (issue 27 item 7): the request filters
 * `startDate <= today <= endDate` with today's Sri Lanka day at query time, so a package leaves
 * or enters the listing at Colombo midnight without any write. A document indexed before the
 * dates were (an index built by an older catalogue, until `npm run search:rebuild`) has neither
 * and is not shown to customers.
 */
import { rupees, type PackageEventData } from '@market/contracts';
import { indexDefinition, textQuery, type SearchRequestBody } from './search';

/** A package as the API answers it (`packageView`; price and content prices in rupees). */
export interface PackageView {
  _id: string;
  packageName: string;
  seller: string;
  description: string;
  price: number;
  startDate: string;
  endDate: string;
  image: string;
  content: { _id: string; Item_name: string; Brand: string; Model: string; Images: string[]; FinalPrice: number }[];
  packageAvailability: boolean;
  createdAt: string; /** The aggregate version, added when indexed (events/searchProjection.ts). */
  version?: number;
}

/** The index document of a package from its PackageCreated/PackageUpdated data. */
export function packageDocFromEvent(d: PackageEventData) {
  const view: PackageView = {
    _id: d.packageId,
    packageName: d.packageName,
    seller: d.seller,
    description: d.description,
    price: rupees(d.priceCents),
    startDate: d.startDate,
    endDate: d.endDate,
    image: d.image,
    content: d.content.map((c) => ({
      _id: c.itemId,
      Item_name: c.Item_name,
      Brand: c.Brand ?? '',
      Model: c.Model ?? '',
      Images: c.Images ?? [],
      FinalPrice: rupees(c.finalPriceCents ?? 0),
    })),
    packageAvailability: d.packageAvailability,
    // Events written before createdAt was carried: the epoch, so such packages sort oldest.
    createdAt: d.createdAt ?? new Date(0).toISOString(),
  };
  return {
    view,
    name: d.packageName,
    sellerId: d.seller,
    available: d.packageAvailability,
    startDate: d.startDate,
    endDate: d.endDate,
    createdAt: view.createdAt,
  };
}

/** Settings and mappings of a package index (the item index's analyzers). */
export function packageIndexDefinition(replicas: number) {
  const { settings, mappings } = indexDefinition(replicas);
  const p = mappings.properties;
  return {
    settings,
    mappings: {
      dynamic: 'strict',
      properties: {
        view: p.view,
        name: p.name,
        sellerId: p.sellerId,
        available: p.available,
        // Keywords, not dates: a stored date that is no calendar day must not fail the write.
        startDate: { type: 'keyword' },
        endDate: { type: 'keyword' },
        createdAt: p.createdAt,
        deleted: p.deleted,
      },
    },
  };
}

/**
 * The search body for a package list, newest first.
 * @param scope - `sellerId`: only this seller's packages; `availableOnly`: hide unavailable ones;
 *   `onSaleOn`: a Sri Lanka day `YYYY-MM-DD` (contracts' colomboDate of now), only packages whose
 *   startDate ≤ it ≤ endDate (what customers see; a seller's own list and admins leave it out);
 *   `hiddenSellers`: sellers whose packages are left out (suspended sellers for shoppers, issue 30 item 10)
 */
export function packageSearchRequest(
  q: string | undefined,
  scope: { sellerId?: string; availableOnly: boolean; onSaleOn?: string; hiddenSellers?: readonly string[] },
): SearchRequestBody {
  const filter: Record<string, unknown>[] = [];
  if (scope.sellerId) filter.push({ term: { sellerId: scope.sellerId } });
  if (scope.availableOnly) filter.push({ term: { available: true } });
  if (scope.onSaleOn) filter.push({ range: { startDate: { lte: scope.onSaleOn } } }, { range: { endDate: { gte: scope.onSaleOn } } });
  return {
    query: {
      bool: {
        must: q ? [textQuery(q, ['name'])] : [],
        filter,
        ...(scope.hiddenSellers?.length ? { must_not: [{ terms: { sellerId: [...scope.hiddenSellers] } }] } : {}),
      },
    },
    sort: [{ createdAt: { order: 'desc' } }],
    track_total_hits: true,
    _source: ['view'],
  };
}
