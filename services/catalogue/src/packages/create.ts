/**
 * Create a package (`POST /Packages/addPackage`, spec 001 section 7): the seller's package of their
 * own items (content.ts), price in rupees on the wire and cents stored, available, version 1; the
 * dates were checked by contracts' PackageCreateSchema (an endDate already past in Sri Lanka is
 * 400 PACKAGE_END_PAST). PackageCreated is recorded in the same write (outbox,
 * events/packageEvents.ts) and the package is written to the package index at once.
 */
import type { PackageCreateSchema } from '@market/contracts';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { packageCreated, packageData } from '../events/packageEvents';
import { packagePut } from '../events/searchProjection';
import type { PackageDoc } from '../store/packages';
import { checkPackagePrice, contentOf } from './content';
import type { PackageDeps } from './deps';

/**
 * @param body - the validated body (contracts' PackageCreateSchema)
 * @returns the stored package
 * @throws HttpError 400 NOT_OWN_ITEMS when an item of the content is not the seller's own; 400 on
 *   `price` when it is above the items' final prices together (issue 32 item 4)
 */
export async function createPackage(d: PackageDeps, sellerId: string, body: z.infer<typeof PackageCreateSchema>): Promise<PackageDoc> {
  const doc = {
    _id: new Types.ObjectId(),
    packageName: body.packageName,
    seller: sellerId,
    description: body.description,
    priceCents: Math.round(body.price * 100),
    startDate: body.startDate,
    endDate: body.endDate,
    image: body.image,
    content: await contentOf(d, sellerId, body.content),
    packageAvailability: true,
    createdAt: new Date(),
    deleted: false,
    aggregateVersion: 1,
  } as PackageDoc;
  checkPackagePrice(doc.priceCents, doc.content);
  await d.packages.create({ ...doc, pendingEvents: [packageCreated(doc, 1)] });
  d.nudge();
  await d.writes.indexNow(packagePut(packageData(doc), 1));
  return doc;
}
