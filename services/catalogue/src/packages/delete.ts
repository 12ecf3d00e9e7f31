/**
 * Delete a package (`DELETE /Packages/deletePackage/{id}`, spec 001 section 7): the seller's own,
 * or any for an admin. Marked deleted with PackageDeleted in the same write, and removed from the
 * package index at once; the outbox relay removes the document once the event is out.
 */
import { notFound } from '@market/platform';
import type { Types } from 'mongoose';
import { packageDeleted } from '../events/packageEvents';
import type { PackageDoc } from '../store/packages';
import type { PackageDeps } from './deps';

/**
 * @param caller - the seller (own packages only) or admin deleting it
 * @throws HttpError 404 when there is no such live package, or it is another seller's; 409 when it changed meanwhile
 */
export async function deletePackage(d: PackageDeps, caller: { id: string; role: string }, id: Types.ObjectId): Promise<void> {
  const p = await d.packages.findOne({ _id: id, deleted: false }).lean<PackageDoc>();
  if (!p || (caller.role === 'seller' && p.seller !== caller.id)) throw notFound();
  await d.writes.remove(p, { deleted: true }, (v) => packageDeleted(String(id), v));
}
