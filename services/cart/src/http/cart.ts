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
 * The reads and writes are the use cases in src/cart/lines.ts; this module parses and answers.
 */
import { CartWriteSchema } from '@market/contracts';
import { objectIdParam } from '@market/platform';
import { Router } from 'express';
import type { Model } from 'mongoose';
import { createCart, openCart, replaceCartLines } from '../cart/lines';
import { normalCartWrite } from '../domain/lines';
import { cartView, type CartDoc } from '../store/carts';
import type { AvailabilityDoc, CustomerRefDoc } from '../store/readModels';
import { ownCustomer } from './common';

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
  const d = { carts, items, packages };

  r.get('/ShoppingCart/getOneCart/:customerId', async (req, res) => {
    const caller = await ownCustomer(req, customers, req.params.customerId);
    res.json(cartView(await openCart(d, caller.id)));
  });

  r.put('/ShoppingCart/updateSItem/:cartId', async (req, res) => {
    const id = objectIdParam(req.params.cartId);
    const caller = await ownCustomer(req, customers);
    const request = normalCartWrite(CartWriteSchema.parse(req.body));
    res.json(cartView(await replaceCartLines(d, caller.id, id, request)));
  });

  r.post('/ShoppingCart/createrCart', async (req, res) => {
    const caller = await ownCustomer(req, customers);
    const request = normalCartWrite(CartWriteSchema.parse(req.body));
    const { cart, created } = await createCart(d, caller.id, request);
    res.status(created ? 201 : 200).json(cartView(cart));
  });

  return r;
}
