/**
 * The login form's validation (spec 000 section 5, "Login: username and password required"; spec
 * 001 section 5 for the seller and admin logins): the contracts' zod-free `loginErrors`, which
 * answers exactly what the services' `LoginSchema` answers (packages/contracts/src/identity-rules.test.ts).
 * Without zod, so the login page validates as soon as it shows, with nothing more to download.
 */
import { loginErrors, type LoginErrors } from '@market/contracts/rules';

/**
 * Field errors of the login form's values (`{}` when valid), the first failing rule per field:
 * `Username is required`, `Password is required`, `Username cannot be longer than 100 characters`,
 * `Password cannot be longer than 128 characters`.
 */
export function validateLogin(values: { username: string; password: string; rememberMe?: boolean }): LoginErrors {
  return loginErrors(values);
}
