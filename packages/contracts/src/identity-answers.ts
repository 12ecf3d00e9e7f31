/**
 * Answer schemas of the identity slice: the JSON bodies of its 2xx answers exactly as the
 * identity service sends them (its `customerView`, `sellerRequestView`, `orgSellerView`,
 * `orgSellerPublicView` and `adminView`), for `ApiOperation.response` (docs/architecture.md, Validation).
 * Shapes follow spec 000 section 3 ("Customer") and spec 001 section 3 ("Seller request and
 * organisation seller", "Admin"); the messages are the documents' own wording (section 7).
 *
 * Closed objects: a password hash, reset code or internal field (`usernameKey`, `emailKey`,
 * outbox fields) in an answer is a failure. No field carries an amount. Dates are ISO 8601 UTC
 * date-times (`Date.toISOString()`).
 */
import { z } from 'zod';
import { objectIdAnswer, utcTimeAnswer } from './answer-fields';
import { GENDERS } from './identity';
import { LanguageSchema } from './language-schema';
import { listAnswer } from './paging';

const ObjectIdString = objectIdAnswer;
const Timestamp = utcTimeAnswer;

/**
 * An account an admin suspended (issue 30 item 10): why and since when. Absent while the account
 * is in good standing.
 */
export const SuspensionAnswerSchema = z.object({
  reason: z.string(),
  at: Timestamp.describe('When the admin suspended the account, ISO 8601 UTC date-time'),
});
/** The account's aggregate version, which an admin's suspend or reinstate names (compare-and-set). */
const AccountVersion = z.number().int().min(1).optional().describe('The account version; suspend and reinstate name it (409 when older)');
/**
 * The account's language for screens, e-mails and PDF reports (issue 33; `PUT /Account/language`):
 * `en` for an account that never chose. Always in the identity service's answers; optional here
 * for rows an admin list serves from its search index, stored before the field existed.
 */
const AccountLanguage = LanguageSchema.optional().describe("The account's language: en, si or ta (en until chosen)");

/** A customer (spec 000 section 3, "Customer"): every field but the password hash. */
export const CustomerAnswerSchema = z.object({
  _id: ObjectIdString,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().describe('As registered (case kept)'),
  phoneNumber: z.string().describe('10 digits'),
  dob: z.string().describe('Birthday as given at signup or edit, starting `YYYY-MM-DD`'),
  gender: z.enum(GENDERS),
  address: z.string().describe('Empty string when not given'),
  username: z.string(),
  userImage: z.string().describe('Stored image name, or the default avatar `avatarMale.jpg` / `avatarFemale.jpg`'),
  newlyAddeddate: Timestamp.describe('When the customer registered, ISO 8601 UTC date-time'),
  wishlistAlerts: z
    .boolean()
    .optional()
    .describe('"E-mail me about my wishlist": e-mails when a wish-listed item gets cheaper or is back in stock; on unless switched off'),
  version: AccountVersion,
  language: AccountLanguage,
  suspended: SuspensionAnswerSchema.optional(),
});
export type CustomerAnswer = z.output<typeof CustomerAnswerSchema>;

/** The seller's company profile shared by requests and org sellers (spec 001 section 3). */
const SellerProfileAnswerFields = {
  _id: ObjectIdString.describe('MongoDB ObjectId; an accepted request keeps its id as the org seller'),
  ownername: z.string(),
  mobile: z.string().describe('10 digits, starting with 0'),
  companyname: z.string(),
  address: z.string(),
  year: z.string().describe('Established year, 4 digits'),
  email: z.string(),
  description: z.string(),
  logo: z.string().describe('Stored image name of the logo; empty string when none was uploaded'),
};

/** A seller request (spec 001 section 3, "Seller request"), as admins see it. */
export const SellerRequestAnswerSchema = z.object({
  ...SellerProfileAnswerFields,
  createdAt: Timestamp.describe('When the company applied, ISO 8601 UTC date-time'),
});
export type SellerRequestAnswer = z.output<typeof SellerRequestAnswerSchema>;

