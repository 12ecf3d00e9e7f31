/**
 * The signed-in customer's address book in the web app (issue 29, "Delivery addresses"; wire in
 * contracts' address-book-api.ts): the cached read, and the writes, each naming the version of the
 * book the page showed. A write refused because the book changed on another device (409) shows the
 * book as it is now and says so; a 400 gives the address form its field messages.
 */
import type { AddressBookAnswer, DeliveryAddress, District, SavedAddressAnswer } from '@market/contracts';
import { ApiError } from '../api/client';
import { identityApi } from '../api/identity';
import { addressFieldErrors } from '../components/AddressForm';
import { notifyError } from './notify';
import { useAsync } from './useAsync';

export type Book = AddressBookAnswer;
export type SavedAddress = SavedAddressAnswer;

/** The book, cached under `['addresses', 'book']` (every write to it refetches it). */
export const useAddressBook = () => useAsync(['addresses', 'book'], () => identityApi.addressBook());

/** A saved entry as the address a checkout keeps (only for complete entries). */
export const deliveryAddressOf = (a: SavedAddress): DeliveryAddress => ({
  recipient: a.recipient,
  phone: a.phone,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  district: a.district as District,
  postalCode: a.postalCode,
});

/** What an incomplete entry still needs, as the form's labels say it. */
const LABELS: Record<string, string> = {
  recipient: 'recipient',
  phone: 'phone number',
  line1: 'address',
  city: 'city',
  district: 'district',
  postalCode: 'postal code',
};
export const missingText = (a: SavedAddress): string =>
  `Add the ${(a.missing ?? []).map((m) => LABELS[m] ?? m).join(', ')} to deliver here`;

/**
 * Runs one write of the book.
 * @param reload - loads the book again (after a stale write, so the page shows it as it is now)
 * @returns the answer; or `{ fields }` for the form after a 400; or undefined after another refusal
 *   (already told in a notice)
 */
export async function writeBook<T>(
  write: () => Promise<T>,
  reload: () => Promise<void>,
): Promise<{ answer: T } | { fields: ReturnType<typeof addressFieldErrors> } | undefined> {
  try {
    return { answer: await write() };
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && Object.keys(addressFieldErrors(err.fields)).length > 0)
      return { fields: addressFieldErrors(err.fields) };
    if (err instanceof ApiError && err.status === 409) await reload();
    notifyError('Oops...', err);
    return undefined;
  }
}
