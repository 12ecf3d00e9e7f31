/**
 * Deleting a seller account (spec 001 sections 4-7): the seller asks, an admin accepts or declines.
 *
 * - `setDeletionRequest` (`PUT /orgseller/reqDel/{id} { requestDelete }`): the seller sets or
 *   withdraws the request on their own account (404 for another's); an admin may only decline it
 *   (`requestDelete: false`; 403 otherwise). Records SellerDeletionRequested or
 *   SellerDeletionDeclined (compare-and-set; 409 STALE when the seller changed meanwhile);
 *   setting the value it already has changes nothing.
 * - `deleteSeller` (`DELETE /orgSeller/delete/{id}`, admin): marks the seller deleted (its e-mail
 *   and username become free) with SellerDeleted, ends every open session of the seller (the
 *   gateway refuses them, so no service takes another write), and SellerDeleted then withdraws
 *   the seller's items and packages from the catalogue (services/catalogue/src/events/sellerConsumer.ts).
 *   404 when there is no such seller, 409 STALE.
 *
 * The seller is e-mailed the admin's decision on the request (issue 30 item 7): accepted
 * (`seller-deletion-accepted`, saying unshipped orders are cancelled and refunded, shipped ones
 * finished by the marketplace: ordering's fulfilment/sellerRemoved.ts) or declined
 * (`seller-deletion-declined`), once per decision (the job id names the aggregate version).
 *
 * The admin search index is synced after each change.
 */
import { conflict, forbidden, notFound, revokeSubjectSessions, updateAggregate, type Caller } from '@market/platform';
import type { Types } from 'mongoose';
import { sendEmail } from '../events/emailJobs';
import { sellerRefEvent } from '../events/identityEvents';
import type { IdentityDeps } from '../deps';
import type { OrgSellerDoc } from '../store/sellers';
import { ownSeller, STALE } from './own';

type DeletionDeps = Pick<IdentityDeps, 'orgSellers' | 'relay' | 'search' | 'redis' | 'emailQueue'>;

/** Sets seller `id`'s deletion request as `caller` (a seller or an admin); answers the seller as it ends up. */
export async function setDeletionRequest(
  d: DeletionDeps,
  caller: Caller,
  id: Types.ObjectId,
  requestDelete: boolean,
): Promise<OrgSellerDoc> {
  let current: OrgSellerDoc;
  if (caller.role === 'seller') {
    current = await ownSeller(d, caller, id);
  } else {
    // Admins only decline a deletion request; accepting it is DELETE /orgSeller/delete/{id}.
    if (requestDelete) throw forbidden('Only the seller can ask for the deletion of their account');
    const s = await d.orgSellers.findOne({ _id: id, deleted: false }).lean<OrgSellerDoc>();
    if (!s) throw notFound();
    current = s;
  }
  if (current.requestDelete === requestDelete) return current;
  const type = requestDelete ? 'SellerDeletionRequested' : 'SellerDeletionDeclined';
  if (
    !(await updateAggregate(d.orgSellers, id, current.aggregateVersion, { $set: { requestDelete } }, (v) => [
      sellerRefEvent(type, String(id), v, caller.role === 'admin' ? { adminId: caller.id } : undefined),
    ]))
  ) {
    throw conflict(STALE);
  }
  await d.search.sync('seller', String(id));
  d.relay.nudge();
  // An admin declining the seller's request tells the seller (a seller withdrawing it needs no mail).
  if (caller.role === 'admin') {
    await sendEmail(
      d.emailQueue,
      current.email,
      { template: 'seller-deletion-declined', data: { name: current.ownername, companyname: current.companyname } },
      `seller-deletion-declined-${String(id)}-${current.aggregateVersion + 1}`,
    );
  }
  return { ...current, requestDelete };
}

/**
 * Deletes seller `id` (an admin's acceptance of the deletion).
 * @param adminId - the deciding admin, recorded on SellerDeleted for the audit log (issue 30 item 10)
 */
export async function deleteSeller(d: DeletionDeps, id: Types.ObjectId, adminId?: string): Promise<void> {
  const s = await d.orgSellers.findOne({ _id: id, deleted: false }).lean<OrgSellerDoc>();
  if (!s) throw notFound();
  const set = { deleted: true, emailKey: `deleted:${String(id)}`, usernameKey: `deleted:${String(id)}` };
  if (
    !(await updateAggregate(d.orgSellers, id, s.aggregateVersion, { $set: set }, (v) => [
      sellerRefEvent('SellerDeleted', String(id), v, adminId ? { adminId } : undefined),
    ]))
  )
    throw conflict(STALE);
  // Every open session of the seller ends now; SellerDeleted then withdraws its catalogue.
  await revokeSubjectSessions(d.redis, String(id));
  await d.search.sync('seller', String(id));
  d.relay.nudge();
  await sendEmail(
    d.emailQueue,
    s.email,
    { template: 'seller-deletion-accepted', data: { name: s.ownername, companyname: s.companyname } },
    `seller-deletion-accepted-${String(id)}`,
  );
}
