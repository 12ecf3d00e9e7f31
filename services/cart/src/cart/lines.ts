/**
 * A customer's cart lines (spec 000 section 7 "Cart"; the rules are domain/lines.ts `planCart`):
 *
 * - `openCart`: the cart, created empty when missing (CustomerRegistered may not have arrived yet
 *   right after registration); lines of items or packages deleted from the catalogue leave it here.
 * - `replaceCartLines`: replaces the lines of the customer's own cart (404 otherwise): duplicates
 *   409 'Item/Package Already in Your Shopping Cart.', an added line must be available (409 'Item /
 *   Package is not available Right now!'); quantities not named stay, new lines start at 1.
 * - `createCart`: the existing cart as it is, or a new one with these lines (same rules).
 *
 * Every write is a compare-and-set on the cart's `rev`, retried on fresh data (409 'Please try
 * again!' after repeated lost races; store/compareAndSet.ts); a refused write writes nothing. The
 * cart records no events. Errors are thrown as HttpError with the field of the refusal.
 */
import { conflict, notFound } from '@market/platform';
import type { Model, Types } from 'mongoose';
import { EMPTY_LINES, addedIds, planCart, type CartLines, type normalCartWrite } from '../domain/lines';
import { cartLines, getOrCreateCart, removeCartLines, replaceCartLines as writeLines, storedLines, type CartDoc } from '../store/carts';
import { compareAndSet } from '../store/compareAndSet';
import { ownerKey } from '../store/ownerKeyed';
import { availableIds, deletedIds, type AvailabilityDoc } from '../store/readModels';

export interface CartDeps {
  carts: Model<CartDoc>;
  /** The catalogue's items and packages as the cart keeps them (store/readModels.ts). */
  items: Model<AvailabilityDoc>;
  packages: Model<AvailabilityDoc>;
}

/** A cart write as `normalCartWrite` (domain/lines.ts) leaves it. */
export type CartRequest = ReturnType<typeof normalCartWrite>;

/** Availability of the lines `next` adds to `current`. */
async function availabilityOf(d: CartDeps, current: CartLines, next: { ItemIDs: string[]; PackageIDs: string[] }) {
  const [i, p] = await Promise.all([
    availableIds(d.items, addedIds(current.ItemIDs, next.ItemIDs)),
    availableIds(d.packages, addedIds(current.PackageIDs, next.PackageIDs)),
  ]);
  return { items: i, packages: p };
}

/**
 * After a write that added lines (or a read: `before` empty): an added item or package deleted
 * from the catalogue is removed now (ItemDeleted and PackageDeleted only leave a tombstone; one
 * read by `_id` per line).
 * @returns the cart as it is after the write
 */
async function settle(d: CartDeps, id: Types.ObjectId, before: CartLines, written: CartDoc): Promise<CartDoc> {
  const [gi, gp] = await Promise.all([
    deletedIds(d.items, addedIds(before.ItemIDs, written.ItemIDs)),
    deletedIds(d.packages, addedIds(before.PackageIDs, written.PackageIDs)),
  ]);
  if (gi.length === 0 && gp.length === 0) return written;
  await removeCartLines(d.carts, id, gi, gp);
  return (await d.carts.findOne({ _id: id }).lean<CartDoc>()) ?? written;
}

/** The customer's cart, created empty when missing, without lines of deleted items or packages. */
export async function openCart(d: CartDeps, customerId: string): Promise<CartDoc> {
  const { cart } = await getOrCreateCart(d.carts, customerId);
  return settle(d, cart._id, EMPTY_LINES, cart);
}

/**
 * @param cartId - the cart named by the path; another customer's is 404
 * @param request - the validated, normalised body (contracts' CartWriteSchema, `normalCartWrite`)
 * @returns the cart as written
 * @throws HttpError 404; 409 with the refusal's message on its field; 409 'Please try again!'
 */
export async function replaceCartLines(d: CartDeps, customerId: string, cartId: Types.ObjectId, request: CartRequest): Promise<CartDoc> {
  const { before, written } = await compareAndSet(async () => {
    const cart = await d.carts.findOne({ _id: cartId, customerID: customerId }).lean<CartDoc>();
    if (!cart) throw notFound();
    const current = cartLines(cart);
    const decision = planCart(current, request, await availabilityOf(d, current, request));
    if (!decision.ok) throw conflict(decision.refusal.message, { [decision.refusal.field]: decision.refusal.message });
    if (!(await writeLines(d.carts, cartId, cart.rev, decision.value))) return undefined;
    return { before: current, written: { ...cart, ...storedLines(decision.value), rev: cart.rev + 1 } };
  });
  return settle(d, cartId, before, written);
}

/**
 * @returns the cart and whether it was created now (the route answers 201) or already existed (200, as it was)
 * @throws HttpError 409 with the refusal's message on its field
 */
export async function createCart(d: CartDeps, customerId: string, request: CartRequest): Promise<{ cart: CartDoc; created: boolean }> {
  const existing = await d.carts.findById(ownerKey(customerId)).lean<CartDoc>();
  if (existing) return { cart: existing, created: false };
  const decision = planCart(EMPTY_LINES, request, await availabilityOf(d, EMPTY_LINES, request));
  if (!decision.ok) throw conflict(decision.refusal.message, { [decision.refusal.field]: decision.refusal.message });
  const { cart, created } = await getOrCreateCart(d.carts, customerId, decision.value);
  return { cart: created ? await settle(d, cart._id, EMPTY_LINES, cart) : cart, created };
}
