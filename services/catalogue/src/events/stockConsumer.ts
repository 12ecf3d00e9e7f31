/**
 * The catalogue's step of the checkout saga (docs/architecture.md, Sagas): on OrderPlaced, reserve the
 * stock of every line or of none, then record StockReserved or StockRejected (outbox, order's
 * topic, keyed by order id).
 *
 * Each item reservation is one compare-and-set write on the item (aggregate version) that takes
 * the units and records ItemUpdated with the new stock; the last unit makes the item unavailable.
 * What an order took is kept in a stock hold per order line (store/stockHolds.ts, `_id`
 * `${orderId}:${itemId}`), not on the item, so the item does not grow with every sale.
 * A hold and an item cannot change in one write (no multi-document transactions on FerretDB), so
 * the item write also pushes an in-flight mark (`take:<orderId>` / `give:<orderId>`) that is
 * pulled once the hold records the change: a redelivery that finds the mark knows the item write
 * landed and only finishes the hold, one that finds neither mark nor hold takes the units.
 * When a line cannot be reserved, the lines already taken are given back before the rejection is
 * recorded. A crash part-way is repaired by the redelivery, which finds its own holds and marks.
 *
 * On OrderRejected (ordering gave the checkout up: its stock decision did not come in time, or an
 * admin cancelled it; issue 30 item 1, "every saga ends"), whatever the order holds goes back and
 * its reservation becomes `released`; an order not decided here yet gets a `released` decision
 * first, so its OrderPlaced, if it comes later, takes nothing. OrderRejected after this catalogue's
 * own StockRejected finds a `rejected` decision and changes nothing.
 */
import { type EventHandlers, isDuplicateKey, type OutboxHint, pendingEvent, updateAggregate, type TypedEnvelope } from '@market/platform';
import { isValidObjectId, type Model } from 'mongoose';
import { canReserve, crossesLowStock, stockLines, type LineOutcome, type StockLine } from '../domain/stock';
import type { ItemDoc } from '../store/items';
import type { PackageDoc } from '../store/packages';
import type { ReservationDoc } from '../store/reservations';
import { holdId, stockHoldModel } from '../store/stockHolds';
import { itemLowOnStock, itemUpdated } from './itemEvents';

const MAX_CAS_ATTEMPTS = 20;

const takeMark = (orderId: string) => `take:${orderId}`;
const giveMark = (orderId: string) => `give:${orderId}`;

/**
 * Takes and gives back the stock of one order line, idempotently: each call may be repeated
 * after a crash at any point and changes the item's Quantity at most once per transition.
 * `take` then `give` then `take` again is allowed (a redelivered order whose earlier attempt was
 * rejected and gave its lines back). Reads and writes go by `_id` alone.
 */
