/**
 * An admin suspends or reinstates a customer or a seller account (issue 30 item 10):
 * `PUT /Customer/suspend/{id}`, `/Customer/reinstate/{id}`, `/orgSeller/suspend/{id}`,
 * `/orgSeller/reinstate/{id}`.
 *
 * - The write is one compare-and-set on the account's `_id` and the `version` the admin's screen
 *   showed (`updateAggregate`): the account's `suspended` ({ reason, at, by }) is set or cleared and
 *   CustomerSuspended / CustomerReinstated / SellerSuspended / SellerReinstated (reason and
 *   `byAdmin`) recorded in the same write. A version other than the current one answers 409
 *   ({@link ACCOUNT_CHANGED}; the screen reloads); suspending a suspended account, or reinstating one in
 *   good standing, answers 409 too (another admin decided first).
 * - Suspending ends every session of the account issued up to now (platform's
 *   `revokeSessionsIssuedBefore`, the subject's `session:revoked-before` instant), and the login
 *   refuses the account while it is suspended (http/session.ts `logIn`, 403 with the reason). A
 *   reinstatement needs nothing of the sessions: the old ones stay ended, new logins work again.
 * - A seller's items and packages leave the listings and checkout while it is suspended: the
 *   catalogue and ordering keep the flag from SellerSuspended / SellerReinstated
 *   (services/catalogue/src/events/sellerConsumer.ts, services/ordering/src/events/readModelConsumer.ts).
 * - The account is e-mailed the decision with the reason (templates `account-suspended`,
 *   `account-reinstated`), once per decision (the job id names the version written).
 * - The admin search index is synced at once, so the admin's list shows the badge.
 * The audit log (reporting) is fed by the events' `byAdmin`.
 */
import { accountSuspended, type ByAdmin, type Language } from '@market/contracts';
import { HttpError, conflict, notFound, revokeSessionsIssuedBefore, updateAggregate } from '@market/platform';
import type { Types } from 'mongoose';
import { sendEmail } from '../events/emailJobs';
import { customerSuspension, sellerSuspension } from '../events/identityEvents';
import type { IdentityDeps } from '../deps';
import type { CustomerDoc } from '../store/customers';
import type { OrgSellerDoc } from '../store/sellers';
import type { Suspension } from '../store/suspension';
import { languageOf } from './language';
import { sriLankaTime } from './passwordChanged';

type SuspensionDeps = Pick<IdentityDeps, 'customers' | 'orgSellers' | 'relay' | 'search' | 'redis' | 'emailQueue'>;

/** 409 of a suspend or reinstate based on an older version of the account. */
export const ACCOUNT_CHANGED = 'This account was changed by someone else; reload to see the latest';
/** 409 of a suspend of a suspended account. */
export const ALREADY_SUSPENDED = 'This account is already suspended';
/** 409 of a reinstate of an account in good standing. */
export const NOT_SUSPENDED = 'This account is not suspended';

/** The decision: suspend with a reason, or reinstate (reason optional, '' when none). */
export interface SuspensionDecision {
  suspend: boolean;
  reason: string;
  /** The account version the admin's screen showed. */
  version: number;
  adminId: string;
}

/**
 * A login's check of an account it found with the right password: a suspended account is refused.
 * @throws HttpError 403 {@link accountSuspended} with the reason
 */
export function refuseSuspended(account: { suspended?: Suspension | null }): void {
  if (account.suspended) throw new HttpError(403, accountSuspended(account.suspended.reason));
}

/**
 * Suspends or reinstates customer `id`.
 * @returns the customer as written (its new version)
 * @throws HttpError 404 no such customer; 409 {@link ACCOUNT_CHANGED} / {@link ALREADY_SUSPENDED} / {@link NOT_SUSPENDED}
 */
