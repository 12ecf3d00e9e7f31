/**
 * What the cart and wishlist routes share: the signed-in customer as the owner (docs/architecture.md, Authorization: another customer's cart or wishlist answers 404), and the compare-and-set retry
 * loop of whole-document replacements (a failed or lost update writes nothing; spec 000 section 4).
 */
import { conflict, notFound, requireCaller, type Caller } from '@market/platform';
import type { Request } from 'express';
import type { Model } from 'mongoose';
import { isDeletedCustomer, type CustomerRefDoc } from '../store/readModels';

/** Answered when a cart or wishlist kept changing under an update (409). */
export const STALE = 'Please try again!';

/** Attempts of a read-decide-write before giving up with {@link STALE}. */
const MAX_ATTEMPTS = 10;

/**
 * The signed-in customer, who must not be deleted, and (when `pathCustomerId` is given) must be
 * the customer the path names.
 * @throws {HttpError} 401 / 403 (no customer session), 404 (someone else, or a deleted customer)
 */
export async function ownCustomer(req: Request, customers: Model<CustomerRefDoc>, pathCustomerId?: unknown): Promise<Caller> {
  const caller = requireCaller(req, 'customer');
  if (
    pathCustomerId !== undefined &&
    (typeof pathCustomerId !== 'string' || pathCustomerId.trim().toLowerCase() !== caller.id.toLowerCase())
  )
    throw notFound();
  if (await isDeletedCustomer(customers, caller.id)) throw notFound();
  return caller;
}

/**
 * Runs `attempt` until it returns a value; `undefined` means its write lost a race (the document
 * changed after it was read) and it is run again on fresh data.
 * @throws {HttpError} 409 {@link STALE} after {@link MAX_ATTEMPTS} lost races
 */
export async function compareAndSet<T>(attempt: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    const done = await attempt();
    if (done !== undefined) return done;
  }
  throw conflict(STALE);
}
