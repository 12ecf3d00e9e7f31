/**
 * The identity slice's operations (spec 000 and 001 section 7, plus the added ones).
 */
import { z } from 'zod';
import type { ApiOperation } from './api';
import type { Role } from './roles';
import {
  AcceptSellerRequestSchema,
  AddAdminSchema,
  CustomerResetPasswordSchema,
  CustomerSignupSchema,
  CustomerUpdateSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RESET_CODE_LENGTH,
  RESET_CODE_SENT,
  ReinstateAccountSchema,
  RequestDeleteSchema,
  SellerChangePasswordSchema,
  SuspendAccountSchema,
  SellerRequestSchema,
  SellerResetPasswordSchema,
  SellerUpdateSchema,
  VerifyCodeSchema,
} from './identity';
import {
  AdminAnswerSchema,
  AdminListAnswerSchema,
  AdminLoginAnswerSchema,
  CustomerAnswerSchema,
  CustomerListAnswerSchema,
  CustomerLoginAnswerSchema,
  OrgSellerAnswerSchema,
  OrgSellerListAnswerSchema,
  OrgSellerOrPublicAnswerSchema,
  SellerLoginAnswerSchema,
  SellerRequestAnswerSchema,
  SellerRequestListAnswerSchema,
  identityMessage,
} from './identity-answers';
import { UNPAGED_SEARCH_LIMIT } from './catalogue';
import { PageQuerySchema, UNPAGED_CAP, searchText } from './paging';
import { LanguageSchema } from './language-schema';

/** The account's aggregate version a write was based on (compare-and-set: another one answers 409). */
const AccountVersionField = z
  .number({ error: 'version must be the version you loaded' })
  .int('version must be the version you loaded')
  .min(1, 'version must be the version you loaded')
  .max(Number.MAX_SAFE_INTEGER, 'version must be the version you loaded');

/**
 * Body of `PUT /Account/language` (issue 33 items 1 and 3): the signed-in account's language for
 * screens, e-mails and PDF reports, and the account `version` it was chosen on.
 */
export const AccountLanguageSchema = z.object({ language: LanguageSchema, version: AccountVersionField });
export type AccountLanguage = z.infer<typeof AccountLanguageSchema>;
/** The 200 of `PUT /Account/language`: the language now kept and the account's new version. */
export const AccountLanguageAnswerSchema = z.object({ language: LanguageSchema, version: z.number().int().min(1) });

/** A list's 200 answer (an unpaged list is never cut silently; see services/identity/src/http/listAnswer.ts). */
const paged = `Array (documented shape): every matching row up to ${UNPAGED_CAP}, with header \`X-Total-Count\`; when more match, the first ${UNPAGED_CAP} in the list's order with headers \`X-Result-Truncated: true\` and \`X-Total-Count\` (use page/limit to read the rest). With page/limit: \`{ items, total, page, limit }\``;
const Search = PageQuerySchema.extend({ q: searchText(100) });
/** The 400 of a list served by a search index: bad input, or a page past its window. */
const searchPaging = `Invalid input: \`{ error, fields }\`; or a page starting past the first ${UNPAGED_SEARCH_LIMIT.toLocaleString('en')} matches`;
const common = {
  400: 'Invalid input: `{ error, fields }`',
  401: 'No valid session',
  403: 'Not allowed for this role',
  404: 'Absent, or not yours',
};
const pick = (...codes: (keyof typeof common)[]) => Object.fromEntries(codes.map((c) => [c, common[c]]));

/**
 * The 429 of the three logins: 10 failed logins lock the account for 15 minutes ('This account is
 * locked after 10 failed logins'); the gateway also limits logins per address. Retry-After gives
 * the seconds left either way.
 */
const LOGIN_LOCKED =
  "'This account is locked after 10 failed logins' (15 minutes), or too many logins from this address; Retry-After: the seconds left";

/**
 * The 429 of a check of the signed-in account's own password (delete, password change, the
 * delete screen's check): it counts as a login attempt, so it shares the login's lockout.
 */
const OWN_PASSWORD_LOCKED =
  "'This account is locked after 10 failed logins' (15 minutes, shared with the login); Retry-After: the seconds left";

/**
 * A role's login: one handler serves the three (services/identity/src/http/session.ts), so the
 * answers are the same but for the key the account sits under (`customerLogin`...).
 */
