/**
 * The login form's validation, from the services' own `LoginSchema` (spec 000 section 5: username
 * and password required). A module of its own so the login form can load it, and zod with it,
 * when the shopper starts typing instead of with the first page (initial JavaScript).
 */
import { LoginSchema } from '@market/contracts';
import { schemaValidator } from './forms';

/** Field errors of the login form's values (`{}` when valid), first failing rule per field. */
export const validateLogin = schemaValidator(LoginSchema);
