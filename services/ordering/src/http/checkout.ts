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
 * - `GET /checkout/{checkoutId}` shows where the saga stands.
 */
import { CheckoutPaySchema, CheckoutSessionSchema, WalletCompleteSchema } from '@market/contracts';
import { requireCaller } from '@market/platform';
import { Router, type Response } from 'express';
import { z } from 'zod';
import type { CheckoutDeps } from '../checkout/deps';
import { LinesUnavailable, payCheckout, type PayCheckout } from '../checkout/pay';
import { ownCheckout } from '../checkout/read';
import { startCheckout } from '../checkout/start';
import { checkoutView } from '../store/checkouts';

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

export function checkoutRoutes(d: CheckoutDeps): Router {
  const r = Router();

  r.post('/checkout/session', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const request = CheckoutSessionSchema.parse(req.body);
    const keyHeader = req.get('Idempotency-Key');
    const idempotencyKey = keyHeader === undefined ? undefined : IdempotencyKeySchema.parse(keyHeader);
    const { checkout, created } = await startCheckout(d, { customerId: caller.id, request, idempotencyKey });
    res.status(created ? 201 : 200).json(checkoutView(checkout));
  });

  r.get('/checkout/:checkoutId', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    res.json(checkoutView(await ownCheckout(d, caller.id, req.params.checkoutId)));
  });

  r.post('/checkout/:checkoutId/pay', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const payment = CheckoutPaySchema.parse(req.body);
    await payAndAnswer(d, res, {
      customerId: caller.id,
      checkoutId: req.params.checkoutId,
      payment,
      demoPlacedAt: req.get('X-Demo-Placed-At'),
    });
  });

  r.post('/paypal-transaction-complete', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const { checkoutId } = WalletCompleteSchema.parse(req.body);
    await payAndAnswer(d, res, { customerId: caller.id, checkoutId, payment: { paymentType: 'wallet' } });
  });

  return r;
}
