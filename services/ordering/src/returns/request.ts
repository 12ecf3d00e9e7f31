/**
 * A customer asks to return (part of) a delivered order line (`POST /Returns`; issue 31 item 3).
 *
 * The line is read by `_id` (its form says item or package order) and must be the caller's (else
 * 404 RETURN_LINE_NOT_FOUND), Delivered (409 RETURN_NOT_DELIVERED), within the return window of
 * `windowDays` days from its Delivered time (409 "The return window for this order closed on
 * <Sri Lanka time>"), and without a return (409 RETURN_EXISTS: one return per line, `_id`
 * `RMA-<orderLineId>`). The quantity is at most the line's (400, `fields.quantity`). What it will
 * refund is fixed now (domain/returns.ts `returnRefundCents`: unit price × quantity, capped at the
 * line less what was refunded for it); the refund saga caps it again when it runs.
 *
 * The new return (version 1) is inserted with ReturnRequested in its outbox in one write; a second
 * request racing for the same line hits the unique `_id` and is 409. The read model is written at
 * once (refresh wait_for).
 */
import {
  RETURN_EXISTS,
  RETURN_LINE_NOT_FOUND,
  RETURN_NOT_DELIVERED,
  colomboDateTime,
  returnTooMany,
  returnWindowClosed,
  type ReturnAnswer,
  type ReturnCreate,
} from '@market/contracts';
import { badRequest, conflict, isDuplicateKey, notFound, type Caller } from '@market/platform';
import type { Model } from 'mongoose';
import { releasedUnits } from '../cancellation/events';
import { lineKind } from '../cancellation/refunds';
import { deliveredAt, returnableUntil, returnIdOf, returnRefundCents, withinWindow } from '../domain/returns';
import type { CheckoutDoc } from '../store/checkouts';
import type { ItemOrderDoc, PackageOrderDoc } from '../store/orders';
import { returnAnswer, type ReturnDoc } from '../store/returns';
import { indexReturn, returnEvent, type ReturnDeps } from './deps';

type AnyOrder = ItemOrderDoc | PackageOrderDoc;

/** The order line `orderLineId` (either kind), or null. */
export async function findLine(
  d: Pick<ReturnDeps, 'book'>,
  orderLineId: string,
): Promise<{ kind: 'item' | 'package'; order: AnyOrder } | null> {
  const kind = lineKind(orderLineId);
  if (!kind) return null;
  const model = (kind === 'item' ? d.book.itemOrders : d.book.packageOrders) as unknown as Model<AnyOrder>;
  const order = await model.findById(orderLineId).lean<AnyOrder>();
  return order ? { kind, order } : null;
}

/** Cents refunds already gave back for a line (a cancellation's under the line id, a return's under its return id). */
export function refundedForLine(c: Pick<CheckoutDoc, 'refunds'> | null, orderLineId: string): number {
  const ids = new Set([orderLineId, returnIdOf(orderLineId)]);
  return (c?.refunds ?? []).filter((r) => ids.has(r.lineId)).reduce((sum, r) => sum + r.amountCents, 0);
}

/** The product of a line as bought: id, name, first image. */
function productOf(kind: 'item' | 'package', order: AnyOrder): { id: string; name: string; image: string } {
  const snap = (kind === 'item' ? (order as ItemOrderDoc).Items : (order as PackageOrderDoc).Packages)[0] ?? {};
  const name = String((kind === 'item' ? snap.Item_name : snap.packageName) ?? '');
  const image = kind === 'item' ? String((snap.Images as unknown[] | undefined)?.[0] ?? '') : String(snap.image ?? '');
  return { id: String(snap._id ?? ''), name, image };
}

/**
 * @returns the new return, Requested
 * @throws HttpError 404 RETURN_LINE_NOT_FOUND; 409 RETURN_NOT_DELIVERED, window closed, RETURN_EXISTS; 400 too many
 */
export async function requestReturn(
  d: ReturnDeps,
  caller: Caller,
  body: ReturnCreate & { photos: string[] },
  now = new Date(),
): Promise<ReturnAnswer> {
  const found = await findLine(d, body.orderLineId);
  if (!found || found.order.CustomerID !== caller.id) throw notFound(RETURN_LINE_NOT_FOUND);
  const { kind, order } = found;
  const id = returnIdOf(order._id);
  if (await d.returns.exists({ _id: id })) throw conflict(RETURN_EXISTS);
  const delivered = deliveredAt(order);
  if (!delivered) throw conflict(RETURN_NOT_DELIVERED);
  if (!withinWindow(delivered, d.windowDays, now))
    throw conflict(returnWindowClosed(colomboDateTime(returnableUntil(delivered, d.windowDays).toISOString())));
  if (body.quantity > order.OQuantity) throw badRequest(returnTooMany(order.OQuantity), { quantity: returnTooMany(order.OQuantity) });
  const c = await d.checkouts.findById(order.OrderID).lean<CheckoutDoc>();
  const product = productOf(kind, order);
  const ret: ReturnDoc = {
    _id: id,
    orderLineId: order._id,
    orderId: order.OrderID,
    kind,
    sellerId: order.SellerID,
    customerId: order.CustomerID,
    productId: product.id,
    productName: product.name,
    productImage: product.image,
    paymentType: c?.payment?.PaymentType ?? (order.cod ? 'CashOnDelivery' : 'Card'),
    quantity: body.quantity,
    unitPriceCents: order.unitPriceCents,
    refundCents: returnRefundCents(order, body.quantity, refundedForLine(c, order._id)),
    items: releasedUnits(kind, { ...order, OQuantity: body.quantity }).items,
    reason: body.reason,
    description: body.description,
    photos: body.photos,
    status: 'Requested',
    timeline: [{ status: 'Requested', at: now, by: 'customer' }],
    createdAt: now,
    updatedAt: now,
    aggregateVersion: 1,
    pendingEvents: [],
  };
  try {
    await d.returns.create({ ...ret, pendingEvents: [returnEvent('ReturnRequested', ret, 1, { note: body.description })] });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(RETURN_EXISTS);
    throw err;
  }
  d.nudge({ model: d.returns, id });
  await indexReturn(d, ret);
  return returnAnswer(ret);
}
