/**
 * The catalogue of the messages the services answer (issue 33 item 2): each message's stable code
 * (kebab-case) with its English text exactly as the services answer it, the documents' wording
 * included (spec 000 and 001 section 5 and 7, misspellings kept). Error answers carry the code
 * beside the text (`{ error, code?, fields?, fieldCodes?, params? }`, added by the platform's error
 * handler from the text, packages/platform/src/http/app.ts), and the web app shows the code's text
 * in the chosen language from its catalogues (frontend/src/i18n/locales/{en,si,ta}/errors.json,
 * whose English equals {@link MESSAGES}).
 *
 * A text holding `{{name}}` is a template: the answer's text has a value there (an item's name, a
 * reason, a limit), which the answer also carries in `params` (`{ name: value }`) for the
 * translations' same placeholders (i18next interpolation).
 */

/** Code → English text (a template where it holds `{{name}}` placeholders). */
export const MESSAGES = {
  'invalid-input': 'Invalid input',
  'too-long': 'Too big: expected string to have <={{maximum}} characters',
  'too-many-items': 'Too big: expected array to have <={{maximum}} items',
  'too-small': 'Too small: expected number to be >={{minimum}}',
  'too-big': 'Too big: expected number to be <={{maximum}}',
  'not-found': 'Not found',
  'please-log-in': 'Please log in',
  'not-allowed': 'You are not allowed to do this',
  'invalid-json': 'The request body is not valid JSON',
  'body-too-large': 'The request body is too large',
  'service-unavailable': 'The service is temporarily unavailable, please try again shortly',
  'server-error': 'Internal server error',
  'too-many-requests': 'Too many requests, please try again later',
  'invalid-id': 'Invalid id',
  'bad-version': 'version must be the version you loaded',
  'stale-version': 'Your account was changed meanwhile, please try again',
  'language-choice': 'Choose English, Sinhala or Tamil',
  'required-first-name': 'First Name is required',
  'required-last-name': 'Last Name is required',
  'required-phone': 'Phone Number is required',
  'required-birthday': 'Birthday is required',
  'required-gender': 'Gender is required',
  'required-email': 'Email is required',
  'required-username': 'Username is required',
  'required-password': 'Password is required',
  'required-confirm-password': 'Confirm Password is required',
  'required-new-password': 'New Password is required',
  'required-owner-name': 'Owner Name is required',
  'required-mobile': 'Mobile Number is required',
  'required-company-name': 'Company Name is required',
  'required-physical-address': 'Physical Address is required',
  'required-established-year': 'Established Year is required',
  'required-description': 'Description is required',
  'required-code': 'Code is required',
  'first-name-too-long': 'First Name cannot be longer than 100 characters',
  'last-name-too-long': 'Last Name cannot be longer than 100 characters',
  'username-too-long': 'Username cannot be longer than 50 characters',
  'login-username-too-long': 'Username cannot be longer than 100 characters',
  'password-too-long': 'Password cannot be longer than 128 characters',
  'owner-name-too-long': 'Owner Name cannot be longer than 100 characters',
  'company-name-too-long': 'Company Name cannot be longer than 150 characters',
  'physical-address-too-long': 'Physical Address cannot be longer than 500 characters',
  'description-too-long': 'Description cannot be longer than 2000 characters',
  'phone-digits-only': 'Enter only numeric values to phone number',
  'phone-ten-digits': 'Phone Number must be 10 digit number',
  'birthday-not-a-date': 'Birthday must be a date',
  'birthday-in-future': 'Birthday cannot be after today',
  'email-invalid': 'Invalid Email Address',
  'email-invalid-entered': 'You have entered an invalid email address!',
  'username-characters': 'Username can contain letters, digits and . _ @ - only',
  'password-min-length': 'Password must contain minimum 8 chracters',
  'new-password-min-length': 'Password must be contain minimum 8 charcters!',
  'password-strength': 'Password must contain at least one lowercase letter, one uppercase letter, one numeric digit',
  'terms-required': 'You must agree with our terms & conditions',
  'seller-terms-required': 'You Should Agree To Our Terms & Conditions!!',
  'password-mismatch': 'Password Mismatch',
  'profile-password-mismatch': 'Password Mismatch!!',
  'reset-password-mismatch': 'password mismatch!',
  'seller-reset-password-mismatch': 'Password mismatch!',
  'invalid-current-password': 'Invalid Current Password!',
  'mobile-digits-only': 'Mobile Number must contain only numbers',
  'mobile-starts-with-zero': 'Mobile Number must start with 0',
  'mobile-ten-digits': 'Mobile Number must have 10 digits',
  'mobile-too-long': 'Mobile Number cannot have more than 10 digits',
  'year-numeric': 'Established Year must be numeric',
  'year-four-digits': 'Established Year must have 4 digits',
  'image-type': 'Image must be a png, jpg, jpeg or webp file',
  'logo-type': 'Logo must be a png, jpg or jpeg image',
  'wishlist-alerts-flag': 'Wishlist e-mails must be on or off',
  'login-failed': 'Invalid Username or Password',
  'account-locked': 'This account is locked after 10 failed logins',
  'account-suspended': 'This account is suspended by the marketplace: {{reason}}',
  'admin-disabled': 'This admin account is disabled: {{reason}}',
  'duplicate-account': 'Email or Username Already Exists',
  'username-taken': 'This username is already taken',
  'seller-exists': 'A seller with this email already exists',
  'invalid-credentials': 'Invalid Credentials!',
  'enter-your-password': 'Please Enter Your Password!',
  'user-not-found': 'User not found!',
  'code-not-verified': 'Code Verified Unsuccessfully!',
  'verify-code-first': 'Code verification unsuccessfull',
  'seller-changed': 'This seller was changed meanwhile, please try again',
  'account-changed': 'This account was changed by someone else; reload to see the latest',
  'item-in-cart': 'Item Already in Your Shopping Cart.',
  'package-in-cart': 'Package Already in Your Shopping Cart.',
  'item-in-wishlist': 'Item Already in Your Wishlist.',
  'item-unavailable': 'Item is not available Right now!',
  'package-unavailable': 'Package is not available Right now!',
  'item-quantity-zero': 'Item Quantity Cannot be reduced to zero',
  'package-quantity-zero': 'Package Quantity Cannot be reduced to zero',
  'quantity-too-large': 'Quantity cannot be more than 200',
  'cart-changed': 'Your cart changed on another device; here it is now.',
  'wishlist-changed': 'Your wishlist changed on another device; here it is now.',
  'line-not-in-cart': 'This line is not in your cart any more.',
  'bad-cart-version': 'If-Match must be the version you loaded',
  'too-many-lines': 'Too many lines',
  'line-kind': 'The line kind must be items or packages',
  'out-of-stock': 'Only {{stock}} of {{name}} left in stock',
  'empty-checkout': 'Your cart is empty',
  'quantity-required': 'Quantity is required',
  'quantity-at-least-one': 'Quantity must be at least 1',
  'item-listed-twice': 'An item is listed twice',
  'package-listed-twice': 'A package is listed twice',
  'cvc-required': 'CVC is required',
  'wrong-cvv': 'Wrong cvv/cvc number please enter correct cvv',
  'cvc-locked-card': 'Too many wrong security codes for this card',
  'cvc-locked-account': 'Too many wrong security codes on this account',
  'required-recipient': 'Recipient is required',
  'recipient-too-long': 'Recipient cannot be longer than 100 characters',
  'address-phone': 'Phone Number must be 10 digits starting with 0',
  'required-address-line-1': 'Address line 1 is required',
  'address-line-1-too-long': 'Address line 1 cannot be longer than 200 characters',
  'address-line-2-too-long': 'Address line 2 cannot be longer than 200 characters',
  'required-city': 'City is required',
  'city-too-long': 'City cannot be longer than 100 characters',
  'required-postal-code': 'Postal Code is required',
  'postal-code-digits': 'Postal Code must be 5 digits',
  'district-choice': 'Choose one of the 25 districts',
  'required-card-holder': "Card holder's name is required",
  'required-card-number': 'Card number is required',
  'required-expiry': 'Expiry date is required',
  'card-holder-letters': "Card holder's name may contain letters only",
  'card-holder-too-long': "Card holder's name is too long",
  'card-number-digits': 'Card number must have 12 to 19 digits',
  'card-number-invalid': 'Invalid card number',
  'expiry-format': 'Expiry date must be MM/YY',
  'card-expired': 'This card has expired',
  'cvc-digits': 'CVC must be 3 or 4 digits',
  'cvc-of-new-card': 'Enter the CVC of the new card',
  'card-already-saved': 'This Card is Already in Your Wallet.',
  'card-not-found': 'Card not found',
  'checkout-changed': 'The checkout changed meanwhile, please try again',
  'checkout-not-found': 'No such checkout',
  'cod-needs-address': 'Cash on delivery needs a delivery address',
  'cod-refused':
    'Cash on delivery is not available for your account: two deliveries to you were refused in the last 90 days; please pay by card or PayPal',
  'cod-over-limit': 'Cash on delivery is available for orders up to Rs. {{amount}}; please pay by card or PayPal',
  'invalid-order-id': 'Invalid order id',
  'review-required': 'Please write your review',
  'stars-range': 'Please select a rating from 1 to 5 stars',
  'review-too-long': 'Reviews are limited to 2000 characters',
  'item-not-found': 'Item not found',
  'review-being-saved': 'Your review of this item is being saved, please try again',
  'review-changed': 'This review was changed by someone else; reload to see the latest',
  'invalid-name': 'Invalid name!',
  'message-required': 'Message is required',
  'message-too-long': 'Messages are limited to 2000 characters',
  'contact-limited': 'You have sent too many messages',
  'thread-one-subject': 'Name the item or the order, not both',
  'seller-not-found': 'Seller not found',
  'required-item-name': 'Item Name is required',
  'required-brand': 'Brand is required',
  'required-model': 'Model is required',
  'required-sku': 'Stock keeping unit is required',
  'item-name-too-long': 'Item Name cannot be longer than 200 characters',
  'brand-too-long': 'Brand cannot be longer than 100 characters',
  'model-too-long': 'Model cannot be longer than 100 characters',
  'sku-too-long': 'Stock keeping unit cannot be longer than 100 characters',
  'sku-characters': 'Stock keeping unit can contain letters, digits and - _ . / only',
  'sku-in-use': 'This Stock keeping unit is Already in use!',
  invalid: 'Invalid',
  'quantity-zero-or-less': 'Quantity cannot be Zero or less',
  'quantity-whole-number': 'Quantity must be a whole number',
  'price-zero-or-less': 'Price cannot be Zero or less',
  'price-over-million': 'Price cannot exceed 1 Million',
  'colours-choice': 'Colours are Black, White, Red, Gold, Silver, Yellow',
  'images-max': 'Up to 3 images per item',
  'category-choice': 'Category is one of Mobile Phones, Tablet / iPad / iPod, Gaming, Wearable, Laptops, Other',
  'low-stock-number': 'Low-stock alert must be a number',
  'low-stock-whole-number': 'Low-stock alert must be a whole number',
  'low-stock-negative': 'Low-stock alert cannot be less than 0',
  'low-stock-too-large': 'Low-stock alert cannot be more than 200',
  'warranty-choice': 'Warranty is 1 (available) or 0',
  'item-changed': 'This item was changed by someone else; reload to see the latest',
  'package-changed': 'This package was changed by someone else; reload to see the latest',
  'discount-range': 'Discount should be with in a range of minimum 1% & maximum 80%',
  'package-description-required': 'Description is required !',
  'package-price-required': 'Price is required !!!',
  'package-price-invalid': 'Invalid Price !!!',
  'start-date-required': 'Start Date Required !',
  'end-date-required': 'End Date Required !',
  'end-before-start': 'End Date cannot be before Start Date',
  'end-date-past': 'End Date cannot be in the past !',
  'package-without-items': 'Cannot Create a Package Without Items',
  'package-without-name': 'Cannot Create a Package Without a Name',
  'package-emptied': 'Cannot Delete All Items From a Package',
  'package-name-characters': 'Package name can contain letters, spaces and _ . - only',
  'package-not-own-items': 'A package can contain only your own items',
  'image-required': 'Image Required!',
  'item-id-expected': 'Item id expected',
  'report-reason-required': 'Please give a reason for the report',
  'report-reason-too-long': 'The reason is limited to 500 characters',
  'reply-required': 'Please write your reply',
  'reply-too-long': 'Replies are limited to 1000 characters',
  'review-not-reported': 'This review has no open report',
  'thread-not-found': 'Conversation not found',
  'thread-changed': 'This conversation changed meanwhile; here it is now',
  'order-not-found': 'Order not found',
  'return-not-found': 'Return not found',
  'return-changed': 'This return was changed meanwhile, please reload it and try again',
  'return-not-delivered': 'Only a delivered order can be returned',
  'return-exists': 'A return was already requested for this order',
  'address-not-found': 'Address not found',
  'order-changed': 'This order was changed meanwhile, please try again',
  'order-changed-reload': 'This order was changed meanwhile, please reload it and try again',
  'review-changed-retry': 'This review was changed meanwhile, please try again',
  'cod-not-shipped': 'Only a shipped cash-on-delivery order can be marked delivered or refused',
  'cod-not-cod': 'This order was not paid by cash on delivery',
  'cod-deliver-with-cash': 'Mark a cash-on-delivery order delivered with "cash collected"',
  'not-awaiting-stock': 'Only an order still waiting for its stock decision can be cancelled here',
  'from-after-to': 'from must not be after to',
  'seller-request-gone': 'This seller request no longer exists',
  'seller-only-deletion': 'Only the seller can ask for the deletion of their account',
  'admin-disables-self': 'You cannot disable your own account',
  'no-such-item': 'No such item',
  'no-such-seller': 'No such seller',
  'no-such-report': 'No such report',
  'no-such-report-job': 'No such report job',
  'report-not-ready': 'The report is not ready yet',
  'report-file-gone': 'The report file is no longer kept; please generate it again',
  'image-types': 'Only png, jpg, jpeg or webp images can be uploaded',
  'image-too-large': 'Image must be 5 MB or smaller',
  'image-not-found': 'Image not found',
  'upload-unreadable': 'The upload could not be read',
  'search-window': 'Only the first 10,000 matches can be paged through: narrow the search with the filters',
  'search-window-narrow': 'Only the first 10,000 matches can be paged through: narrow the search',
} as const satisfies Record<string, string>;