export async function decideCustomer(d: SuspensionDeps, id: Types.ObjectId, decision: SuspensionDecision): Promise<CustomerDoc> {
  const current = await d.customers.findOne({ _id: id, deleted: false }).lean<CustomerDoc>();
  if (!current) throw notFound();
  const written = await decide(d, 'customer', current, decision, (v, byAdmin) =>
    customerSuspension(decision.suspend ? 'CustomerSuspended' : 'CustomerReinstated', String(id), v, decision.reason, byAdmin),
  );
  const after = await d.customers.findById(id).lean<CustomerDoc>();
  if (!after) throw notFound();
  if (!written) throw conflict(staleMessage(after, decision));
  await afterDecision(d, 'customer', after, decision, `${after.firstName} ${after.lastName}`.trim());
  return after;
}

/**
 * Suspends or reinstates org seller `id`.
 * @returns the seller as written (its new version)
 * @throws HttpError 404 no such seller; 409 {@link ACCOUNT_CHANGED} / {@link ALREADY_SUSPENDED} / {@link NOT_SUSPENDED}
 */
export async function decideSeller(d: SuspensionDeps, id: Types.ObjectId, decision: SuspensionDecision): Promise<OrgSellerDoc> {
  const current = await d.orgSellers.findOne({ _id: id, deleted: false }).lean<OrgSellerDoc>();
  if (!current) throw notFound();
  const written = await decide(d, 'seller', current, decision, (v, byAdmin) =>
    sellerSuspension(decision.suspend ? 'SellerSuspended' : 'SellerReinstated', String(id), v, decision.reason, byAdmin),
  );
  const after = await d.orgSellers.findById(id).lean<OrgSellerDoc>();
  if (!after) throw notFound();
  if (!written) throw conflict(staleMessage(after, decision));
  await afterDecision(d, 'seller', after, decision, after.ownername);
  return after;
}

function staleMessage(after: { suspended?: Suspension | null; aggregateVersion: number }, decision: SuspensionDecision): string {
  if (after.aggregateVersion !== decision.version) return ACCOUNT_CHANGED;
  return decision.suspend ? ALREADY_SUSPENDED : NOT_SUSPENDED;
}

/** The compare-and-set write; false when the version moved or the account is already in the asked state. */
async function decide(
  d: SuspensionDeps,
  kind: 'customer' | 'seller',
  current: { _id: Types.ObjectId; aggregateVersion: number; suspended?: Suspension | null },
  decision: SuspensionDecision,
  event: (version: number, byAdmin: ByAdmin) => ReturnType<typeof customerSuspension>,
): Promise<boolean> {
  if (current.aggregateVersion !== decision.version) return false;
  if (!!current.suspended === decision.suspend) return false;
  const model = kind === 'customer' ? d.customers : d.orgSellers;
  const suspended: Suspension | null = decision.suspend ? { reason: decision.reason, at: new Date(), by: decision.adminId } : null;
  const byAdmin: ByAdmin = { adminId: decision.adminId, ...(decision.reason ? { reason: decision.reason } : {}) };
  return updateAggregate(model, current._id, decision.version, { $set: { suspended } }, (v) => [event(v, byAdmin)]);
}

/** Sessions, the admin index, the relay and the e-mail after a written decision. */
async function afterDecision(
  d: SuspensionDeps,
  kind: 'customer' | 'seller',
  account: { _id: Types.ObjectId; email: string; aggregateVersion: number; language?: Language },
  decision: SuspensionDecision,
  name: string,
): Promise<void> {
  const id = String(account._id);
  // Every session signed up to now ends (a login is refused from now on while suspended).
  if (decision.suspend) await revokeSessionsIssuedBefore(d.redis, id);
  await d.search.sync(kind, id);
  d.relay.nudge();
  const template = decision.suspend ? 'account-suspended' : 'account-reinstated';
  await sendEmail(
    d.emailQueue,
    account.email,
    { template, data: { name, kind, reason: decision.reason, when: sriLankaTime(new Date()) } },
    `${template}-${id}-${account.aggregateVersion}`,
    languageOf(account),
  );
}
