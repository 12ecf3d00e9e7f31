/**
 * The check of a signed-in account's own password before it changes something that needs it
 * (identity use cases: deleting the account, changing the password).
 */
import { HttpError } from '@market/platform';
import type { Role } from '@market/contracts';
import { verifyPassword } from '../domain/passwords';
import type { IdentityDeps } from '../deps';

/**
 * Checks a signed-in account's own password (deleting the account, changing the password, the
 * password check before the delete confirmation; spec 000 section 5). Each check counts as a login
 * attempt against the same per-account limit as {@link logIn} (key `<role>:<username>`), so a
 * stolen session cannot use it to guess the password faster than the login page allows; a right
 * password forgets the failures, as a successful login does.
 * @param account - the stored account: its username and password hash
 * @param password - what the person typed
 * @param message - the 400's text and the field error under `field` (e.g. 'Invalid Credentials!')
 * @throws {HttpError} 400 `{ error: message, fields: { [field]: message } }` for a wrong password;
 *   429 'This account is locked after 10 failed logins' (Retry-After) past the limit
 */
export async function checkOwnPassword(
  deps: IdentityDeps,
  role: Role,
  account: { username: string; password: string },
  password: string,
  message: string,
  field: string,
): Promise<void> {
  const limitKey = `${role}:${account.username}`;
  await deps.limits.login(limitKey);
  if (!(await verifyPassword(account.password, password))) throw new HttpError(400, message, { [field]: message });
  await deps.limits.loginSucceeded(limitKey);
}
