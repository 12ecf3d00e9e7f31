/**
 * A customer's cart lines (spec 000 section 7 "Cart"; the rules are domain/lines.ts `planCart`):
 *
 * - `openCart`: the cart, created empty when missing (CustomerRegistered may not have arrived yet
 *   right after registration); lines of items or packages deleted from the catalogue leave it here.
 * - `replaceCartLines`: replaces the lines of the customer's own cart (404 otherwise): duplicates
 *   409 'Item/Package Already in Your Shopping Cart.', an added line must be available (409 'Item /
 *   Package is not available Right now!'); quantities not named stay, new lines start at 1.
 * - `createCart`: the existing cart as it is, or a new one with these lines (same rules).
 * - `changeLine`: adds one line, sets one line's quantity or removes one line (the web app's
 *   writes; issue 29): the rest of the cart is left as it is, whatever another tab wrote.
 *
 * Two devices, one account (issue 29): a write may name the cart `version` it was based on (body
 * or query `version`, or `If-Match`; the answers carry it). Named and older than the cart, the
 * write is refused with the current cart (store/staleWrite.ts) and nothing is written; not named,
 * it applies to the cart as it is (the documents' clients, which know no versions: a full list
 * then replaces the lines as the documents say).
 *
 * Every write is a compare-and-set on the cart's `rev`, retried on fresh data (409 'Please try
 * again!' after repeated lost races; store/compareAndSet.ts); a refused write writes nothing. The
 * cart records no events. Errors are thrown as HttpError with the field of the refusal.
 */
import { CART_CHANGED, LINE_NOT_IN_CART } from '@market/contracts';
import { conflict, notFound, type WriteBase } from '@market/platform';
import type { Model, Types } from 'mongoose';
import {
  EMPTY_LINES,
  addedIds,
  planAddLine,
  planCart,
  withLineQuantity,
  withoutLine,
  type CartLines,
  type Decision,
  type LineRef,
  type normalCartWrite,
} from '../domain/lines';
import {
  cartLines,
  cartView,
  getOrCreateCart,
  removeCartLines,
  replaceCartLines as writeLines,
  storedLines,
  versionOf,
  type CartDoc,
} from '../store/carts';
import { compareAndSet } from '../store/compareAndSet';
import { ownerKey } from '../store/ownerKeyed';
import { availableIds, deletedIds, type AvailabilityDoc } from '../store/readModels';
import { StaleWriteError, isStale } from '../store/staleWrite';

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
 * Reads the customer's cart `cartId`, refuses a write based on an older version, decides with
 * `plan` and writes the result if nobody wrote in between (else reads and decides again; a write
 * naming a version then finds it stale). A decision that changes nothing writes nothing.
 * @throws HttpError 404 (not the caller's cart); 409/412 {@link StaleWriteError} with the current
 *   cart; 409 with a refusal's message on its field; 409 'Please try again!'
 */
async function change(
  d: CartDeps,
  customerId: string,
  cartId: Types.ObjectId,
  base: WriteBase,
  plan: (current: CartLines) => Promise<Decision<CartLines>>,
): Promise<CartDoc> {
  const { before, written } = await compareAndSet(async () => {
    const cart = await d.carts.findOne({ _id: cartId, customerID: customerId }).lean<CartDoc>();
    if (!cart) throw notFound();
    if (isStale(base, versionOf(cart))) throw new StaleWriteError(CART_CHANGED, base, { cart: cartView(cart) });
    const current = cartLines(cart);
    const decision = await plan(current);
    if (!decision.ok) throw conflict(decision.refusal.message, { [decision.refusal.field]: decision.refusal.message });
    // Nothing to change (a repeated removal): no write, the version stays.
    if (JSON.stringify(storedLines(decision.value)) === JSON.stringify(storedLines(current))) return { before: current, written: cart };
    if (!(await writeLines(d.carts, cartId, cart.rev, decision.value))) return undefined;
    return { before: current, written: { ...cart, ...storedLines(decision.value), rev: cart.rev + 1 } };
  });
  return settle(d, cartId, before, written);
}

/**
 * @param cartId - the cart named by the path; another customer's is 404
 * @param request - the validated, normalised body (contracts' CartWriteSchema, `normalCartWrite`)
 * @param base - the version the lines were based on (`writeBase` of the body's `version` / `If-Match`)
 * @returns the cart as written
 * @throws HttpError 404; 409/412 with the current cart when `base` is stale; 409 with the refusal's
 *   message on its field; 409 'Please try again!'
 */
export function replaceCartLines(
  d: CartDeps,
  customerId: string,
  cartId: Types.ObjectId,
  request: CartRequest,
  base: WriteBase = { version: null, via: null },
): Promise<CartDoc> {
  return change(d, customerId, cartId, base, async (current) => planCart(current, request, await availabilityOf(d, current, request)));
}

/** One line's change: add it (with `quantity`, default 1), set its quantity, or remove it. */
export type LineChange = { op: 'add'; quantity?: number } | { op: 'set'; quantity: number } | { op: 'remove' };

/**
 * Adds, sets the quantity of, or removes one line of the customer's cart `cartId`; the other lines
 * stay as they are (issue 29: no tab's stale list ever removes another's line).
 * @throws HttpError 404 (not the caller's cart, or a quantity for a line it does not hold:
 *   LINE_NOT_IN_CART); 409/412 with the current cart when `base` is stale; 409 duplicate /
 *   unavailable for an added line; 409 'Please try again!'
 */
export function changeLine(
  d: CartDeps,
  customerId: string,
  cartId: Types.ObjectId,
  line: LineRef,
  change_: LineChange,
  base: WriteBase,
): Promise<CartDoc> {
  return change(d, customerId, cartId, base, async (current): Promise<Decision<CartLines>> => {
    if (change_.op === 'remove') return { ok: true, value: withoutLine(current, line) };
    if (change_.op === 'set') {
      const next = withLineQuantity(current, line, change_.quantity);
      if (!next) throw notFound(LINE_NOT_IN_CART);
      return { ok: true, value: next };
    }
    const model = line.kind === 'items' ? d.items : d.packages;
    const available = (await availableIds(model, [line.id])).has(line.id);
    return planAddLine(current, line, change_.quantity ?? 1, available);
  });
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