export function stockKeeper(items: Model<ItemDoc>, nudge: (hint?: OutboxHint) => void) {
  const holds = stockHoldModel(items.db);

  const read = async (orderId: string, itemId: string) => {
    const [hold, item] = await Promise.all([holds.findById(holdId(orderId, itemId)).lean(), items.findById(itemId).lean<ItemDoc>()]);
    return { hold, item, marks: item?.stockMarks ?? [] };
  };

  /** Records a take whose item write landed, then drops its mark. */
  async function finishTake(orderId: string, line: StockLine, item: ItemDoc): Promise<void> {
    await holds.updateOne(
      { _id: holdId(orderId, line.itemId) },
      { $set: { orderId, itemId: line.itemId, quantity: line.quantity, status: 'taken', at: new Date() } },
      { upsert: true },
    );
    // `$pullAll` with the exact value: FerretDB 1.x ignores `$pull` by condition.
    await items.updateOne({ _id: item._id }, { $pullAll: { stockMarks: [takeMark(orderId)] } });
  }

  /** Records a give-back whose item write landed, then drops its mark. */
  async function finishGive(orderId: string, itemId: string, item: ItemDoc | null): Promise<void> {
    await holds.updateOne({ _id: holdId(orderId, itemId) }, { $set: { status: 'released', at: new Date() } });
    if (item) await items.updateOne({ _id: item._id }, { $pullAll: { stockMarks: [giveMark(orderId)] } });
  }

  /**
   * Takes `line.quantity` units of the item for the order, unless the order holds them already.
   * @returns 'ok' when the order holds the units; otherwise why not (nothing taken)
   * @throws when the item kept changing for MAX_CAS_ATTEMPTS reads (the event is retried)
   */
  async function take(orderId: string, line: StockLine): Promise<LineOutcome> {
    if (!isValidObjectId(line.itemId)) return 'unknown-item';
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      const { hold, item, marks } = await read(orderId, line.itemId);
      if (item && marks.includes(takeMark(orderId))) {
        await finishTake(orderId, line, item);
        return 'ok';
      }
      if (item && marks.includes(giveMark(orderId))) {
        // An earlier give-back landed on the item but not on the hold: record it, then decide.
        await finishGive(orderId, line.itemId, item);
        continue;
      }
      if (hold?.status === 'taken') return 'ok';
      if (!item || item.deleted) return 'unknown-item';
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
        // The old list of every order that reserved the item goes with its first stock write.
        { $set: set, $push: { stockMarks: takeMark(orderId) }, $unset: { stockReservations: 1 } },
        // The seller is alerted when this sale takes the stock down to the low-stock alert (issue 30 item 9).
        (v) => [
          itemUpdated(next, v),
          ...(crossesLowStock(item.Quantity, Quantity, item.LowStockThreshold ?? 0) ? [itemLowOnStock(next, v + 1)] : []),
        ],
      );
      if (written) {
        nudge({ model: items, id: item._id });
        await finishTake(orderId, line, next);
        return 'ok';
      }
    }
    throw new Error(`item ${line.itemId} kept changing; will retry the order`);
  }

  /**
   * Gives back what the order holds of the line's item (the hold's quantity), if it holds anything.
   * Release by order (a cancellation) calls this for each line of the order's decision document.
   * @throws when the item kept changing for MAX_CAS_ATTEMPTS reads (the event is retried)
   */
  async function give(orderId: string, line: StockLine): Promise<void> {
    const { itemId } = line;
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      const { hold, item, marks } = await read(orderId, itemId);
      if (item && marks.includes(takeMark(orderId))) {
        // A take landed but was not recorded: record it, then give it back.
        await finishTake(orderId, line, item);
        continue;
      }
      if (item && marks.includes(giveMark(orderId))) return finishGive(orderId, itemId, item);
      if (!hold || hold.status !== 'taken') return;
      if (!item) return finishGive(orderId, itemId, null); // the item is gone: nothing to give back to
      const set = { Quantity: item.Quantity + hold.quantity, ...(item.soldOut ? { ItemAvailabilityStatus: true, soldOut: false } : {}) };
      const next = { ...item, ...set } as ItemDoc;
      const written = await updateAggregate(
        items,
        item._id,
        item.aggregateVersion,
        { $set: set, $push: { stockMarks: giveMark(orderId) } },
        (v) => [itemUpdated(next, v)],
      );
      if (written) {
        nudge({ model: items, id: item._id });
        return finishGive(orderId, itemId, next);
      }
    }
    throw new Error(`item ${itemId} kept changing while giving stock back`);
  }

  return { take, give };
}

export function stockHandlers(
  items: Model<ItemDoc>,
  packages: Model<PackageDoc>,
  reservations: Model<ReservationDoc>,
  nudge: (hint?: OutboxHint) => void,
): EventHandlers {
  const stock = stockKeeper(items, nudge);

  async function onOrderPlaced(event: TypedEnvelope<'OrderPlaced'>): Promise<void> {
    const order = event.data;
    if (await reservations.exists({ _id: order.orderId })) return;
    const lines = stockLines(order);
    // An order naming only items and packages this catalogue never held was not placed against it
    // (another environment sharing the brokers): a decision here would reject someone else's order.
    // A package still counts when every item in it is gone (a seller deleted them): that order is
    // ours and must be rejected, or its checkout would wait for a decision that never comes.
    const known = lines.filter((l) => isValidObjectId(l.itemId)).map((l) => l.itemId);
    let ours = false;
    for (const id of known) if (!ours) ours = (await items.exists({ _id: id })) !== null;
    for (const p of order.packages)
      if (!ours && isValidObjectId(p.packageId)) ours = (await packages.exists({ _id: p.packageId })) !== null;
    if (!ours) return;
    const taken: StockLine[] = [];
    let rejected: { itemId: string; reason: Exclude<LineOutcome, 'ok'> } | null = null;
    for (const line of lines) {
      const outcome = await stock.take(order.orderId, line);
      if (outcome !== 'ok') {
        rejected = { itemId: line.itemId, reason: outcome };
        break;
      }
      taken.push(line);
    }
    if (rejected) for (const line of taken) await stock.give(order.orderId, line);
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
      if (!isDuplicateKey(err)) throw err;
    }
    nudge({ model: reservations, id: order.orderId });
  }

  async function onOrderRejected(event: TypedEnvelope<'OrderRejected'>): Promise<void> {
    const { orderId } = event.data;
    const decision = await reservations.findById(orderId).lean<ReservationDoc>();
    if (!decision) {
      try {
        await reservations.create({
          _id: orderId,
          status: 'released',
          lines: [],
          decidedAt: new Date(),
          aggregateVersion: 1,
          pendingEvents: [],
        });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
        throw new Error(`order ${orderId} was decided meanwhile; will retry its rejection`);
      }
      return;
    }
    if (decision.status !== 'reserved') return;
    for (const line of decision.lines) await stock.give(orderId, line);
    await reservations.updateOne({ _id: orderId, status: 'reserved' }, { $set: { status: 'released' } });
  }

  return { OrderPlaced: onOrderPlaced, OrderRejected: onOrderRejected };
}