const login = <R extends z.ZodType>(answerKey: string, response: R) => ({
  summary: 'Log in; sets the session cookie (the token in the answer only on request)',
  audience: ['public' as const],
  body: LoginSchema,
  response,
  responses: {
    200: `\`{ ${answerKey} }\`; with \`bearer: true\` in the body also \`token\`, the session token for an \`Authorization: Bearer\` header`,
    401: 'Invalid Username or Password',
    403: 'The account is suspended by the marketplace (the reason is in the message; issue 30 item 10)',
    ...pick(400),
    429: LOGIN_LOCKED,
  },
});

/** A role's logout (revokes the session, services/identity/src/http/session.ts). */
const logout = (role: Role) => ({
  summary: 'Revoke the session',
  audience: [role],
  added: true,
  response: identityMessage('Logged out'),
  responses: { 200: 'Logged out' },
});

/** The signed-in account of a role (`GET .../me`). */
const signedIn = <R extends z.ZodType>(role: Role, response: R) => ({
  summary: `The signed-in ${role}`,
  audience: [role],
  added: true,
  response,
  responses: { 200: `The ${role}`, ...pick(401) },
});

/** An account read by its owner or an admin (`summary` says by what). */
const ownOrAdmin = <R extends z.ZodType>(role: 'customer' | 'seller', summary: string, response: R) => ({
  summary,
  audience: [role, 'admin' as const],
  response,
  responses: { 200: `The ${role}`, ...pick(401, 404) },
});

/** What a password change does to sessions (issue 27 item 3; services/identity/src/accounts/passwordChanged.ts). */
const PASSWORD_CHANGED_SESSIONS =
  'A new password ends every other session of the account and sets a fresh `mp_session` cookie of the same lifetime for this one (an API client takes its new token from Set-Cookie); the account is e-mailed that its password changed.';

/**
 * The three steps of a password reset: one set of routes serves customers and sellers
 * (services/identity/src/http/reset.ts), only the code's length and the new password's rules
 * differ; the gateway rate-limits all of them.
 */
const passwordReset = {
  forgot: (kind: keyof typeof RESET_CODE_LENGTH) => ({
    summary: `E-mail a ${RESET_CODE_LENGTH[kind]}-character reset code`,
    audience: ['public' as const],
    added: true,
    body: ForgotPasswordSchema,
    // The same answer for an address without an account (issue 27 item 6): no 404 that tells.
    response: identityMessage(RESET_CODE_SENT),
    responses: { 200: `${RESET_CODE_SENT}, whether or not the address has an account`, ...pick(400), 429: 'Too many requests' },
  }),
  verify: {
    summary: 'Verify the reset code',
    audience: ['public' as const],
    added: true,
    body: VerifyCodeSchema,
    response: identityMessage('Code Verified Successfully!'),
    responses: { 200: 'Code Verified Successfully!', 400: 'Code Verified Unsuccessfully!', 429: 'Too many requests' },
  },
  reset: <B extends z.ZodType>(body: B) => ({
    summary: 'Set a new password with a verified code',
    audience: ['public' as const],
    added: true,
    body,
    response: identityMessage('Your password has been changed'),
    responses: {
      200: 'Your password has been changed; every session of the account ends and the account is e-mailed that its password changed',
      400: 'Code verification unsuccessfull',
      429: 'Too many requests',
    },
  }),
};

/** What a suspension does (issue 30 item 10; services/identity/src/accounts/suspension.ts). */
const SUSPENSION =
  'Every session of the account ends at once and it cannot sign in (403 with the reason) until reinstated; the reason is recorded, e-mailed to the account and kept in the audit log';

/** An admin suspends or reinstates a customer or a seller (issue 30 item 10). */
const suspension = <B extends z.ZodType, R extends z.ZodType>(
  what: 'customer' | 'seller',
  act: 'suspend' | 'reinstate',
  body: B,
  response: R,
) => ({
  summary:
    act === 'suspend'
      ? `Suspend a ${what} with a reason (admin)${what === 'seller' ? "; the seller's items and packages leave the listings and checkout" : ''}`
      : `Reinstate a suspended ${what} (admin)${what === 'seller' ? '; the items and packages are listed again' : ''}`,
  audience: ['admin' as const],
  added: true,
  body,
  response,
  responses: {
    200: `The ${what}. ${act === 'suspend' ? SUSPENSION : 'The account can sign in again; it is e-mailed that it was reinstated'}`,
    409: `The ${what} changed since the version named, or is already ${act === 'suspend' ? 'suspended' : 'in good standing'}: reload`,
    ...pick(400, 401, 403, 404),
  },
});

