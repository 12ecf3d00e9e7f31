/**
 * Pay a checkout (`POST /checkout/{checkoutId}/pay` with a saved card and its CVC, or the wallet
 * provider; `POST /paypal-transaction-complete`; docs/architecture.md, Events and Departures from the documents):
 *
 * 1. the customer's own checkout (404 otherwise); one no longer `Open` was paid already and is
 *    only finished and answered (a repeated or concurrent pay answers the same result);
 * 2. the method: cash on delivery needs a delivery address (400), the amount within the limit and
 *    fewer refused deliveries than allowed (409 with the reason; issue 29, {@link ensureCodAllowed});
 *    the card: the customer's own (404 `Card not found`), not expired (400 CARD_EXPIRED), neither
 *    it nor the account locked after too many wrong CVCs (429 CVC_LOCKED_CARD / CVC_LOCKED_ACCOUNT
 *    with Retry-After, checked before the CVC; cvcLimits.ts, issue 27 item 5), and the CVC matching
 *    the card's keyed hash (400 WRONG_CVV, counted towards the lockout; domain/cards.ts);
 * 3. every line still sold: an item or package deleted or made unavailable since the checkout was
 *    priced, or a package outside its dates now (Sri Lanka days, issue 27 item 7), cannot be
 *    bought (409 ITEM_UNAVAILABLE / PACKAGE_UNAVAILABLE with `{ line }` and every such line in
 *    `unavailable: { items, packages }`, {@link LinesUnavailable}; domain/pricing.ts);
 * 4. the provider captures the amount (nothing for cash on delivery: captureId '') (`amountCents`, cents, computed on the server), once per
 *    checkout (the order number is the capture's idempotency key);
 * 5. a compare-and-set on the checkout's version moves it `Open` → `AwaitingStock` with the
 *    payment and records OrderPlaced and PaymentCaptured in the same write (events/checkoutEvents.ts);
 *    the loser of two concurrent pays reads the winner's result (409 if it is still Open);
 * 6. finish.ts writes the orders and settles them; only then is OrderPlaced published (the relay
 *    is nudged), so the saga's decision meets written records.
 *
 * Answers the checkout as stored after finishing (store/checkouts.ts `checkoutView` renders it).
 */
import {
  CARD_EXPIRED,
  COD_NEEDS_ADDRESS,
  expiryNotPast,
  ITEM_UNAVAILABLE,
  PACKAGE_UNAVAILABLE,
  WRONG_CVV,
  type CheckoutPay,
  type DeliveryAddress,
} from '@market/contracts';
import { badRequest, conflict, HttpError, notFound, updateAggregate } from '@market/platform';
import { isValidObjectId, Types } from 'mongoose';
import { cvvMatches } from '../domain/cards';
import { codAvailability } from '../domain/cashOnDelivery';
import { refusalsOf } from '../store/codRefusals';
import { receiptNo } from '../domain/codes';
import { packageBuyable } from '../domain/pricing';
import { paidEvents } from '../events/checkoutEvents';
import type { CardDoc } from '../store/cards';
import type { CheckoutDoc, CheckoutPayment } from '../store/checkouts';
import { indexCheckout } from '../store/orders';
import type { CheckoutDeps } from './deps';
import { finishCheckout, recordCheckout } from './finish';
import { ownCheckout, readLines } from './read';

export interface PayCheckout {
  customerId: string;
  /** As the client sent it; anything not an order number of this customer is 404. */
  checkoutId: unknown;
  /** The parsed body (contracts' CheckoutPaySchema): a card with its CVC, or the wallet. */
  payment: CheckoutPay;
  /**
   * The delivery address the customer chose (parsed with contracts' DeliveryAddressSchema), copied
   * onto the checkout in the same write that records the payment; absent from the documents' client.
   * Ignored when the checkout was paid already: a paid checkout's address never changes.
   */
  deliverTo?: DeliveryAddress;
  /** The `X-Demo-Placed-At` header (demo seeding; honoured only with `demoBackdating`). */
  demoPlacedAt?: string;
}

