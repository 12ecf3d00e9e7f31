/**
 * An admin disables or enables another admin's account (issue 30 item 10): `PUT /Admin/disable/{id}`
 * with a reason, `PUT /Admin/enable/{id}`.
 *
 * - One compare-and-set on the admin's `_id` and the `version` the screen showed: `disabled`
 *   ({ reason, at, by }) set or cleared with AdminDisabled / AdminEnabled (`identity.admin.v1`,
 *   reason and `byAdmin`, for the audit log) in the same write; an older version, or the account
 *   already in the asked state, answers 409. An admin created before admins were versioned is
 *   version 1 (written so first).
 * - Nobody disables their own account (409 {@link ADMIN_DISABLES_SELF}), so at least the deciding
 *   admin stays able to sign in.
 * - Disabling ends every session of the account issued up to now; the login refuses a disabled
 *   admin (403 with the reason; http/session.ts).
 */
import { ADMIN_DISABLES_SELF, adminDisabled, type ByAdmin } from '@market/contracts';
import { HttpError, conflict, notFound, pendingEvent, revokeSessionsIssuedBefore, updateAggregate } from '@market/platform';
import type { Types } from 'mongoose';
import type { IdentityDeps } from '../deps';
import type { AdminDoc } from '../store/admins';
import type { Suspension } from '../store/suspension';
import { ACCOUNT_CHANGED } from './suspension';

/** 409 of disabling a disabled admin. */
export const ALREADY_DISABLED = 'This admin is already disabled';
/** 409 of enabling an admin that is not disabled. */
export const NOT_DISABLED = 'This admin is not disabled';

/**
 * A login's check of an admin it found with the right password.
 * @throws HttpError 403 {@link adminDisabled} with the reason
 */
export function refuseDisabledAdmin(account: { disabled?: Suspension | null }): void {
  if (account.disabled) throw new HttpError(403, adminDisabled(account.disabled.reason));
}

/**
 * Disables (`disable`) or enables admin `id` as admin `byId`.
 * @param version - the admin's version the screen showed
 * @returns the admin as written
 * @throws HttpError 404 no such admin; 409 own account, stale version, already in that state
 */
export async function setAdminDisabled(
  d: Pick<IdentityDeps, 'admins' | 'redis' | 'relay'>,
  id: Types.ObjectId,
  decision: { disable: boolean; reason: string; version: number; byId: string },
): Promise<AdminDoc> {
  if (decision.disable && String(id) === decision.byId) throw conflict(ADMIN_DISABLES_SELF);
  let current = await d.admins.findById(id).lean<AdminDoc>();
  if (!current) throw notFound();
  if (current.aggregateVersion === undefined) {
    // Created before admins were versioned: it is version 1 from now on.
    await d.admins.updateOne({ _id: id, aggregateVersion: { $exists: false } }, { $set: { aggregateVersion: 1, pendingEvents: [] } });
    current = (await d.admins.findById(id).lean<AdminDoc>())!;
  }
  if (current.aggregateVersion !== decision.version) throw conflict(ACCOUNT_CHANGED);
  if (!!current.disabled === decision.disable) throw conflict(decision.disable ? ALREADY_DISABLED : NOT_DISABLED);
  const disabled: Suspension | null = decision.disable ? { reason: decision.reason, at: new Date(), by: decision.byId } : null;
  const byAdmin: ByAdmin = { adminId: decision.byId, ...(decision.reason ? { reason: decision.reason } : {}) };
  const type = decision.disable ? 'AdminDisabled' : 'AdminEnabled';
  const written = await updateAggregate(d.admins, id, decision.version, { $set: { disabled } }, (v) => [
    pendingEvent(type, String(id), v, { adminId: String(id), reason: decision.reason, byAdmin }),
  ]);
  if (!written) throw conflict(ACCOUNT_CHANGED);
  if (decision.disable) await revokeSessionsIssuedBefore(d.redis, String(id));
  d.relay.nudge();
  return (await d.admins.findById(id).lean<AdminDoc>())!;
}
