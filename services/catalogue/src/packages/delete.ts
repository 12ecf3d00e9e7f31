/**
 * Delete a package (`DELETE /Packages/deletePackage/{id}`, spec 001 section 7): the seller's own,
 * or any for an admin. Marked deleted with PackageDeleted in the same write, and removed from the
 * package index at once; the outbox relay removes the document once the event is out.
 */
import { notFound, type PendingEvent } from '@market/platform';
import type { Types } from 'mongoose';
import { packageDeleted } from '../events/packageEvents';
import type { PackageDoc } from '../store/packages';
import type { PackageDeps } from './deps';

/**
 * What deleting package `id` sets and records: marked deleted, and PackageDeleted. The same write
 * for a seller's or admin's delete and for the removal of a deleted seller's packages
 * (events/sellerConsumer.ts, which leaves the index to the projection).
 */
export function packageDeletion(id: string): { set: { deleted: true }; event: (version: number) => PendingEvent } {
  return { set: { deleted: true }, event: (v) => packageDeleted(id, v) };
}

/**
 * @param caller - the seller (own packages only) or admin deleting it
 * @throws HttpError 404 when there is no such live package, or it is another seller's; 409 when it changed meanwhile
 */
export async function deletePackage(d: PackageDeps, caller: { id: string; role: string }, id: Types.ObjectId): Promise<void> {
  const p = await d.packages.findOne({ _id: id, deleted: false }).lean<PackageDoc>();
  if (!p || (caller.role === 'seller' && p.seller !== caller.id)) throw notFound();
  const { set, event } = packageDeletion(String(id));
  await d.writes.remove(p, set, event);
}