/** A code of {@link MESSAGES}. */
export type MessageCode = keyof typeof MESSAGES;

/**
 * Zod's own wording for what the schemas leave to it (a wrong type, a choice outside an enum, a
 * union no branch of which fits): the same overall meaning whatever the type, one code.
 */
const ZOD_GENERIC: readonly (readonly [RegExp, MessageCode])[] = [
  [/^Invalid input: expected \w+, received \w+$/, 'invalid-input'],
  [/^Invalid option: expected one of .+$/, 'invalid-input'],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The templates' texts as anchored patterns with a named group per placeholder. */
const TEMPLATES: readonly (readonly [RegExp, MessageCode])[] = (Object.entries(MESSAGES) as [MessageCode, string][])
  .filter(([, text]) => text.includes('{{'))
  .map(([code, text]) => [
    new RegExp(
      `^${text
        .split(/({{\w+}})/)
        .map((part) => (/^{{\w+}}$/.test(part) ? `(?<${part.slice(2, -2)}>.+?)` : escape(part)))
        .join('')}$`,
      's',
    ),
    code,
  ]);

const BY_TEXT = new Map<string, MessageCode>(
  (Object.entries(MESSAGES) as [MessageCode, string][]).filter(([, text]) => !text.includes('{{')).map(([code, text]) => [text, code]),
);

/** A message's code and, for a template, the values that filled its placeholders. */
export interface DescribedMessage {
  code: MessageCode;
  params?: Record<string, string>;
}

/**
 * The code of an answered message and its placeholders' values: an exact text first, then zod's
 * generic wording, then the templates.
 * @returns undefined for a text the catalogue does not hold (the answer then carries no code)
 */
export function describeMessage(text: string): DescribedMessage | undefined {
  const exact = BY_TEXT.get(text);
  if (exact) return { code: exact };
  for (const [re, code] of ZOD_GENERIC) if (re.test(text)) return { code };
  for (const [re, code] of TEMPLATES) {
    const m = re.exec(text);
    if (m) return { code, params: { ...m.groups } };
  }
  return undefined;
}

/** The code of an answered message (reverse lookup of {@link MESSAGES}), undefined when it has none. */
export function messageCode(text: string): MessageCode | undefined {
  return describeMessage(text)?.code;
}
