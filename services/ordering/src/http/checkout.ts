/**
 * The checkout routes (docs/architecture.md, Sagas and Departures from the documents), replacing the documents' client-driven
 * series of order POSTs. Thin adapters: each parses its input, calls its flow in `../checkout/`
 * and writes the answer (`checkoutView`, money in rupees).
 * - `POST /checkout/session` (checkout/start.ts): prices the lines on the server; an
 *   `Idempotency-Key` header makes a retried request answer the same checkout (201 when created,
 *   200 when answered again).
 * - `POST /checkout/{checkoutId}/pay` with a saved card and its CVC, or the wallet provider
 *   (checkout/pay.ts): captures once per checkout and places the orders once, however often and
 *   concurrently it is called.
 * - `POST /paypal-transaction-complete` is the wallet provider's completion of a checkout, with
 *   the server-computed amount (never a fixed 100).
 * - Both pay commands answer a checkout with lines no longer sold with 409, the documents' message
 *   and `unavailable: { items, packages }` naming every such line (checkout/pay.ts LinesUnavailable).
 * - Both pay commands take an optional `deliveryAddress` (contracts' DeliveryAddressSchema; 400
 *   with the field named, nothing changed, when it is incomplete), copied onto the checkout and its
 *   orders as `DeliverTo`. The documents' client sends none: such orders have no `DeliverTo`, and
 *   the web app says "No delivery address given".
 * - Cash on delivery (`{ paymentType: 'cod', deliveryAddress }`, issue 29): nothing is charged;
 *   while a checkout is Open, its answers say whether cash on delivery may pay it (`cashOnDelivery`).
 * - `GET /checkout/{checkoutId}` shows where the saga stands.
 * - `POST /checkout/{checkoutId}/cancel` (admins): resolves a checkout stuck waiting for its stock
 *   decision (checkout/decide.ts `giveUpCheckout`), with the reason the customer is told.
 */
import {
  CheckoutCancelSchema,
  CheckoutPaySchema,
  CheckoutSessionSchema,
  NOT_AWAITING_STOCK,
  DeliveryAddressSchema,
  WalletCompleteSchema,
  type DeliveryAddress,
} from '@market/contracts';
import { conflict, notFound, requireCaller } from '@market/platform';
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { CheckoutDeps } from '../checkout/deps';
import { LinesUnavailable, payCheckout, type PayCheckout } from '../checkout/pay';
import { GIVE_UP_REASONS, giveUpCheckout } from '../checkout/decide';
import { ownCheckout } from '../checkout/read';
import { startCheckout } from '../checkout/start';
import { codAvailability } from '../domain/cashOnDelivery';
import { checkoutView, type CheckoutDoc } from '../store/checkouts';
import { refusalsOf } from '../store/codRefusals';

export type { CheckoutDeps } from '../checkout/deps';

const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key must have 8 to 200 characters')
  .max(200, 'Idempotency-Key must have 8 to 200 characters');

/**
 * Pays and answers the checkout; lines no longer sold answer 409 with the lines named (the
 * platform's error handler would send only `{ error, fields }`). Other errors go to it.
 */
async function payAndAnswer(d: CheckoutDeps, res: Response, command: PayCheckout): Promise<void> {
  try {
    res.json(checkoutView(await payCheckout(d, command)));
  } catch (err) {
    if (!(err instanceof LinesUnavailable)) throw err;
    res.status(409).json(err.answer());
  }
}

/**
 * The pay body's optional `deliveryAddress`, validated before anything is charged. Errors are a
 * ZodError whose paths start with `deliveryAddress` (400 through the platform's error handler).
 */
function deliveryAddressOf(body: unknown): DeliveryAddress | undefined {
  const raw = body && typeof body === 'object' ? (body as { deliveryAddress?: unknown }).deliveryAddress : undefined;
  if (raw === undefined || raw === null) return undefined;
  return z.object({ deliveryAddress: DeliveryAddressSchema }).parse({ deliveryAddress: raw }).deliveryAddress;
}

/**
 * The checkout as answered; while it is Open, with whether cash on delivery may pay it
 * (`cashOnDelivery`, issue 29: the limit and the customer's refused deliveries).
 */
async function checkoutAnswer(d: CheckoutDeps, c: CheckoutDoc) {
  const view = checkoutView(c);
  if (c.status !== 'Open') return view;
  const cashOnDelivery = codAvailability(c.amountCents, d.codLimitRupees, await refusalsOf(d.book.codRefusals, c.customerId));
  return { ...view, cashOnDelivery };
}

export function checkoutRoutes(d: CheckoutDeps): Router {
  const r = Router();

  r.post('/checkout/session', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const request = CheckoutSessionSchema.parse(req.body);
    const keyHeader = req.get('Idempotency-Key');
    const idempotencyKey = keyHeader === undefined ? undefined : IdempotencyKeySchema.parse(keyHeader);
    const { checkout, created } = await startCheckout(d, { customerId: caller.id, request, idempotencyKey });
    res.status(created ? 201 : 200).json(await checkoutAnswer(d, checkout));
  });

  r.get('/checkout/:checkoutId', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    res.json(await checkoutAnswer(d, await ownCheckout(d, caller.id, req.params.checkoutId)));
  });

  r.post('/checkout/:checkoutId/pay', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    // The address first: the pay schema's union would name an incomplete address only as "Invalid input".
    const deliverTo = deliveryAddressOf(req.body);
    const payment = CheckoutPaySchema.parse(req.body);
    await payAndAnswer(d, res, {
      customerId: caller.id,
      checkoutId: req.params.checkoutId,
      payment,
      deliverTo,
      demoPlacedAt: req.get('X-Demo-Placed-At'),
    });
  });

  // An admin resolves a checkout stuck waiting for its stock decision (issue 30 item 1).
  r.post('/checkout/:checkoutId/cancel', async (req, res) => {
    const caller = requireCaller(req, 'admin');
    const { reason } = CheckoutCancelSchema.parse(req.body ?? {});
    const c = await d.checkouts.findById(String(req.params.checkoutId)).lean<CheckoutDoc>();
    if (!c || c.status === 'Open') throw notFound('No such checkout');
    if (c.status !== 'AwaitingStock') throw conflict(NOT_AWAITING_STOCK);
    const after = await giveUpCheckout(d, c._id, { by: 'admin', adminId: caller.id, note: reason });
    if (after?.rejection?.reason !== GIVE_UP_REASONS.admin) throw conflict(NOT_AWAITING_STOCK);
    res.json(checkoutView(after));
  });

  r.post('/paypal-transaction-complete', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const deliverTo = deliveryAddressOf(req.body);
    const { checkoutId } = WalletCompleteSchema.parse(req.body);
    await payAndAnswer(d, res, { customerId: caller.id, checkoutId, payment: { paymentType: 'wallet' }, deliverTo });
  });

  return r;
}