/**
 * An organisation seller's full profile (spec 001 section 3, "Organisation seller"), as the seller
 * and admins see it: no password hash.
 */
export const OrgSellerAnswerSchema = z.object({
  ...SellerProfileAnswerFields,
  username: z.string(),
  requestDelete: z.boolean().describe('The seller asked for the deletion of the account'),
  acceptedDate: Timestamp.describe('When an admin accepted the request, ISO 8601 UTC date-time'),
  version: AccountVersion,
  language: AccountLanguage,
  suspended: SuspensionAnswerSchema.optional(),
});
export type OrgSellerAnswer = z.output<typeof OrgSellerAnswerSchema>;

/**
 * What anybody may see of a seller (docs/architecture.md, Authorization): the company's public face
 * for package
 * cards and the contact page, without owner, e-mail, mobile or address.
 */
export const OrgSellerPublicAnswerSchema = z.object({
  _id: ObjectIdString,
  companyname: z.string(),
  logo: z.string().describe('Stored image name of the logo; empty string when none was uploaded'),
  description: z.string(),
});
export type OrgSellerPublicAnswer = z.output<typeof OrgSellerPublicAnswerSchema>;

/** An admin (spec 001 section 3, "Admin"): no password hash. */
export const AdminAnswerSchema = z.object({
  _id: ObjectIdString,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: Timestamp.describe('When the admin was created, ISO 8601 UTC date-time'),
  version: AccountVersion,
  language: AccountLanguage,
  disabled: SuspensionAnswerSchema.optional().describe('Set while another admin has this account disabled (issue 30 item 10)'),
});
export type AdminAnswer = z.output<typeof AdminAnswerSchema>;

const SessionToken = z
  .string()
  .describe('The signed session token (also in the httpOnly `mp_session` cookie); present only when the login asked with `bearer: true`')
  .optional();

/** `POST /Customer/loginCustomer` (spec 000 section 7): `{ customerLogin }`, plus `token` when the body asked for it (`bearer: true`). */
export const CustomerLoginAnswerSchema = z.object({ customerLogin: CustomerAnswerSchema, token: SessionToken });
/** `POST /orgSeller/loginSeller` (spec 001 section 7): `{ sellerLogin }`, plus `token` when the body asked for it (`bearer: true`). */
export const SellerLoginAnswerSchema = z.object({ sellerLogin: OrgSellerAnswerSchema, token: SessionToken });
/** `POST /Admin/loginAdmin` (spec 001 section 7): `{ adminLogin }`, plus `token` when the body asked for it (`bearer: true`). */
export const AdminLoginAnswerSchema = z.object({ adminLogin: AdminAnswerSchema, token: SessionToken });

/** `GET /Customer/getAll` (admin): customers, bare array or page. */
export const CustomerListAnswerSchema = listAnswer(CustomerAnswerSchema);
/** `GET /seller/get` (admin): seller requests, bare array or page. */
export const SellerRequestListAnswerSchema = listAnswer(SellerRequestAnswerSchema);
/** `GET /orgseller/get`: full profiles for admins, the public face for everybody else. */
export const OrgSellerListAnswerSchema = z.union([listAnswer(OrgSellerAnswerSchema), listAnswer(OrgSellerPublicAnswerSchema)]);
/** `GET /orgSeller/get/{id}`: the full profile for the seller themself and admins, else the public face. */
export const OrgSellerOrPublicAnswerSchema = z.union([OrgSellerAnswerSchema, OrgSellerPublicAnswerSchema]);
/** `GET /Admin/getAllAdmins`: admins, bare array or page. */
export const AdminListAnswerSchema = listAnswer(AdminAnswerSchema);

/** A `{ message }` answer with the documents' exact wording (spec 000 and 001 section 7). */
export const identityMessage = <T extends string>(text: T) => z.object({ message: z.literal(text) });
