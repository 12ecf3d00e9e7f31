/**
 * Request schemas of the identity slice, shared by the identity service (validation, 400
 * `{ error, fields }`) and the SPA (inline form errors), so both say the same words
 * (docs/architecture.md, Observability). Messages are the documents' own, misspellings included:
 * spec 000 section 5 (customer signup, login, profile edit, delete, reset) and spec 001
 * section 5 (seller registration, profile, password, reset; admin login and creation).
 * Where the documents give no wording, the message follows their "<Label> is required" pattern.
 */
import { z } from 'zod';
import { LOGIN_PASSWORD_MAX, LOGIN_USERNAME_MAX, requiredMessage as required } from './identity-rules';

export * from './identity-rules';

/**
 * A required text field: `message` when missing or blank, "<Label> cannot be longer than N
 * characters" past `max` (the label read from the "<Label> is required" message).
 */
const trimmed = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${message.replace(/ is required$/, '')} cannot be longer than ${max} characters`);

/** Image reference: a stored image name (from the image store) or a default avatar. */
export const ImageRefSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^[\w.-]+\.(?:png|jpe?g|webp)$/i, 'Image must be a png, jpg, jpeg or webp file');

export const GENDERS = ['Male', 'Female'] as const;

/** Default avatar by gender (spec 000 section 3). */
export function defaultAvatar(gender: (typeof GENDERS)[number]): string {
  return gender === 'Female' ? 'avatarFemale.jpg' : 'avatarMale.jpg';
}

// ---------- customers (spec 000 section 5) ----------

/** Customer password rule (signup, reset): 8+ characters, lower, upper and digit. */
export const CustomerPasswordSchema = z
  .string({ error: required('Password') })
  .min(1, required('Password'))
  .max(128, 'Password cannot be longer than 128 characters')
  .min(8, 'Password must contain minimum 8 chracters')
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, 'Password must contain at least one lowercase letter, one uppercase letter, one numeric digit');

/** New password rule of the profile and seller password screens (their own wording). */
export const ChangedPasswordSchema = z
  .string({ error: required('New Password') })
  .max(128, 'Password cannot be longer than 128 characters')
  .min(8, 'Password must be contain minimum 8 charcters!')
  .regex(/(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/, 'Password must contain at least one lowercase letter, one uppercase letter, one numeric digit');

const PhoneSchema = z
  .string({ error: required('Phone Number') })
  .trim()
  .min(1, required('Phone Number'))
  .regex(/^\d+$/, 'Enter only numeric values to phone number')
  .length(10, 'Phone Number must be 10 digit number');

/** Birthday: an ISO date (YYYY-MM-DD), not after today. */
const BirthdaySchema = z
  .string({ error: required('Birthday') })
  .trim()
  .min(1, required('Birthday'))
  .regex(/^\d{4}-\d{2}-\d{2}/, 'Birthday must be a date')
  .refine((s) => !Number.isNaN(Date.parse(s.slice(0, 10))), 'Birthday must be a date')
  .refine((s) => s.slice(0, 10) <= new Date().toISOString().slice(0, 10), 'Birthday cannot be after today');

const GenderSchema = z.enum(GENDERS, { error: required('Gender') });

const CustomerProfileFields = {
  firstName: trimmed(required('First Name'), 100),
  lastName: trimmed(required('Last Name'), 100),
  phoneNumber: PhoneSchema,
  dob: BirthdaySchema,
  gender: GenderSchema,
  address: z.string().trim().max(500).optional().default(''),
  userImage: ImageRefSchema.optional(),
};

/** Body of `POST /Customer/add` (documented fields). */
export const CustomerSignupSchema = z.object({
  ...CustomerProfileFields,
  email: z
    .string({ error: required('Email') })
    .trim()
    .min(1, required('Email'))
    .max(200)
    .pipe(z.email('Invalid Email Address')),
  username: trimmed(required('Username'), 50).regex(/^[\w.@-]+$/, 'Username can contain letters, digits and . _ @ - only'),
  password: CustomerPasswordSchema,
});
export type CustomerSignup = z.infer<typeof CustomerSignupSchema>;

/** The signup form of the SPA: the body plus confirmation and terms. */
export const CustomerSignupFormSchema = CustomerSignupSchema.extend({
  confirmPassword: z.string().min(1, required('Confirm Password')),
  terms: z.literal(true, { error: 'You must agree with our terms & conditions' }),
}).refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Password Mismatch' });

/**
 * Body of the three login calls (customer, seller, admin). Its username and password rules are
 * `loginErrors` of ./identity-rules, which the web app's login form runs without zod: change both.
 */
export const LoginSchema = z.object({
  username: trimmed(required('Username'), LOGIN_USERNAME_MAX),
  password: z
    .string({ error: required('Password') })
    .min(1, required('Password'))
    .max(LOGIN_PASSWORD_MAX, `Password cannot be longer than ${LOGIN_PASSWORD_MAX} characters`),
  /** Keeps the session for 30 days instead of 12 hours. */
  rememberMe: z.boolean().optional(),
  /**
   * `true` asks for the session token in the answer (`token`), for an API client that sends it as
   * `Authorization: Bearer`. Without it the token travels only in the httpOnly `mp_session`
   * cookie, out of any page script's reach; the web app never asks.
   */
  bearer: z
    .boolean()
    .optional()
    .describe(
      'true: the answer also carries `token`, the session token for an `Authorization: Bearer` header (API clients). Without it the token is only in the httpOnly `mp_session` cookie.',
    ),
});
export type Login = z.infer<typeof LoginSchema>;

/** An optional field where an empty string means "not given" (forms send empty inputs as ''). */
const blankAsMissing = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * Body of `PUT /Customer/update/{id}`: profile fields (email and username are read-only and
 * ignored), and optionally a password change with the current password.
 */
export const CustomerUpdateSchema = z
  .object({
    ...CustomerProfileFields,
    currentPassword: blankAsMissing(z.string().max(128)),
    password: blankAsMissing(ChangedPasswordSchema),
    confirmPassword: blankAsMissing(z.string().max(128)),
    /** "E-mail me about my wishlist": price drops and back in stock; absent leaves it as it is. */
    wishlistAlerts: z
      .boolean({ error: 'Wishlist e-mails must be on or off' })
      .optional()
      .describe(
        '"E-mail me about my wishlist": false stops the e-mails about wish-listed items getting cheaper or back in stock; absent keeps the setting',
      ),
  })
  .refine((v) => !v.password || v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'Password Mismatch!!' })
  .refine((v) => !v.password || !!v.currentPassword, { path: ['currentPassword'], message: 'Invalid Current Password!' });
export type CustomerUpdate = z.infer<typeof CustomerUpdateSchema>;

/** Body of `DELETE /Customer/delete/{id}`: the current password. */
export const DeleteAccountSchema = z.object({
  password: z.string({ error: 'Please Enter Your Password!' }).min(1, 'Please Enter Your Password!').max(128),
});

// ---------- password reset (spec 000 and 001 section 5; docs/architecture.md, Password reset) ----------

const EmailField = z
  .string({ error: required('Email') })
  .trim()
  .min(1, required('Email'))
  .max(200)
  .pipe(z.email('You have entered an invalid email address!'));

/** Length of reset codes: customers 20, sellers 5 (spec constants). */
export const RESET_CODE_LENGTH = { customer: 20, seller: 5 } as const;

export const ForgotPasswordSchema = z.object({ email: EmailField });
/**
 * forgotPassword's one answer, whether or not the address has an account (issue 27 item 6): the
 * specification's 'User not found!' for an unknown address, beside 'Email has been sent!' for a
 * known one, told anybody whether an address has an account; both get this text now, and only a
 * real account gets the code.
 */
export const RESET_CODE_SENT = 'If this address has an account, we sent a code';
export const VerifyCodeSchema = z.object({ email: EmailField, code: z.string().trim().min(1, 'Code is required').max(40) });

/** `resetPassword` body; `mismatch` is the screen's own wording ('password mismatch!' / 'Password mismatch!'). */
export function resetPasswordSchema(mismatch: string) {
  return VerifyCodeSchema.extend({
    password: CustomerPasswordSchema,
    confirmPassword: z.string().max(128).optional(),
  }).refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, { path: ['confirmPassword'], message: mismatch });
}
export const CustomerResetPasswordSchema = resetPasswordSchema('password mismatch!');
export const SellerResetPasswordSchema = resetPasswordSchema('Password mismatch!');

// ---------- sellers (spec 001 section 5, checked in the documented order) ----------

const SellerMobileSchema = z
  .string({ error: required('Mobile Number') })
  .trim()
  .min(1, required('Mobile Number'))
  .regex(/^\d+$/, 'Mobile Number must contain only numbers')
  .regex(/^0/, 'Mobile Number must start with 0')
  .refine((s) => s.length >= 10, 'Mobile Number must have 10 digits')
  .refine((s) => s.length <= 10, 'Mobile Number cannot have more than 10 digits');

const YearSchema = z
  .string({ error: required('Established Year') })
  .trim()
  .min(1, required('Established Year'))
  .regex(/^\d+$/, 'Established Year must be numeric')
  .length(4, 'Established Year must have 4 digits');

const SellerProfileFields = {
  ownername: trimmed(required('Owner Name'), 100),
  mobile: SellerMobileSchema,
  companyname: trimmed(required('Company Name'), 150),
  address: trimmed(required('Physical Address'), 500),
  year: YearSchema,
  description: trimmed(required('Description'), 2000),
};

/**
 * Logo: the name the image store gave the uploaded file. The upload itself accepts png, jpg and
 * jpeg (spec 001 section 5) and webp, judged by the bytes; it stores webp.
 */
export const LogoSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^[\w.-]+\.(?:png|jpe?g|webp)$/i, 'Logo must be a png, jpg or jpeg image');

/** Body of `POST /seller/add` (a seller request). */
export const SellerRequestSchema = z.object({
  ...SellerProfileFields,
  email: EmailField,
  logo: LogoSchema.optional(),
});
export type SellerRequestInput = z.infer<typeof SellerRequestSchema>;

/** The registration form of the SPA: the body plus the terms box. */
export const SellerRequestFormSchema = SellerRequestSchema.extend({
  terms: z.literal(true, { error: 'You Should Agree To Our Terms & Conditions!!' }),
});

/** Body of `POST /orgseller/add`: the admin accepts a request by id. */
export const AcceptSellerRequestSchema = z.object({ requestId: z.string().trim().min(1, 'Request id is required').max(100) });

/** Body of `PUT /orgSeller/update/{id}`: profile fields; email is read-only. */
export const SellerUpdateSchema = z.object({ ...SellerProfileFields, logo: LogoSchema.optional() });

/** Body of `PUT /orgSeller/ChangePwd/{id}`. */
export const SellerChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Invalid Current Password!' }).min(1, 'Invalid Current Password!').max(128),
    password: ChangedPasswordSchema,
    confirmPassword: z.string().max(128).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Password Mismatch!!',
  });

/** Body of `PUT /orgseller/reqDel/{id}`. */
export const RequestDeleteSchema = z.object({ requestDelete: z.boolean({ error: 'requestDelete must be true or false' }) });

/** Longest reason an admin may give for a suspension or reinstatement (characters). */
export const ADMIN_REASON_MAX = 500;

/**
 * Body of `PUT /orgSeller/suspend/{id}` and `PUT /Customer/suspend/{id}` (issue 30 item 10): the
 * reason (recorded on the account, e-mailed to it and kept in the audit log) and the account's
 * `version` the admin's screen showed (compare-and-set: an older one answers 409).
 */
export const SuspendAccountSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(3, { error: 'Please give a reason' })
    .max(ADMIN_REASON_MAX, { error: `At most ${ADMIN_REASON_MAX} characters` }),
  version: z.coerce.number({ error: 'version must be a number' }).int().min(1),
});

/** Body of `PUT /orgSeller/reinstate/{id}` and `PUT /Customer/reinstate/{id}`: the same, the reason optional. */
export const ReinstateAccountSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(ADMIN_REASON_MAX, { error: `At most ${ADMIN_REASON_MAX} characters` })
    .optional(),
  version: z.coerce.number({ error: 'version must be a number' }).int().min(1),
});

/** The login answer of a disabled admin account (403), with the reason. */
export const adminDisabled = (reason: string) => `This admin account is disabled: ${reason}`;
/** 409 of an admin disabling their own account. */
export const ADMIN_DISABLES_SELF = 'You cannot disable your own account';

/** The login answer of a suspended account (403), with the reason the admin gave. */
export const accountSuspended = (reason: string) => `This account is suspended by the marketplace: ${reason}`;

// ---------- admins (spec 001 section 5) ----------

/** Body of `POST /Admin/addAdmin`; the password is generated on the server. */
export const AddAdminSchema = z.object({
  firstName: trimmed(required('First Name'), 100),
  lastName: trimmed(required('Last Name'), 100),
  email: z
    .string({ error: required('Email') })
    .trim()
    .min(1, required('Email'))
    .max(200)
    .pipe(z.email('Invalid Email Address')),
  username: trimmed(required('Username'), 50)
    .regex(/^[\w.@-]+$/, 'Username can contain letters, digits and . _ @ - only')
    .optional(),
});
