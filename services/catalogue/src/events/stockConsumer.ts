/**
 * The catalogue's step of the checkout saga (DESIGN.md section 3): on OrderPlaced, reserve the
 * stock of every line or of none, then record StockReserved or StockRejected (outbox, order's
 * topic, keyed by order id).
 *
 * Each item reservation is one compare-and-set write on the item (aggregate version), which
 * takes the units, remembers the order id on the item (so a redelivery never takes them twice)
 * and records ItemUpdated with the new stock; the last unit makes the item unavailable. When a
 * line cannot be reserved, the lines already taken are given back before the rejection is
 * recorded. A crash part-way is repaired by the redelivery, which finds its own reservations.
 */
import { OrderPlacedDataSchema, type EventEnvelope } from '@market/contracts';
import { pendingEvent, updateAggregate, type EventHandler, type OutboxHint } from '@market/platform';
import { isValidObjectId, type Model } from 'mongoose';
import { canReserve, stockLines, type LineOutcome, type StockLine } from '../domain/stock';
import type { ItemDoc } from '../store/items';
import type { ReservationDoc } from '../store/reservations';
import { itemUpdated } from './itemEvents';

const MAX_CAS_ATTEMPTS = 20;

export function stockHandlers(
  items: Model<ItemDoc>,
  reservations: Model<ReservationDoc>,
  nudge: (hint?: OutboxHint) => void,
): Record<string, EventHandler> {
  // Reads go by `_id` alone: FerretDB 1.x scans the collection for any other filter.
  const liveItem = async (id: string) => {
    const item = await items.findById(id).lean<ItemDoc>();
    return item && !item.deleted ? item : null;
  };

  async function reserveLine(orderId: string, line: StockLine): Promise<LineOutcome> {
    if (!isValidObjectId(line.itemId)) return 'unknown-item';
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      const item = await liveItem(line.itemId);
      if (!item) return 'unknown-item';
      if (item.stockReservations.includes(orderId)) return 'ok';
      const outcome = canReserve(item, line.quantity);
      if (outcome !== 'ok') return outcome;
      const Quantity = item.Quantity - line.quantity;
      const soldOut = Quantity === 0;
      const set = { Quantity, ...(soldOut ? { ItemAvailabilityStatus: false, soldOut: true } : {}) };
      const next = { ...item, ...set } as ItemDoc;
      const written = await updateAggregate(
        items,
        item._id,
        item.aggregateVersion,
        { $set: set, $push: { stockReservations: orderId } },
        (v) => [itemUpdated(next, v)],
      );
      if (written) {
        nudge({ model: items, id: item._id });
        return 'ok';
      }
    }
    throw new Error(`item ${line.itemId} kept changing; will retry the order`);
  }

  async function releaseLine(orderId: string, line: StockLine): Promise<void> {
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      const item = await items.findById(line.itemId).lean<ItemDoc>();
      if (!item || !item.stockReservations.includes(orderId)) return;
      const set = { Quantity: item.Quantity + line.quantity, ...(item.soldOut ? { ItemAvailabilityStatus: true, soldOut: false } : {}) };
      const next = { ...item, ...set } as ItemDoc;
      const written = await updateAggregate(
        items,
        item._id,
        item.aggregateVersion,
        { $set: set, $pull: { stockReservations: orderId } },
        (v) => [itemUpdated(next, v)],
      );
      if (written) {
        nudge({ model: items, id: item._id });
        return;
      }
    }
    throw new Error(`item ${line.itemId} kept changing while giving stock back`);
  }

  async function onOrderPlaced(event: EventEnvelope): Promise<void> {
    const order = OrderPlacedDataSchema.parse(event.data);
    if (await reservations.exists({ _id: order.orderId })) return;
    const lines = stockLines(order);
    // An order naming only items this catalogue never held was not placed against it (another
    // environment sharing the brokers, e.g. parallel test stacks): a decision here would reject
    // someone else's order. Ordering prices only known items, so its own orders always match.
    const known = lines.filter((l) => isValidObjectId(l.itemId)).map((l) => l.itemId);
    let ours = false;
    for (const id of known) if (!ours) ours = (await items.exists({ _id: id })) !== null;
    if (!ours) return;
    const taken: StockLine[] = [];
    let rejected: { itemId: string; reason: Exclude<LineOutcome, 'ok'> } | null = null;
    for (const line of lines) {
      const outcome = await reserveLine(order.orderId, line);
      if (outcome !== 'ok') {
        rejected = { itemId: line.itemId, reason: outcome };
        break;
      }
      taken.push(line);
    }
    if (rejected) for (const line of taken) await releaseLine(order.orderId, line);
    const decision = rejected
      ? pendingEvent('StockRejected', order.orderId, 1, { orderId: order.orderId, itemId: rejected.itemId, reason: rejected.reason })
      : pendingEvent('StockReserved', order.orderId, 1, { orderId: order.orderId });
    try {
      await reservations.create({
        _id: order.orderId,
        status: rejected ? 'rejected' : 'reserved',
        lines,
        rejectedItemId: rejected?.itemId,
        decidedAt: new Date(),
        aggregateVersion: 1,
        pendingEvents: [decision],
      });
    } catch (err) {
      if ((err as { code?: unknown }).code !== 11000) throw err;
    }
    nudge({ model: reservations, id: order.orderId });
  }

  return { OrderPlaced: onOrderPlaced };
}
