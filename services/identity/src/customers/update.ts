/**
 * A customer's profile change (`PUT /Customer/update/{id}`, spec 000 section 6): names, phone,
 * date of birth, gender and address as sent (address '' when not sent), image and wishlist alerts
 * only when sent. A new password needs the current one (checked as a login attempt, so it counts
 * toward the login lockout: 400 'Invalid Current Password!' on `currentPassword`, 429 when locked;
 * http/session.ts `checkOwnPassword`), is stored as an argon2 hash, and then ends the account's
 * sessions issued up to now and e-mails the customer (issue 27 item 3, accounts/passwordChanged.ts);
 * the route re-issues the caller's own session after that cut-off.
 *
 * A compare-and-set on the version read (409 'Your account was changed meanwhile…' when it lost a
 * race) with CustomerUpdated recorded in the same write (outbox, events/identityEvents.ts).
 */
import type { CustomerUpdateSchema } from '@market/contracts';
import { languageOf } from '../accounts/language';
import { conflict, updateAggregate } from '@market/platform';
import type { z } from 'zod';
import { passwordChanged } from '../accounts/passwordChanged';
import { hashPassword } from '../domain/passwords';
import { customerUpdated } from '../events/identityEvents';
import type { IdentityDeps } from '../deps';
import { checkOwnPassword } from '../accounts/ownPassword';
import type { CustomerDoc } from '../store/customers';
import { CUSTOMER_CHANGED_MEANWHILE } from './read';

export interface CustomerUpdated {
  /** The account as written. */
  customer: CustomerDoc;
  /** With a new password: the sessions' cut-off (ms since the epoch) the caller's session is renewed after. */
  sessionCutoff?: number;
}

/**
 * @param current - the live customer (read.ts `liveCustomer`), the caller themself
 * @param body - the validated body (contracts' CustomerUpdateSchema)
 * @throws HttpError 400 'Invalid Current Password!'; 429 when the account is locked; 409 when it changed meanwhile
 */
export async function updateCustomer(
  d: IdentityDeps,
  current: CustomerDoc,
  body: z.output<typeof CustomerUpdateSchema>,
): Promise<CustomerUpdated> {
  const set: Partial<CustomerDoc> = {
    firstName: body.firstName,
    lastName: body.lastName,
    phoneNumber: body.phoneNumber,
    dob: body.dob,
    gender: body.gender,
    address: body.address ?? '',
  };
  if (body.userImage) set.userImage = body.userImage;
  if (body.wishlistAlerts !== undefined) set.wishlistAlerts = body.wishlistAlerts;
  if (body.password) {
    await checkOwnPassword(d, 'customer', current, body.currentPassword ?? '', 'Invalid Current Password!', 'currentPassword');
    set.password = await hashPassword(body.password);
  }
  const id = current._id;
  const next = { ...current, ...set } as CustomerDoc;
  const written = await updateAggregate(d.customers, id, current.aggregateVersion, { $set: set }, (v) => [customerUpdated(next, v)]);
  if (!written) throw conflict(CUSTOMER_CHANGED_MEANWHILE);
  d.relay.nudge();
  if (!body.password) return { customer: next };
  // A new password ends the customer's other sessions and keeps this one (issue 27 item 3).
  const owner = { kind: 'customer' as const, id: String(id), email: current.email, name: current.firstName, language: languageOf(current) };
  return { customer: next, sessionCutoff: await passwordChanged(d, owner, 'change') };
}
