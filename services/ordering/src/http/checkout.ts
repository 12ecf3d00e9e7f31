/**
 * The checkout command (issue 5; DESIGN.md sections 3 and 6), replacing the documents'
 * client-driven series of order POSTs:
 * - `POST /checkout/session` prices the lines on the server from the catalogue read model
 *   (FinalPrice, package price, + Rs. 100 delivery & VAT). An `Idempotency-Key` header makes a
 *   retried request answer the same checkout.
 * - `POST /checkout/{checkoutId}/pay` with a saved card and its CVC, or the wallet provider:
 *   the CVC is compared with the card's keyed hash; the provider captures once per checkout; a
 *   compare-and-set moves the checkout Open → AwaitingStock and records OrderPlaced and
 *   PaymentCaptured in the same write, so two concurrent pays place the orders once and both
 *   answer the same result.
 * - `POST /paypal-transaction-complete` is the wallet provider's completion of a checkout, with
 *   the server-computed amount (never a fixed 100).
 * - `GET /checkout/{checkoutId}` shows where the saga stands.
 */
import {
  CARD_EXPIRED,
  CheckoutPaySchema,
  CheckoutSessionSchema,
  ITEM_UNAVAILABLE,
  PACKAGE_UNAVAILABLE,
  WalletCompleteSchema,
  WRONG_CVV,
  expiryNotPast,
  type CheckoutPay,
} from '@market/contracts';
import {
  badRequest,
  byIds,
  type Caller,
  conflict,
  isDuplicateKey,
  notFound,
  type OutboxHint,
  requireCaller,
  updateAggregate,
} from '@market/platform';
import { Router } from 'express';
import { isValidObjectId, Types, type Model } from 'mongoose';
import { z } from 'zod';
import { cvvMatches } from '../domain/cards';
import { newOrderId, orderIdForKey, receiptNo } from '../domain/codes';
import type { PaymentProvider } from '../domain/payments';
import { LineRefused, priceCheckout } from '../domain/pricing';
import { paidEvents } from '../events/checkoutEvents';
import type { CardDoc } from '../store/cards';
import { checkoutView, writeOrdersOnce, type CheckoutDoc, type CheckoutPayment } from '../store/checkouts';
import { materializeOrders, settleOrders, type OrderBook } from '../store/orders';
import type { ReadModels } from '../store/readModels';

const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(8, 'Idempotency-Key must have 8 to 200 characters')
  .max(200, 'Idempotency-Key must have 8 to 200 characters');

export interface CheckoutDeps {
  checkouts: Model<CheckoutDoc>;
  cards: Model<CardDoc>;
  rm: ReadModels;
  book: OrderBook;
  provider: PaymentProvider;
  cardSecret: string;
  /** Honour `X-Demo-Placed-At` (demo seeding only; see config). */
  demoBackdating?: boolean;
  nudge: (hint?: OutboxHint) => void;
}

