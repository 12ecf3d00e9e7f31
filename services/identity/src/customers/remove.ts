/**
 * Removing a customer account (`DELETE /Customer/delete/{id}`, spec 000 section 5): by the customer
 * themself with their password (checked as a login attempt: 400 'Invalid Credentials!' on
 * `password`, 429 when locked; http/session.ts `checkOwnPassword`), or by an admin without one.
 *
 * The account is marked deleted with CustomerDeleted in the same write (compare-and-set, 409 when
 * it changed meanwhile); its e-mail and username are free again at once; every session of the
 * customer ends (other browsers too), the admin search index is synced and the address book is
 * deleted (addresses/book.ts `deleteBook`); the outbox relay removes
 * the document once its last event is out.
 */
import { conflict, revokeSubjectSessions, updateAggregate } from '@market/platform';
import { deleteBook } from '../addresses/book';
import { customerDeleted } from '../events/identityEvents';
import type { IdentityDeps } from '../deps';
import { checkOwnPassword } from '../accounts/ownPassword';
import type { CustomerDoc } from '../store/customers';
import { CUSTOMER_CHANGED_MEANWHILE } from './read';

/** A wrong password on the delete screen (spec 000 section 5). */
export const INVALID_CREDENTIALS = 'Invalid Credentials!';

/**
 * @param current - the live customer (read.ts `liveCustomer`)
 * @param password - the customer's own password when they delete themself; null for an admin
 * @param adminId - the admin removing the account, recorded on CustomerDeleted for the audit log (issue 30 item 10)
 * @throws HttpError 400 INVALID_CREDENTIALS; 429 when the account is locked; 409 when it changed meanwhile
 */
export async function removeCustomer(d: IdentityDeps, current: CustomerDoc, password: string | null, adminId?: string): Promise<void> {
  if (password !== null) await checkOwnPassword(d, 'customer', current, password, INVALID_CREDENTIALS, 'password');
  const id = String(current._id);
  // Free the e-mail and username at once; the document goes when its last event is out.
  const set = { deleted: true, emailKey: `deleted:${id}`, usernameKey: `deleted:${id}` };
  const written = await updateAggregate(d.customers, current._id, current.aggregateVersion, { $set: set }, (v) => [
    customerDeleted(id, v, adminId ? { adminId } : undefined),
  ]);
  if (!written) throw conflict(CUSTOMER_CHANGED_MEANWHILE);
  // Every session of the customer ends now, the ones in other browsers too.
  await revokeSubjectSessions(d.redis, id);
  await d.search.sync('customer', id);
  // The delivery addresses go with the account (their last event empties the address list).
  await deleteBook(d, id);
  d.relay.nudge();
}
