/**
 * The request schemas of the flows issue 33 item 2 names (register, login, forgot / verify / reset
 * password, cart lines and quantities, checkout with its address, card and cash on delivery,
 * review, contact, the account's language, a seller listing an item), each with a valid body, and {@link flowMessages}, which
 * collects every message those schemas answer for a body spoiled one field at a time. The
 * messages catalogue's test holds each of them to a code (messages.test.ts).
 */
import type { z } from 'zod';
import { DeliveryAddressSchema } from './addresses';
import { CartLineWriteSchema, CartWriteSchema, WishlistWriteSchema } from './cart';
import {
  CustomerResetPasswordSchema,
  CustomerSignupFormSchema,
  CustomerSignupSchema,
  CustomerUpdateSchema,
  ForgotPasswordSchema,
  LoginSchema,
  SellerChangePasswordSchema,
  SellerRequestFormSchema,
  SellerResetPasswordSchema,
  VerifyCodeSchema,
} from './identity';
import { ItemCreateSchema, ItemUpdateSchema, PackageCreateSchema } from './catalogue';
import { AccountLanguageSchema } from './identity-api';
import { CardCreateSchema, CardUpdateSchema, CheckoutPaySchema, CheckoutSessionSchema } from './ordering';
import { ReviewCreateSchema, ReviewUpdateSchema } from './reviews';
import { ContactSellerStartSchema, ContactStartSchema } from './threads';

const ID = '0123456789abcdef01234567';
const address = {
  recipient: 'Nimal Perera',
  phone: '0771234567',
  line1: '12 Galle Road',
  line2: '',
  city: 'Colombo',
  district: 'Colombo',
  postalCode: '00300',
};
const signup = {
  firstName: 'Nimal',
  lastName: 'Perera',
  phoneNumber: '0771234567',
  dob: '1990-01-01',
  gender: 'Male',
  address: '',
  email: 'nimal@example.com',
  username: 'nimal',
  password: 'Secret123',
};
const seller = {
  ownername: 'Nimal',
  mobile: '0771234567',
  companyname: 'Lanka Phones',
  address: '1 Main Street',
  year: '2001',
  description: 'Phones',
  email: 'shop@example.com',
  terms: true,
};
const card = { cardowner: 'Nimal Perera', cardnumber: '4242424242424242', carddate: '12/99', cardcvv: '123' };
const contact = { name: 'Nimal', email: 'nimal@example.com', message: 'Hello' };