export function checkoutRoutes(d: CheckoutDeps): Router {
  const r = Router();

  async function ownCheckout(caller: Caller, id: unknown): Promise<CheckoutDoc> {
    if (typeof id !== 'string' || !/^[A-Z0-9]{1,32}$/.test(id)) throw notFound();
    // By `_id` alone, then the owner check: FerretDB 1.x scans the collection for compound filters.
    const c = await d.checkouts.findById(id).lean<CheckoutDoc>();
    if (!c || c.customerId !== caller.id) throw notFound();
    return c;
  }

  async function readLines(itemIds: string[], packageIds: string[]) {
    const [items, packages] = await Promise.all([byIds(d.rm.items, itemIds), byIds(d.rm.packages, packageIds)]);
    return { items, packages };
  }

  r.post('/checkout/session', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const request = CheckoutSessionSchema.parse(req.body);
    const keyHeader = req.get('Idempotency-Key');
    const key = keyHeader === undefined ? undefined : IdempotencyKeySchema.parse(keyHeader);
    const _id = key ? orderIdForKey(caller.id, key) : newOrderId();
    if (key) {
      const existing = await d.checkouts.findById(_id).lean<CheckoutDoc>();
      if (existing && existing.customerId === caller.id) return void res.status(200).json(checkoutView(existing));
    }
    const { items, packages } = await readLines(
      request.items.map((l) => l.itemId),
      request.packages.map((l) => l.packageId),
    );
    let priced;
    try {
      priced = priceCheckout(request, items, packages);
    } catch (err) {
      if (err instanceof LineRefused) throw conflict(err.message, { line: err.lineId });
      throw err;
    }
    const doc = {
      _id,
      customerId: caller.id,
      status: 'Open' as const,
      ...priced,
      createdAt: new Date(),
      aggregateVersion: 0,
      pendingEvents: [],
    };
    try {
      await d.checkouts.create(doc);
    } catch (err) {
      if (!isDuplicateKey(err) || !key) throw err;
      // The same key raced in twice: answer the checkout the other request made.
      return void res.status(200).json(checkoutView(await ownCheckout(caller, _id)));
    }
    res.status(201).json(checkoutView(doc as CheckoutDoc));
  });

  r.get('/checkout/:checkoutId', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    res.json(checkoutView(await ownCheckout(caller, req.params.checkoutId)));
  });

  /** Makes sure a decided or paid checkout's records exist, then answers it as stored. */
  async function answerPaid(c: CheckoutDoc) {
    await writeOrdersOnce(d.checkouts, c, (paid) => materializeOrders(d.book, paid));
    // Re-read: a decision may have landed while the orders were being written.
    const latest = (await d.checkouts.findById(c._id).lean<CheckoutDoc>()) ?? c;
    await settleOrders(d.book, latest);
    return checkoutView(latest);
  }

  /** When the payment counts as made: now, or the demo seeder's date within the past year. */
  function paidAt(demoPlacedAt: string | undefined): Date {
    const now = new Date();
    if (!d.demoBackdating || !demoPlacedAt) return now;
    const at = new Date(demoPlacedAt);
    const yearAgo = now.getTime() - 366 * 86_400_000;
    if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime() || at.getTime() < yearAgo)
      throw badRequest('X-Demo-Placed-At must be a date within the past year');
    return at;
  }

  async function pay(caller: Caller, checkoutId: unknown, body: CheckoutPay, demoPlacedAt?: string) {
    const c = await ownCheckout(caller, checkoutId);
    if (c.status !== 'Open') return answerPaid(c);

    let payment: Pick<CheckoutPayment, 'PaymentType' | 'cardId'>;
    if ('cardId' in body) {
      if (!isValidObjectId(body.cardId)) throw notFound('Card not found');
      const card = await d.cards.findById(new Types.ObjectId(body.cardId)).lean<CardDoc>();
      if (!card || card.ownerID !== caller.id) throw notFound('Card not found');
      if (!expiryNotPast(card.carddate)) throw badRequest(CARD_EXPIRED, { cardId: CARD_EXPIRED });
      if (!cvvMatches(d.cardSecret, String(card._id), body.cvv, card.cvvHash)) throw badRequest(WRONG_CVV, { cvv: WRONG_CVV });
      payment = { PaymentType: 'Card', cardId: String(card._id) };
    } else {
      payment = { PaymentType: 'PayPal' };
    }

    // An item or package made unavailable since the checkout was priced cannot be bought.
    const { items, packages } = await readLines(
      c.lines.filter((l) => l.kind === 'item').map((l) => l.id),
      c.lines.filter((l) => l.kind === 'package').map((l) => l.id),
    );
    for (const line of c.lines) {
      if (line.kind === 'item') {
        const item = items.get(line.id);
        if (!item || item.deleted || !item.ItemAvailabilityStatus) throw conflict(ITEM_UNAVAILABLE, { line: line.id });
      } else {
        const pkg = packages.get(line.id);
        if (!pkg || pkg.deleted || !pkg.packageAvailability) throw conflict(PACKAGE_UNAVAILABLE, { line: line.id });
      }
    }

    const capture = await d.provider.capture({
      idempotencyKey: c._id,
      amountCents: c.amountCents,
      method: payment.PaymentType === 'Card' ? 'card' : 'wallet',
      reference: c._id,
    });
    const paid: CheckoutPayment = {
      ...payment,
      captureId: capture.captureId,
      RecieptNo: receiptNo(),
      historyId: new Types.ObjectId().toHexString(),
      paidAt: paidAt(demoPlacedAt),
    };
    const next: CheckoutDoc = { ...c, status: 'AwaitingStock', payment: paid };
    const won = await updateAggregate(d.checkouts, c._id, c.aggregateVersion, { $set: { status: 'AwaitingStock', payment: paid } }, (v) =>
      paidEvents(next, v),
    );
    if (won) d.nudge({ model: d.checkouts, id: c._id });
    const final = won ? next : await d.checkouts.findById(c._id).lean<CheckoutDoc>();
    if (!final || final.status === 'Open') throw conflict('The checkout changed meanwhile, please try again');
    return answerPaid(final);
  }

  r.post('/checkout/:checkoutId/pay', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    res.json(await pay(caller, req.params.checkoutId, CheckoutPaySchema.parse(req.body), req.get('X-Demo-Placed-At')));
  });

  r.post('/paypal-transaction-complete', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const { checkoutId } = WalletCompleteSchema.parse(req.body);
    res.json(await pay(caller, checkoutId, { paymentType: 'wallet' }));
  });

  return r;
}
