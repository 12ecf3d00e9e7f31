/** The package a seller's write starts from. */
import { notFound } from '@market/platform';
import type { Types } from 'mongoose';
import type { PackageDoc } from '../store/packages';
import type { PackageDeps } from './deps';

/**
 * The seller's own package, not deleted.
 * @throws HttpError 404 when there is none, or it is someone else's
 */
export async function ownPackage(d: Pick<PackageDeps, 'packages'>, sellerId: string, id: Types.ObjectId): Promise<PackageDoc> {
  const p = await d.packages.findOne({ _id: id, deleted: false }).lean<PackageDoc>();
  if (!p || p.seller !== sellerId) throw notFound();
  return p;
}
