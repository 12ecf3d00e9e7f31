/**
 * The signed-in account's language (issue 33 items 1 and 3; `PUT /Account/language`): customers,
 * sellers and admins choose English, Sinhala or Tamil for their screens, their e-mails and their
 * PDF reports. A compare-and-set on the account's version (contracts' identity-api.ts
 * AccountLanguageSchema): another version answers 409 `stale-version` and changes nothing.
 *
 * The write records the account's event in the same write (outbox), so the services that e-mail
 * the account learn the language: CustomerUpdated and SellerUpdated carry it (identity-events.ts),
 * an admin's choice is AdminLanguageChosen on `identity.admin.v1`.
 */
import { DEFAULT_LANGUAGE, type AccountLanguage, type Language } from '@market/contracts';
import { conflict, pendingEvent, unauthorized, updateAggregate, type Caller } from '@market/platform';
import { Types } from 'mongoose';
import type { IdentityDeps } from '../deps';
import { customerUpdated, sellerEvent } from '../events/identityEvents';
import { CUSTOMER_CHANGED_MEANWHILE } from '../customers/read';
import type { AdminDoc } from '../store/admins';
import type { CustomerDoc } from '../store/customers';
import type { OrgSellerDoc } from '../store/sellers';

/** The 409 of a language chosen on an older version of the account (code `stale-version`). */
export const LANGUAGE_STALE = CUSTOMER_CHANGED_MEANWHILE;

/** An account's language as kept: its choice, or {@link DEFAULT_LANGUAGE} when it never chose. */
export const languageOf = (account: { language?: Language | null }): Language => account.language ?? DEFAULT_LANGUAGE;

/**
 * Keeps `body.language` as the caller's language if the account is still at `body.version`.
 * @returns the language kept and the account's new version
 * @throws HttpError 401 when the caller's account no longer exists; 409 {@link LANGUAGE_STALE} for another version
 */
export async function chooseLanguage(
  d: Pick<IdentityDeps, 'customers' | 'orgSellers' | 'admins' | 'relay'>,
  caller: Caller,
  body: AccountLanguage,
): Promise<{ language: Language; version: number }> {
  if (!Types.ObjectId.isValid(caller.id)) throw unauthorized();
  const id = new Types.ObjectId(caller.id);
  const { language, version } = body;
  let written: boolean;
  if (caller.role === 'customer') {
    const current = await d.customers.findOne({ _id: id, deleted: false }).lean<CustomerDoc>();
    if (!current) throw unauthorized();
    written = await updateAggregate(d.customers, id, version, { $set: { language } }, (v) => [
      customerUpdated({ ...current, language }, v),
    ]);
  } else if (caller.role === 'seller') {
    const current = await d.orgSellers.findOne({ _id: id, deleted: false }).lean<OrgSellerDoc>();
    if (!current) throw unauthorized();
    written = await updateAggregate(d.orgSellers, id, version, { $set: { language } }, (v) => [
      sellerEvent('SellerUpdated', { ...current, language }, v),
    ]);
  } else {
    const current = await d.admins.findById(id).lean<AdminDoc>();
    if (!current) throw unauthorized();
    // An admin created before admins were versioned is version 1 (accounts/adminStatus.ts).
    if (current.aggregateVersion === undefined)
      await d.admins.updateOne({ _id: id, aggregateVersion: { $exists: false } }, { $set: { aggregateVersion: 1, pendingEvents: [] } });
    written = await updateAggregate(d.admins, id, version, { $set: { language } }, (v) => [
      pendingEvent('AdminLanguageChosen', String(id), v, { adminId: String(id), language }),
    ]);
  }
  if (!written) throw conflict(LANGUAGE_STALE);
  d.relay.nudge();
  return { language, version: version + 1 };
}