/** Each flow's schemas with a body they accept. */
export const FLOW_SCHEMAS: readonly { flow: string; schema: z.ZodType; valid: unknown }[] = [
  { flow: 'register', schema: CustomerSignupSchema, valid: signup },
  { flow: 'register', schema: CustomerSignupFormSchema, valid: { ...signup, confirmPassword: 'Secret123', terms: true } },
  { flow: 'register', schema: SellerRequestFormSchema, valid: seller },
  { flow: 'login', schema: LoginSchema, valid: { username: 'nimal', password: 'x' } },
  { flow: 'forgot password', schema: ForgotPasswordSchema, valid: { email: 'nimal@example.com' } },
  { flow: 'verify code', schema: VerifyCodeSchema, valid: { email: 'nimal@example.com', code: 'abc' } },
  {
    flow: 'reset password',
    schema: CustomerResetPasswordSchema,
    valid: { email: 'nimal@example.com', code: 'abc', password: 'Secret123', confirmPassword: 'Secret123' },
  },
  {
    flow: 'reset password',
    schema: SellerResetPasswordSchema,
    valid: { email: 'nimal@example.com', code: 'abc', password: 'Secret123', confirmPassword: 'Secret123' },
  },
  {
    flow: 'profile password',
    schema: CustomerUpdateSchema,
    valid: { ...signup, currentPassword: 'Old12345', password: 'Secret123', confirmPassword: 'Secret123' },
  },
  {
    flow: 'profile password',
    schema: SellerChangePasswordSchema,
    valid: { currentPassword: 'x', password: 'Secret123', confirmPassword: 'Secret123' },
  },
  { flow: 'cart', schema: CartWriteSchema, valid: { ItemIDs: [ID], PackageIDs: [], ItemQuantities: { [ID]: 2 }, version: 1 } },
  { flow: 'cart', schema: CartLineWriteSchema, valid: { quantity: 1, version: 1 } },
  { flow: 'cart', schema: WishlistWriteSchema, valid: { Items: [ID], version: 1 } },
  {
    flow: 'checkout',
    schema: CheckoutSessionSchema,
    valid: { items: [{ itemId: ID, quantity: 1 }], packages: [{ packageId: ID, quantity: 1 }] },
  },
  { flow: 'checkout', schema: CheckoutPaySchema, valid: { cardId: ID, cvv: '123', deliveryAddress: address } },
  { flow: 'checkout', schema: CheckoutPaySchema, valid: { paymentType: 'cod', deliveryAddress: address } },
  { flow: 'checkout', schema: DeliveryAddressSchema, valid: address },
  { flow: 'checkout', schema: CardCreateSchema, valid: card },
  { flow: 'checkout', schema: CardUpdateSchema, valid: card },
  { flow: 'review', schema: ReviewCreateSchema, valid: { itemid: ID, description: 'Good', noofstars: 5 } },
  { flow: 'review', schema: ReviewUpdateSchema, valid: { description: 'Good', noofstars: 5 } },
  { flow: 'contact', schema: ContactStartSchema, valid: { ...contact, itemid: ID } },
  { flow: 'contact', schema: ContactSellerStartSchema, valid: { ...contact, sellerid: ID, orderid: 'ORD1' } },
  { flow: 'language', schema: AccountLanguageSchema, valid: { language: 'si', version: 1 } },
  {
    flow: 'list an item',
    schema: ItemCreateSchema,
    valid: {
      Item_name: 'Galaxy S24',
      Brand: 'Samsung',
      Model: 'M-S24',
      Quantity: 10,
      Price: 249999.99,
      Stock_keeping_unit: 'SAM-S24',
      Description: 'Flagship phone',
      Color_family: ['Black'],
      Images: ['a.webp'],
      Category: 'Mobile Phones',
      LowStockThreshold: 2,
      Warrenty: 1,
    },
  },
  { flow: 'list an item', schema: ItemUpdateSchema, valid: { Item_name: 'Galaxy S24', Quantity: 3, Price: 100, version: 1 } },
  {
    flow: 'list a package',
    schema: PackageCreateSchema,
    valid: {
      packageName: 'Phone and case',
      description: 'A phone with its case',
      price: 1000,
      startDate: '2099-01-01',
      endDate: '2099-02-01',
      content: [ID],
      image: 'a.webp',
    },
  },
];

/** Values a client may put in any field: missing, wrong types, blank, too long, out of range, malformed. */
const SPOILERS: readonly unknown[] = [
  undefined,
  null,
  '',
  '   ',
  'x',
  'abc',
  'x'.repeat(3000),
  0,
  -1,
  1.5,
  1e9,
  true,
  false,
  [],
  {},
  'not an email',
  '2999-01-01',
  '1234',
  '123456789',
  '12345678901',
  '1234567890123',
  '4242424242424241',
  '12/20',
  '13/30',
  'aaaaaaaa',
  'abcdefg',
  '0771234567',
  '1771234567',
  'Secret124',
  "O'Brien 3",
  'ORD-1',
  [{}],
  [1, 1],
];

/** The body with the value at `path` replaced by `value` (arrays and objects copied). */
function replaced(body: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(body) ? [...(body as unknown[])] : { ...(body as object) }) as Record<string | number, unknown>;
  copy[head] = replaced(copy[head], rest, value);
  if (value === undefined && rest.length === 0) delete copy[head];
  return copy;
}

/** Every path to a value inside a body (objects' keys and arrays' elements). */
function paths(body: unknown, at: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [at];
  if (body && typeof body === 'object') {
    for (const [k, v] of Object.entries(body)) out.push(...paths(v, [...at, Array.isArray(body) ? Number(k) : k]));
  }
  return out;
}

/** The messages the flows' schemas answer for their valid bodies with one value spoiled at a time (and a duplicated array element). */
export function flowMessages(): Map<string, string> {
  const found = new Map<string, string>();
  for (const { flow, schema, valid } of FLOW_SCHEMAS) {
    const bodies: unknown[] = [valid, {}];
    for (const path of paths(valid)) {
      for (const spoiler of SPOILERS) bodies.push(replaced(valid, path, spoiler));
    }
    for (const [k, v] of Object.entries(valid as object)) {
      if (Array.isArray(v) && v.length > 0) bodies.push({ ...(valid as object), [k]: [v[0], v[0]] });
      if (Array.isArray(v)) bodies.push({ ...(valid as object), [k]: Array.from({ length: 101 }, () => v[0] ?? ID) });
    }
    for (const body of bodies) {
      const result = schema.safeParse(body);
      if (!result.success) for (const issue of result.error.issues) if (!found.has(issue.message)) found.set(issue.message, flow);
    }
  }
  return found;
}
