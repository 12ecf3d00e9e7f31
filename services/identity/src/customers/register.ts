/**
 * Customer sign-up (`POST /Customer/add`, spec 000 sections 5-7): the account with its argon2
 * password hash (domain/passwords.ts), the default avatar of its gender when no image is sent, and
 * CustomerRegistered recorded in the same write (outbox, events/identityEvents.ts).
 *
 * E-mail and username are unique case-insensitively among live customers: the unique `emailKey` /
 * `usernameKey` (lower-cased) refuse a second one with 409 DUPLICATE_ACCOUNT.
 */
import { defaultAvatar, type CustomerSignupSchema } from '@market/contracts';
import { conflict, isDuplicateKey } from '@market/platform';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { hashPassword } from '../domain/passwords';
import { customerRegistered } from '../events/identityEvents';
import type { IdentityDeps } from '../deps';
import type { CustomerDoc } from '../store/customers';

export const DUPLICATE_ACCOUNT = 'Email or Username Already Exists';

/**
 * @param body - the validated body (contracts' CustomerSignupSchema), password in clear
 * @returns the stored customer
 * @throws HttpError 409 DUPLICATE_ACCOUNT when the e-mail or username is taken
 */
export async function registerCustomer(
  d: Pick<IdentityDeps, 'customers' | 'relay'>,
  body: z.output<typeof CustomerSignupSchema>,
): Promise<CustomerDoc> {
  const _id = new Types.ObjectId();
  const doc = {
    _id,
    ...body,
    address: body.address ?? '',
    emailKey: body.email.toLowerCase(),
    usernameKey: body.username.toLowerCase(),
    password: await hashPassword(body.password),
    userImage: body.userImage ?? defaultAvatar(body.gender),
    newlyAddeddate: new Date(),
    deleted: false,
    aggregateVersion: 1,
  } satisfies Omit<CustomerDoc, 'pendingEvents' | 'outboxLeaseUntil'>;
  try {
    await d.customers.create({ ...doc, pendingEvents: [customerRegistered(doc as CustomerDoc, 1)] });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(DUPLICATE_ACCOUNT);
    throw err;
  }
  d.relay.nudge();
  return doc as CustomerDoc;
}
