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
 * - `POST|PUT|DELETE /ShoppingCart/{cartId}/lines/{kind}/{lineId}` (CartLineWriteSchema; DELETE:
 *   query `version`) → adds one line, sets its quantity, or removes it (the web app's writes).
 * Every write may name the cart `version` it was based on (body/query `version` or `If-Match`); an
 * older one is refused 409 (412 for `If-Match`) with the current cart as `cart` (issue 29).
 * Answers `CartView`: `{ _id, customerID, ItemIDs, PackageIDs, ItemQuantities, PackageQuantities,
 * version }`, with the version also as `ETag`.
 * The reads and writes are the use cases in src/cart/lines.ts; this module parses and answers.
 */
import {
  BAD_CART_VERSION,
  CartLineKindSchema,
  CartLineWriteSchema,
  CartWriteSchema,
  ITEM_QUANTITY_ZERO,
  LineRemovalQuerySchema,
  PACKAGE_QUANTITY_ZERO,
} from '@market/contracts';
import { badRequest, objectIdParam, setVersionTag, writeBase } from '@market/platform';
import { Router, type Request, type Response } from 'express';
import type { Model } from 'mongoose';
import { changeLine, createCart, openCart, replaceCartLines, type LineChange } from '../cart/lines';
import { normalCartWrite, normalId, type LineRef } from '../domain/lines';
import { cartView, type CartDoc } from '../store/carts';
import { staleWriteAnswer } from '../store/staleWrite';
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
  const answer = (res: Response, cart: CartDoc) => {
    const view = cartView(cart);
    setVersionTag(res, view.version);
    res.json(view);
  };
  /** The line a path names (`items/{itemId}` or `packages/{packageId}`); a bad kind or id is a 400/404 like any path id. */
  const lineOf = (req: Request): LineRef => {
    const kind = CartLineKindSchema.safeParse(req.params.kind);
    if (!kind.success) throw badRequest('The line kind must be items or packages', { kind: 'The line kind must be items or packages' });
    return { kind: kind.data, id: normalId(String(objectIdParam(req.params.lineId))) };
  };

  /**
   * The body of a line's add or quantity change; a quantity below 1 of a package line answers the
   * package's own message (the schema's is the item's; spec 000 section 5).
   */
  const lineWrite = (req: Request, line: LineRef) => {
    const quantity = (req.body as { quantity?: unknown } | undefined)?.quantity;
    if (line.kind === 'packages' && typeof quantity === 'number' && quantity < 1)
      throw badRequest(PACKAGE_QUANTITY_ZERO, { quantity: PACKAGE_QUANTITY_ZERO });
    return CartLineWriteSchema.parse(req.body ?? {});
  };

  r.get('/ShoppingCart/getOneCart/:customerId', async (req, res) => {
    const caller = await ownCustomer(req, customers, req.params.customerId);
    answer(res, await openCart(d, caller.id));
  });

  r.put('/ShoppingCart/updateSItem/:cartId', async (req, res) => {
    const id = objectIdParam(req.params.cartId);
    const caller = await ownCustomer(req, customers);
    const body = CartWriteSchema.parse(req.body);
    const base = writeBase(req, body.version, BAD_CART_VERSION);
    answer(res, await replaceCartLines(d, caller.id, id, normalCartWrite(body), base));
  });

  r.post('/ShoppingCart/:cartId/lines/:kind/:lineId', async (req, res) => {
    const id = objectIdParam(req.params.cartId);
    const line = lineOf(req);
    const caller = await ownCustomer(req, customers);
    const body = lineWrite(req, line);
    const change: LineChange = { op: 'add', quantity: body.quantity };
    answer(res, await changeLine(d, caller.id, id, line, change, writeBase(req, body.version, BAD_CART_VERSION)));
  });

  r.put('/ShoppingCart/:cartId/lines/:kind/:lineId', async (req, res) => {
    const id = objectIdParam(req.params.cartId);
    const line = lineOf(req);
    const caller = await ownCustomer(req, customers);
    const body = lineWrite(req, line);
    if (body.quantity === undefined) {
      const message = line.kind === 'items' ? ITEM_QUANTITY_ZERO : PACKAGE_QUANTITY_ZERO;
      throw badRequest(message, { quantity: message });
    }
    const change: LineChange = { op: 'set', quantity: body.quantity };
    answer(res, await changeLine(d, caller.id, id, line, change, writeBase(req, body.version, BAD_CART_VERSION)));
  });

  r.delete('/ShoppingCart/:cartId/lines/:kind/:lineId', async (req, res) => {
    const id = objectIdParam(req.params.cartId);
    const line = lineOf(req);
    const caller = await ownCustomer(req, customers);
    const query = LineRemovalQuerySchema.parse(req.query);
    answer(res, await changeLine(d, caller.id, id, line, { op: 'remove' }, writeBase(req, query.version, BAD_CART_VERSION)));
  });

  r.post('/ShoppingCart/createrCart', async (req, res) => {
    const caller = await ownCustomer(req, customers);
    const request = normalCartWrite(CartWriteSchema.parse(req.body));
    const { cart, created } = await createCart(d, caller.id, request);
    setVersionTag(res, cartView(cart).version);
    res.status(created ? 201 : 200).json(cartView(cart));
  });

  r.use(staleWriteAnswer);
  return r;
}
