/**
 * What follows every new password of a customer or seller (issue 27 item 3; docs/architecture.md,
 * Sessions and Password reset): a reset with an e-mailed code (services/identity/src/http/reset.ts)
 * or a change from the profile (`PUT /Customer/update/{id}`, `PUT /orgSeller/ChangePwd/{id}`).
 *
 * Every session of the account issued up to now ends (platform's `revokeSessionsIssuedBefore`, the
 * subject's `session:revoked-before` instant), a stolen 30-day "remember me" one included, and the
 * account is e-mailed that its password changed, with the Sri Lanka time and the Forgot Password
 * page to use if it was not them. For a change, the route then re-issues the caller's own session
 * after the cut-off (`renewSession` in http/session.ts), so only the session that made the change
 * goes on; a reset has no caller and ends them all.
 *
 * Called after the new hash is written: a login that checked the old password before the write
 * and signs its session after the cut-off (the width of one argon2 check) is not covered.
 */
import { colomboClock, colomboDate, type Language } from '@market/contracts';
import { revokeSessionsIssuedBefore } from '@market/platform';
import { sendEmail } from '../events/emailJobs';
import type { IdentityDeps } from '../deps';
import type { AccountKind } from '../store/resetCodes';

/** The account whose password changed: its id (the sessions' subject), address and greeting name. */
export interface PasswordOwner {
  kind: AccountKind;
  id: string;
  email: string;
  name: string;
  /** The account's language for the e-mail (issue 33 item 3); absent: English. */
  language?: Language;
}

/** `2026-11-22 17:05 (Sri Lanka time)`: when, on the marketplace's one clock (contracts' colomboTime). */
export function sriLankaTime(at: Date): string {
  return `${colomboDate(at)} ${colomboClock(at)} (Sri Lanka time)`;
}

/**
 * Ends the account's sessions issued up to `now` and queues the password-changed e-mail.
 * @param how - `reset` (with an e-mailed code) or `change` (from the profile, current password given)
 * @returns the cut-off, ms since the epoch: a session signed with it as `issuedAtLeast` stays valid
 * @throws whatever Redis or the queue throws (the password is already changed then; the caller answers 500)
 */
export async function passwordChanged(
  deps: Pick<IdentityDeps, 'redis' | 'emailQueue' | 'config'>,
  owner: PasswordOwner,
  how: 'reset' | 'change',
  now: Date = new Date(),
): Promise<number> {
  const cutoff = await revokeSessionsIssuedBefore(deps.redis, owner.id, now.getTime());
  await sendEmail(
    deps.emailQueue,
    owner.email,
    {
      template: 'password-changed',
      data: {
        name: owner.name,
        when: sriLankaTime(now),
        how,
        resetUrl: `${deps.config.WEB_URL}/${owner.kind === 'customer' ? 'Customer' : 'Seller'}ForgotPassword`,
      },
    },
    undefined,
    owner.language,
  );
  return cutoff;
}
