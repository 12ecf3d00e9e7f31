/**
 * The seller account a signed-in seller may change: only their own, and only while it exists.
 * Shared by the org-seller routes (profile, password) and the deletion flow.
 */
import { notFound, type Caller } from '@market/platform';
import type { Types } from 'mongoose';
import type { IdentityDeps } from '../deps';
import type { OrgSellerDoc } from '../store/sellers';

/** Org seller `id` when it is the caller's own; 404 (`notFound`) otherwise or when deleted. */
export async function ownSeller(d: Pick<IdentityDeps, 'orgSellers'>, caller: Caller, id: Types.ObjectId): Promise<OrgSellerDoc> {
  if (caller.id !== String(id)) throw notFound();
  const s = await d.orgSellers.findOne({ _id: id, deleted: false }).lean<OrgSellerDoc>();
  if (!s) throw notFound();
  return s;
}

/** The answer when a seller changed between its read and its compare-and-set write (409). */
export const STALE = 'This seller was changed meanwhile, please try again';
/** The answer when the e-mail belongs to a seller or a pending request already (409). */
export const SELLER_EXISTS = 'A seller with this email already exists';