export const IDENTITY_OPERATIONS = [
  // customers
  {
    method: 'post',
    path: '/Customer/add',
    tag: 'Customers',
    summary: 'Register a customer',
    audience: ['public'],
    body: CustomerSignupSchema,
    response: CustomerAnswerSchema,
    responses: { 201: 'The customer', 409: 'Email or Username Already Exists', ...pick(400), 429: 'Too many requests (Retry-After)' },
  },
  {
    method: 'post',
    path: '/Customer/loginCustomer',
    tag: 'Customers',
    ...login('customerLogin', CustomerLoginAnswerSchema),
  },
  {
    method: 'post',
    path: '/Customer/logout',
    tag: 'Customers',
    ...logout('customer'),
  },
  {
    method: 'get',
    path: '/Customer/me',
    tag: 'Customers',
    ...signedIn('customer', CustomerAnswerSchema),
  },
  {
    method: 'get',
    path: '/Customer/getEmail/{email}',
    tag: 'Customers',
    ...ownOrAdmin('customer', 'A customer by e-mail (own, or admin)', CustomerAnswerSchema),
  },
  {
    method: 'get',
    path: '/Customer/get/{id}',
    tag: 'Customers',
    ...ownOrAdmin('customer', 'A customer (own, or admin)', CustomerAnswerSchema),
  },
  {
    method: 'get',
    path: '/Customer/getAll',
    tag: 'Customers',
    summary: 'Customers from the admin search index, searched by first name, last name or username (a part of either), newest first',
    audience: ['admin'],
    query: Search,
    response: CustomerListAnswerSchema,
    responses: {
      200: paged,
      400: searchPaging,
      ...pick(401, 403),
      503: '`{ error }`: the search index is not reachable (the rest of the marketplace keeps working)',
    },
  },
  {
    method: 'put',
    path: '/Customer/update/{id}',
    tag: 'Customers',
    summary: 'Edit the own profile, optionally the password',
    audience: ['customer'],
    body: CustomerUpdateSchema,
    response: CustomerAnswerSchema,
    responses: {
      200: `The customer. ${PASSWORD_CHANGED_SESSIONS}`,
      ...pick(400, 401, 404),
      409: 'Changed meanwhile',
      429: OWN_PASSWORD_LOCKED,
    },
  },
  {
    method: 'delete',
    path: '/Customer/delete/{id}',
    tag: 'Customers',
    summary: 'Delete the own profile (password needed) or, as admin, a customer',
    audience: ['customer', 'admin'],
    body: DeleteAccountSchema,
    response: identityMessage('Successfully Deleted'),
    responses: {
      200: 'Successfully Deleted',
      400: "Invalid input: `{ error, fields }`: 'Please Enter Your Password!' or 'Invalid Credentials!' (a wrong password counts as a failed login)",
      ...pick(401, 404),
      429: OWN_PASSWORD_LOCKED,
    },
  },
  {
    method: 'post',
    path: '/Customer/checkPassword',
    tag: 'Customers',
    summary:
      "Check the signed-in customer's password before the delete confirmation (spec 000 section 5: password, then 'Are you sure?'); deletes nothing. Each call counts toward the login lockout, a right password forgets the failures",
    audience: ['customer'],
    added: true,
    body: DeleteAccountSchema,
    response: identityMessage('Password confirmed'),
    responses: {
      200: 'Password confirmed',
      400: "`{ error, fields: { password } }`: 'Please Enter Your Password!' or 'Invalid Credentials!'",
      ...pick(401),
      429: OWN_PASSWORD_LOCKED,
    },
  },
  {
    method: 'post',
    path: '/Customer/forgotPassword',
    tag: 'Password reset',
    ...passwordReset.forgot('customer'),
  },
  {
    method: 'post',
    path: '/Customer/verifyCode',
    tag: 'Password reset',
    ...passwordReset.verify,
  },
  {
    method: 'post',
    path: '/Customer/resetPassword',
    tag: 'Password reset',
    ...passwordReset.reset(CustomerResetPasswordSchema),
  },
  // seller requests
  {
    method: 'post',
    path: '/seller/add',
    tag: 'Sellers',
    summary: 'Apply as a seller company',
    audience: ['public'],
    body: SellerRequestSchema,
    response: SellerRequestAnswerSchema,
    responses: { 201: 'The request', 409: 'A seller with this email already exists', ...pick(400), 429: 'Too many requests' },
  },
  {
    method: 'get',
    path: '/seller/get',
    tag: 'Sellers',
    summary: 'Seller requests from the admin search index, searched by company, owner, year or e-mail, newest first',
    audience: ['admin'],
    query: Search,
    response: SellerRequestListAnswerSchema,
    responses: {
      200: paged,
      400: searchPaging,
      ...pick(401, 403),
      503: '`{ error }`: the search index is not reachable (the rest of the marketplace keeps working)',
    },
  },
  {
    method: 'get',
    path: '/seller/get/{id}',
    tag: 'Sellers',
    summary: 'A seller request',
    audience: ['admin'],
    response: SellerRequestAnswerSchema,
    responses: { 200: 'The request', ...pick(401, 403, 404) },
  },
  {
    method: 'delete',
    path: '/seller/delete/{id}',
    tag: 'Sellers',
    summary: 'Decline a seller request',
    audience: ['admin'],
    response: identityMessage('Request Declined!'),
    responses: { 200: 'Request Declined!', ...pick(401, 403, 404) },
  },
  // org sellers
  {
    method: 'post',
    path: '/orgseller/add',
    tag: 'Sellers',
    summary: 'Accept a request: credentials generated and e-mailed',
    audience: ['admin'],
    body: AcceptSellerRequestSchema,
    response: OrgSellerAnswerSchema,
    responses: { 201: 'The seller', ...pick(400, 401, 403, 404) },
  },
  {
    method: 'get',
    path: '/orgseller/get',
    tag: 'Sellers',
    summary: 'Sellers from the search index, newest first (public face; full profiles and `requestDelete` filter for admins)',
    audience: ['public', 'admin'],
    query: Search.extend({ requestDelete: z.enum(['true', 'false']).optional() }),
    response: OrgSellerListAnswerSchema,
    responses: {
      200: paged,
      400: searchPaging,
      503: '`{ error }`: the search index is not reachable (the rest of the marketplace keeps working)',
    },
  },
  {
    method: 'get',
    path: '/orgSeller/get/{id}',
    tag: 'Sellers',
    summary: 'A seller (full profile for the seller and admins)',
    audience: ['public', 'seller', 'admin'],
    response: OrgSellerOrPublicAnswerSchema,
    responses: { 200: 'The seller', ...pick(404) },
  },
  {
    method: 'get',
    path: '/orgSeller/getByEmail/{email}',
    tag: 'Sellers',
    ...ownOrAdmin('seller', 'A seller by e-mail (own, or admin)', OrgSellerAnswerSchema),
  },
  {
    method: 'get',
    path: '/orgSeller/me',
    tag: 'Sellers',
    ...signedIn('seller', OrgSellerAnswerSchema),
  },
  {
    method: 'put',
    path: '/orgSeller/update/{id}',
    tag: 'Sellers',
    summary: 'Edit the own profile',
    audience: ['seller'],
    body: SellerUpdateSchema,
    response: OrgSellerAnswerSchema,
    responses: { 200: 'The seller', ...pick(400, 401, 404) },
  },
  {
    method: 'delete',
    path: '/orgSeller/delete/{id}',
    tag: 'Sellers',
    summary: 'Remove a seller (accept a deletion request)',
    audience: ['admin'],
    response: identityMessage('Successfully Deleted'),
    responses: { 200: 'Successfully Deleted', ...pick(401, 403, 404) },
  },
  {
    method: 'put',
    path: '/orgseller/reqDel/{id}',
    tag: 'Sellers',
    summary: 'Ask for deletion (seller) or decline it (admin)',
    audience: ['seller', 'admin'],
    body: RequestDeleteSchema,
    response: OrgSellerAnswerSchema,
    responses: { 200: 'The seller', ...pick(400, 401, 403, 404) },
  },
  {
    method: 'put',
    path: '/orgSeller/ChangePwd/{id}',
    tag: 'Sellers',
    summary: 'Change the own password (current one needed)',
    audience: ['seller'],
    body: SellerChangePasswordSchema,
    response: identityMessage('Your update saved!'),
    responses: { 200: `Your update saved! ${PASSWORD_CHANGED_SESSIONS}`, ...pick(400, 401, 404), 429: OWN_PASSWORD_LOCKED },
  },
  {
    method: 'post',
    path: '/orgSeller/loginSeller',
    tag: 'Sellers',
    ...login('sellerLogin', SellerLoginAnswerSchema),
  },
  {
    method: 'post',
    path: '/orgSeller/logout',
    tag: 'Sellers',
    ...logout('seller'),
  },
  {
    method: 'post',
    path: '/orgSeller/forgotPassword',
    tag: 'Password reset',
    ...passwordReset.forgot('seller'),
  },
  {
    method: 'post',
    path: '/orgSeller/verifyCode',
    tag: 'Password reset',
    ...passwordReset.verify,
  },
  {
    method: 'post',
    path: '/orgSeller/resetPassword',
    tag: 'Password reset',
    ...passwordReset.reset(SellerResetPasswordSchema),
  },
  // suspensions (issue 30 item 10)
  {
    method: 'put',
    path: '/Customer/suspend/{id}',
    tag: 'Customers',
    ...suspension('customer', 'suspend', SuspendAccountSchema, CustomerAnswerSchema),
  },
  {
    method: 'put',
    path: '/Customer/reinstate/{id}',
    tag: 'Customers',
    ...suspension('customer', 'reinstate', ReinstateAccountSchema, CustomerAnswerSchema),
  },
  {
    method: 'put',
    path: '/orgSeller/suspend/{id}',
    tag: 'Sellers',
    ...suspension('seller', 'suspend', SuspendAccountSchema, OrgSellerAnswerSchema),
  },
  {
    method: 'put',
    path: '/orgSeller/reinstate/{id}',
    tag: 'Sellers',
    ...suspension('seller', 'reinstate', ReinstateAccountSchema, OrgSellerAnswerSchema),
  },
  // another admin's account (issue 30 item 10)
  {
    method: 'put',
    path: '/Admin/disable/{id}',
    tag: 'Admins',
    summary: "Disable another admin's account with a reason (its sessions end, it cannot sign in)",
    audience: ['admin'],
    added: true,
    body: SuspendAccountSchema,
    response: AdminAnswerSchema,
    responses: {
      200: 'The admin, disabled; the reason is kept in the audit log',
      409: 'Your own account, an admin changed since the version named, or already disabled',
      ...pick(400, 401, 403, 404),
    },
  },
  {
    method: 'put',
    path: '/Admin/enable/{id}',
    tag: 'Admins',
    summary: 'Enable a disabled admin account again',
    audience: ['admin'],
    added: true,
    body: ReinstateAccountSchema,
    response: AdminAnswerSchema,
    responses: { 200: 'The admin, enabled', 409: 'Changed since the version named, or not disabled', ...pick(400, 401, 403, 404) },
  },
  // admins
  {
    method: 'get',
    path: '/Admin/getAllAdmins',
    tag: 'Admins',
    summary: 'Admins',
    audience: ['admin'],
    query: PageQuerySchema,
    response: AdminListAnswerSchema,
    responses: { 200: paged, ...pick(401, 403) },
  },
  {
    method: 'get',
    path: '/Admin/getAdmin/{id}',
    tag: 'Admins',
    summary: 'An admin',
    audience: ['admin'],
    response: AdminAnswerSchema,
    responses: { 200: 'The admin', ...pick(401, 403, 404) },
  },
  {
    method: 'post',
    path: '/Admin/addAdmin',
    tag: 'Admins',
    summary: 'Create an admin; the password is generated and e-mailed',
    audience: ['admin'],
    body: AddAdminSchema,
    response: AdminAnswerSchema,
    responses: { 201: 'The admin', 409: 'Username taken', ...pick(400, 401, 403) },
  },
  {
    method: 'post',
    path: '/Admin/loginAdmin',
    tag: 'Admins',
    ...login('adminLogin', AdminLoginAnswerSchema),
  },
  {
    method: 'post',
    path: '/Admin/logout',
    tag: 'Admins',
    ...logout('admin'),
  },
  {
    method: 'get',
    path: '/Admin/me',
    tag: 'Admins',
    ...signedIn('admin', AdminAnswerSchema),
  },
  // the account's language (issue 33 items 1 and 3)
  {
    method: 'put',
    path: '/Account/language',
    tag: 'Accounts',
    summary:
      "Choose the signed-in account's language (en, si or ta) for its screens, e-mails and PDF reports; compare-and-set on the account's version",
    audience: ['customer', 'seller', 'admin'],
    added: true,
    body: AccountLanguageSchema,
    response: AccountLanguageAnswerSchema,
    responses: {
      200: "`{ language, version }`: the language kept and the account's new version",
      ...pick(400, 401),
      409: "`{ error, code: 'stale-version' }`: the account's version is no longer the one named; nothing changed (reload)",
    },
  },
] as const satisfies readonly ApiOperation[];
