/**
 * Delivery addresses (issue 29, "Delivery addresses"): a customer's address book in identity,
 * and the copy of the chosen address that a checkout and each of its orders keep, so a later edit
 * of the book never rewrites an order's history. Not in the specification: the documents ship
 * without an address; the fields are what a Sri Lankan courier needs.
 */
import { z } from 'zod';
import { requiredMessage as required } from './identity-rules';

/** Sri Lanka's 25 administrative districts, as couriers and the postal service name them. */
export const SRI_LANKA_DISTRICTS = [
  'Ampara',
  'Anuradhapura',
  'Badulla',
  'Batticaloa',
  'Colombo',
  'Galle',
  'Gampaha',
  'Hambantota',
  'Jaffna',
  'Kalutara',
  'Kandy',
  'Kegalle',
  'Kilinochchi',
  'Kurunegala',
  'Mannar',
  'Matale',
  'Matara',
  'Monaragala',
  'Mullaitivu',
  'Nuwara Eliya',
  'Polonnaruwa',
  'Puttalam',
  'Ratnapura',
  'Trincomalee',
  'Vavuniya',
] as const;

export type District = (typeof SRI_LANKA_DISTRICTS)[number];

/** Most addresses one customer keeps (a limit against abuse, not a business rule). */
export const MAX_ADDRESSES = 20;

const text = (label: string, max: number) =>
  z
    .string({ error: required(label) })
    .trim()
    .min(1, required(label))
    .max(max, `${label} cannot be longer than ${max} characters`);

/**
 * One delivery address as a person types it: recipient, a phone of 10 digits starting with 0
 * (mobile or land line), one or two address lines, city, district, postal code of 5 digits.
 */
export const DeliveryAddressSchema = z.object({
  recipient: text('Recipient', 100),
  phone: z
    .string({ error: required('Phone Number') })
    .trim()
    .regex(/^0\d{9}$/, 'Phone Number must be 10 digits starting with 0'),
  line1: text('Address line 1', 200),
  line2: z.string().trim().max(200, 'Address line 2 cannot be longer than 200 characters').optional().default(''),
  city: text('City', 100),
  district: z.enum(SRI_LANKA_DISTRICTS, { error: 'Choose one of the 25 districts' }),
  postalCode: z
    .string({ error: required('Postal Code') })
    .trim()
    .regex(/^\d{5}$/, 'Postal Code must be 5 digits'),
});

export type DeliveryAddress = z.output<typeof DeliveryAddressSchema>;

/** The address on one line, e.g. for an order card or an e-mail: "Recipient, line1, line2, City 10100, Colombo District, 0771234567". */
export function formatAddress(a: DeliveryAddress): string {
  return [a.recipient, a.line1, a.line2, `${a.city} ${a.postalCode}`, `${a.district} District`, a.phone].filter((p) => p).join(', ');
}
