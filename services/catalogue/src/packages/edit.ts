/**
 * Edit a seller's own package (`PUT /Packages/updatePackages/{id}`, spec 001 section 7): the whole
 * package as sent (image and availability kept when not sent), its content re-snapshotted from the
 * seller's own items (content.ts). An edit that moves the end into the past is refused (400
 * PACKAGE_END_PAST on `endDate`, Sri Lanka days, issue 27 item 7); one that keeps the end it had (an
 * ended package's description, its availability switch) goes through.
 *
 * A compare-and-set on `_id` + the version the request was based on (store/aggregateWrites.ts):
 * 409 / 412 STALE_PACKAGE once someone else changed it; without a version, 409 "This package was
 * changed meanwhile…" when it lost a race. PackageUpdated is recorded in the same write and the
 * package is written to the package index at once.
 */
import { endDateNotPast, PACKAGE_END_PAST, type PackageUpdateSchema } from '@market/contracts';
import { badRequest, type WriteBase } from '@market/platform';
import type { z } from 'zod';
import { packageData, packageUpdated } from '../events/packageEvents';
import { packagePut } from '../events/searchProjection';
import type { PackageDoc } from '../store/packages';
import { checkPackagePrice, contentOf } from './content';
import type { PackageDeps } from './deps';

/**
 * @param current - the seller's own package (read.ts `ownPackage`)
 * @param base - reads the version the request names (`writeBase`); called after the date rule,
 *   so a past end is answered before a bad `If-Match`
 * @param body - the validated body (contracts' PackageUpdateSchema)
 * @returns the package as written
 * @throws HttpError 400 PACKAGE_END_PAST; 400 NOT_OWN_ITEMS; 400 on `price` when a changed price or
 *   content puts the price above the items' final prices together (issue 32 item 4); 409/412
 *   STALE_PACKAGE; 409 when it lost a race
 */
export async function editPackage(
  d: PackageDeps,
  current: PackageDoc,
  base: () => WriteBase,
  body: z.infer<typeof PackageUpdateSchema>,
): Promise<PackageDoc> {
  if (body.endDate !== current.endDate && !endDateNotPast(body.endDate)) throw badRequest(PACKAGE_END_PAST, { endDate: PACKAGE_END_PAST });
  const changes = async () => {
    const priceCents = Math.round(body.price * 100);
    const content = await contentOf(d, current.seller, body.content);
    // Only an edit of the price or the content is held to the items' prices: an item's later
    // discount must not stop the seller switching the package off or fixing its description.
    const sameContent = content.length === current.content.length && content.every((c, i) => c._id === current.content[i]?._id);
    if (priceCents !== current.priceCents || !sameContent) checkPackagePrice(priceCents, content);
    return {
      packageName: body.packageName,
      description: body.description,
      priceCents,
      startDate: body.startDate,
      endDate: body.endDate,
      image: body.image ?? current.image,
      content,
      packageAvailability: body.packageAvailability ?? current.packageAvailability,
    };
  };
  return d.writes.update(base(), current, changes, packageUpdated, (n) => packagePut(packageData(n), n.aggregateVersion));
}
