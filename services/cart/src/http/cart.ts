/**
 * Shopping cart routes at their documented paths (spec 000 section 7 "Cart"; contracts
 * `CART_OPERATIONS`), for the signed-in customer only:
 * - `GET /ShoppingCart/getOneCart/{customerId}` → the cart (created empty when missing, as the
 *   CustomerRegistered event may not have arrived yet right after registration).
 * - `PUT /ShoppingCart/updateSItem/{cartId}` (CartWriteSchema) → replaces the lines: duplicates
 *   409 'Item/Package Already in Your Shopping Cart.', an added line must be available (409 'Item
 *   / Package is not available Right now!'), a quantity below 1 is a 400 with the documented
 *   zero message. Quantities not named stay; new lines start at 1. A refused update writes nothing.
 * - `POST /ShoppingCart/createrCart` (CartWriteSchema) → the existing cart (200), or a new one
 *   with these lines (201, same rules).
 * Answers `CartView`: `{ _id, customerID, ItemIDs, PackageIDs, ItemQuantities, PackageQuantities }`.
 */
import { CartWriteSchema } from '@market/contracts';
import { conflict, notFound, objectIdParam } from '@market/platform';
import { Router } from 'express';
import type { Model, Types } from 'mongoose';
import { EMPTY_LINES, addedIds, normalCartWrite, planCart, type CartLines } from '../domain/lines';
import { cartLines, cartView, getOrCreateCart, removeCartLines, replaceCartLines, storedLines, type CartDoc } from '../store/carts';
import { ownerKey } from '../store/ownerKeyed';
import { availableIds, deletedIds, type AvailabilityDoc, type CustomerRefDoc } from '../store/readModels';
import { compareAndSet, ownCustomer } from './common';

/** The collections the cart routes read and write. */
export interface CartRouteModels {
  carts: Model<CartDoc>;
  items: Model<AvailabilityDoc>;
  packages: Model<AvailabilityDoc>;
  customers: Model<CustomerRefDoc>;
}

/** The `/ShoppingCart/*` routes (see the module comment). Errors are thrown as `HttpError` / zod errors. */
export function cartRoutes({ carts, items, packages, customers }: CartRouteModels): Router {
  const r = Router();

  /** Availability of the lines `next` adds to `current`. */
  async function availabilityOf(current: CartLines, next: { ItemIDs: string[]; PackageIDs: string[] }) {
    const [i, p] = await Promise.all([
      availableIds(items, addedIds(current.ItemIDs, next.ItemIDs)),
      availableIds(packages, addedIds(current.PackageIDs, next.PackageIDs)),
    ]);
    return { items: i, packages: p };
  }

  /**
   * After a write that added lines (or a read: `before` empty): an added item or package deleted
   * from the catalogue is removed now.
   * @returns the cart as it is after the write
   */
  async function settle(id: Types.ObjectId, before: CartLines, written: CartDoc): Promise<CartDoc> {
    const [gi, gp] = await Promise.all([
      deletedIds(items, addedIds(before.ItemIDs, written.ItemIDs)),
      deletedIds(packages, addedIds(before.PackageIDs, written.PackageIDs)),
    ]);
    if (gi.length === 0 && gp.length === 0) return written;
    await removeCartLines(carts, id, gi, gp);
    return (await carts.findOne({ _id: id }).lean<CartDoc>()) ?? written;
  }

  r.get('/ShoppingCart/getOneCart/:customerId', async (req, res) => {
    const caller = await ownCustomer(req, customers, req.params.customerId);
    const { cart } = await getOrCreateCart(carts, caller.id);
    // Lines of items or packages deleted from the catalogue leave the cart here (ItemDeleted and
    // PackageDeleted only leave a tombstone): one read by `_id` per line.
    res.json(cartView(await settle(cart._id, EMPTY_LINES, cart)));
  });

  r.put('/ShoppingCart/updateSItem/:cartId', async (req, res) => {
    const id = objectIdParam(req.params.cartId);
    const caller = await ownCustomer(req, customers);
    const request = normalCartWrite(CartWriteSchema.parse(req.body));
    const { before, written } = await compareAndSet(async () => {
      const cart = await carts.findOne({ _id: id, customerID: caller.id }).lean<CartDoc>();
      if (!cart) throw notFound();
      const current = cartLines(cart);
      const decision = planCart(current, request, await availabilityOf(current, request));
      if (!decision.ok) throw conflict(decision.refusal.message, { [decision.refusal.field]: decision.refusal.message });
      if (!(await replaceCartLines(carts, id, cart.rev, decision.value))) return undefined;
      return { before: current, written: { ...cart, ...storedLines(decision.value), rev: cart.rev + 1 } };
    });
    res.json(cartView(await settle(id, before, written)));
  });

  r.post('/ShoppingCart/createrCart', async (req, res) => {
    const caller = await ownCustomer(req, customers);
    const request = normalCartWrite(CartWriteSchema.parse(req.body));
    const existing = await carts.findById(ownerKey(caller.id)).lean<CartDoc>();
    if (existing) {
      res.json(cartView(existing));
      return;
    }
    const decision = planCart(EMPTY_LINES, request, await availabilityOf(EMPTY_LINES, request));
    if (!decision.ok) throw conflict(decision.refusal.message, { [decision.refusal.field]: decision.refusal.message });
    const { cart, created } = await getOrCreateCart(carts, caller.id, decision.value);
    res.status(created ? 201 : 200).json(cartView(created ? await settle(cart._id, EMPTY_LINES, cart) : cart));
  });

  return r;
}
