/**
 * Package events recorded through the outbox: what cart, ordering and reporting keep,
 * and the whole package for the package search index.
 */
import type { PackageEventData } from '@market/contracts';
import { pendingEvent, type PendingEvent } from '@market/platform';
import type { PackageDoc } from '../store/packages';

export function packageData(p: PackageDoc): PackageEventData {
  return {
    packageId: String(p._id),
    packageName: p.packageName,
    seller: p.seller,
    description: p.description,
    priceCents: p.priceCents,
    image: p.image,
    packageAvailability: p.packageAvailability,
    startDate: p.startDate,
    endDate: p.endDate,
    content: p.content.map((c) => ({
      itemId: c._id,
      Item_name: c.Item_name,
      Brand: c.Brand,
      Model: c.Model,
      Images: c.Images,
      finalPriceCents: c.finalPriceCents,
    })),
    createdAt: new Date(p.createdAt).toISOString(),
  };
}

export const packageCreated = (p: PackageDoc, v: number): PendingEvent => pendingEvent('PackageCreated', String(p._id), v, packageData(p));
export const packageUpdated = (p: PackageDoc, v: number): PendingEvent => pendingEvent('PackageUpdated', String(p._id), v, packageData(p));
export const packageDeleted = (id: string, v: number): PendingEvent => pendingEvent('PackageDeleted', id, v, { packageId: id });
