/**
 * What the cart and wishlist routes share: the signed-in customer as the owner
 * (docs/architecture.md, Authorization: another customer's cart or wishlist answers 404).
 */
import { notFound, requireCaller, type Caller } from '@market/platform';
import type { Request } from 'express';
import type { Model } from 'mongoose';
import { isDeletedCustomer, type CustomerRefDoc } from '../store/readModels';

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
