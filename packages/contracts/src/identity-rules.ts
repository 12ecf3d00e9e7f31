/**
 * The login form's rule and messages (spec 000 section 5, "Login: username and password
 * required"; spec 001 section 5 for the seller and admin logins), without zod: the web app's login
 * pages validate with {@link loginErrors} on their first page (initial JavaScript), and
 * `./identity` builds `LoginSchema` from the same limits and messages and re-exports this module.
 */

/** The documents' wording for a missing field: `Username is required`. */
export const requiredMessage = (label: string): string => `${label} is required`;

/** Longest username a login accepts, after trimming (`LoginSchema.username`). */
export const LOGIN_USERNAME_MAX = 100;
/** Longest password a login accepts, untrimmed (`LoginSchema.password`). */
export const LOGIN_PASSWORD_MAX = 128;

/**
 * The field messages of a login body; a field is absent when it passes. A mapped type, not an
 * interface, so it fits a form library's `Record<string, …>` of errors.
 */
export type LoginErrors = Partial<Record<'username' | 'password', string>>;

/**
 * The first failing rule per field of a login body, exactly as `LoginSchema` answers it (the
 * identity service's 400 and the form's inline errors say the same; identity-rules.test.ts holds
 * the two equal):
 * - username: not a string or blank after trimming → `Username is required`; longer than
 *   {@link LOGIN_USERNAME_MAX} after trimming → `Username cannot be longer than 100 characters`;
 * - password: not a string or empty → `Password is required`; longer than
 *   {@link LOGIN_PASSWORD_MAX} → `Password cannot be longer than 128 characters`.
 * @param values - the body or form values; other fields (`rememberMe`, `bearer`) are not checked here
 * @returns `{}` when both fields pass
 */
export function loginErrors(values: { username?: unknown; password?: unknown }): LoginErrors {
  const errors: LoginErrors = {};
  const username = typeof values.username === 'string' ? values.username.trim() : '';
  if (username.length === 0) errors.username = requiredMessage('Username');
  else if (username.length > LOGIN_USERNAME_MAX) errors.username = `Username cannot be longer than ${LOGIN_USERNAME_MAX} characters`;
  const password = values.password;
  if (typeof password !== 'string' || password.length === 0) errors.password = requiredMessage('Password');
  else if (password.length > LOGIN_PASSWORD_MAX) errors.password = `Password cannot be longer than ${LOGIN_PASSWORD_MAX} characters`;
  return errors;
}
