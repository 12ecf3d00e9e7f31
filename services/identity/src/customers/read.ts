/** The customer account a change starts from. */
import { notFound } from '@market/platform';
import type { Types } from 'mongoose';
import type { IdentityDeps } from '../deps';
import type { CustomerDoc } from '../store/customers';

/** 409 message of a customer write that lost a race. */
export const CUSTOMER_CHANGED_MEANWHILE = 'Your account was changed meanwhile, please try again';

/**
 * The live (not deleted) customer `id`; who may reach it is the route's check.
 * @throws HttpError 404 when there is none
 */
export async function liveCustomer(d: Pick<IdentityDeps, 'customers'>, id: Types.ObjectId): Promise<CustomerDoc> {
  const c = await d.customers.findOne({ _id: id, deleted: false }).lean<CustomerDoc>();
  if (!c) throw notFound();
  return c;
}