type PayDeps = Pick<
  CheckoutDeps,
  'checkouts' | 'cards' | 'rm' | 'book' | 'provider' | 'cardSecret' | 'cvcGuard' | 'demoBackdating' | 'nudge' | 'codLimitRupees'
>;

export async function payCheckout(
  d: PayDeps,
  { customerId, checkoutId, payment: body, deliverTo, demoPlacedAt }: PayCheckout,
): Promise<CheckoutDoc> {
  const c = await ownCheckout(d, customerId, checkoutId);
  if (c.status !== 'Open') return finishCheckout(d, c, { refresh: 'wait_for' });

  const payment = await paymentMethod(d, customerId, body);
  if (payment.PaymentType === 'CashOnDelivery') await ensureCodAllowed(d, c, deliverTo);
  await ensureStillSold(d, c);

  // Cash on delivery takes nothing now: the couriers collect it line by line (fulfilment/cashOnDelivery.ts).
  const capture =
    payment.PaymentType === 'CashOnDelivery'
      ? { captureId: '' }
      : await d.provider.capture({
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
    paidAt: paidAt(d.demoBackdating, demoPlacedAt),
  };
  const address = deliverTo ? { DeliverTo: deliverTo } : {};
  const next: CheckoutDoc = { ...c, status: 'AwaitingStock', payment: paid, ...address };
  const set = { status: 'AwaitingStock', payment: paid, ...address };
  const won = await updateAggregate(d.checkouts, c._id, c.aggregateVersion, { $set: set }, (v) => paidEvents(next, v));
  const final = won ? next : await d.checkouts.findById(c._id).lean<CheckoutDoc>();
  if (!final || final.status === 'Open') throw conflict('The checkout changed meanwhile, please try again');
  let recorded: CheckoutDoc;
  try {
    recorded = await recordCheckout(d, final);
  } finally {
    // OrderPlaced leaves only now, once the records are written: the stock decision it brings
    // back then finds them and only settles them. Published at once, the decision usually came
    // while this request was still writing, and the saga wrote the same records a second time
    // beside it (some forty more commands per checkout on ordering's database). Should this
    // request fail before, the relay's sweep publishes the event. It leaves before the index
    // write below, whose wait for the index's refresh the decision has no need of.
    if (won) d.nudge({ model: d.checkouts, id: c._id });
  }
  // The paying customer opens their orders next (read-your-writes); the projections write the same.
  await indexCheckout(d.book, recorded, 'wait_for');
  return recorded;
}

/** The payment's method: the customer's usable card with its CVC checked, or the wallet. */
async function paymentMethod(
  d: Pick<CheckoutDeps, 'cards' | 'cardSecret' | 'cvcGuard'>,
  customerId: string,
  body: CheckoutPay,
): Promise<Pick<CheckoutPayment, 'PaymentType' | 'cardId'>> {
  if ('paymentType' in body && body.paymentType === 'cod') return { PaymentType: 'CashOnDelivery' };
  if (!('cardId' in body)) return { PaymentType: 'PayPal' };
  if (!isValidObjectId(body.cardId)) throw notFound('Card not found');
  const card = await d.cards.findById(new Types.ObjectId(body.cardId)).lean<CardDoc>();
  if (!card || card.ownerID !== customerId) throw notFound('Card not found');
  if (!expiryNotPast(card.carddate)) throw badRequest(CARD_EXPIRED, { cardId: CARD_EXPIRED });
  // Counted before the comparison: once locked, a right guess must not be told apart from a wrong
  // one, and simultaneous guesses each take a point.
  const attempt = await d.cvcGuard.begin(card);
  if (!cvvMatches(d.cardSecret, String(card._id), body.cvv, card.cvvHash)) {
    await d.cvcGuard.wrong(attempt);
    throw badRequest(WRONG_CVV, { cvv: WRONG_CVV });
  }
  await d.cvcGuard.right(attempt);
  return { PaymentType: 'Card', cardId: String(card._id) };
}

/**
 * Cash on delivery's conditions (issue 29; domain/cashOnDelivery.ts): a delivery address, the
 * checkout's amount within the limit, and fewer refused deliveries than allowed.
 * @throws HttpError 400 COD_NEEDS_ADDRESS; 409 with the reason (over the limit, refused deliveries)
 */
async function ensureCodAllowed(
  d: Pick<CheckoutDeps, 'book' | 'codLimitRupees'>,
  c: CheckoutDoc,
  deliverTo?: DeliveryAddress,
): Promise<void> {
  if (!deliverTo) throw badRequest(COD_NEEDS_ADDRESS, { deliveryAddress: COD_NEEDS_ADDRESS });
  const availability = codAvailability(c.amountCents, d.codLimitRupees, await refusalsOf(d.book.codRefusals, c.customerId));
  if (!availability.available) throw conflict(availability.reason ?? COD_NEEDS_ADDRESS);
}

/**
 * The 409 of a pay whose lines are no longer all sold (issue 29 item 5). The message stays the
 * documents' (ITEM_UNAVAILABLE when an item is among them, else PACKAGE_UNAVAILABLE) and
 * `fields.line` the first such line, as before; {@link LinesUnavailable.answer} adds
 * `unavailable: { items, packages }` with the ids of every such line, so the web app can mark them
 * at the lines (it has their names) and offer to remove them. http/checkout.ts writes that answer;
 * elsewhere it is an ordinary 409.
 */
export class LinesUnavailable extends HttpError {
  constructor(readonly unavailable: { items: string[]; packages: string[] }) {
    const first = unavailable.items[0] ?? unavailable.packages[0] ?? '';
    super(409, unavailable.items.length ? ITEM_UNAVAILABLE : PACKAGE_UNAVAILABLE, { line: first });
  }

  /** The answer's body: `{ error, fields: { line }, unavailable: { items, packages } }` (contracts' LinesUnavailableAnswerSchema). */
  answer(): { error: string; fields: Record<string, string>; unavailable: { items: string[]; packages: string[] } } {
    return { error: this.message, fields: this.fields ?? {}, unavailable: this.unavailable };
  }
}

/** Throws {@link LinesUnavailable} naming every line whose item or package is deleted or unavailable since pricing, or whose package is now outside its dates. */
async function ensureStillSold(d: Pick<CheckoutDeps, 'rm'>, c: CheckoutDoc): Promise<void> {
  const { items, packages } = await readLines(
    d,
    c.lines.filter((l) => l.kind === 'item').map((l) => l.id),
    c.lines.filter((l) => l.kind === 'package').map((l) => l.id),
  );
  const unavailable = { items: [] as string[], packages: [] as string[] };
  for (const line of c.lines) {
    if (line.kind === 'item') {
      const item = items.get(line.id);
      if (!item || item.deleted || !item.ItemAvailabilityStatus) unavailable.items.push(line.id);
    } else {
      // Its dates too (a package priced on its last day may be paid for after midnight), and its items.
      if (!packageBuyable(packages.get(line.id), items)) unavailable.packages.push(line.id);
    }
  }
  if (unavailable.items.length + unavailable.packages.length > 0) throw new LinesUnavailable(unavailable);
}

/**
 * When the payment counts as made: now, or with `demoBackdating` the demo seeder's date, which
 * must lie within the past year (400 otherwise).
 */
function paidAt(demoBackdating: boolean | undefined, demoPlacedAt: string | undefined): Date {
  const now = new Date();
  if (!demoBackdating || !demoPlacedAt) return now;
  const at = new Date(demoPlacedAt);
  const yearAgo = now.getTime() - 366 * 86_400_000;
  if (Number.isNaN(at.getTime()) || at.getTime() > now.getTime() || at.getTime() < yearAgo)
    throw badRequest('X-Demo-Placed-At must be a date within the past year');
  return at;
}
