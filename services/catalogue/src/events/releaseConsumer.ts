/**
 * The catalogue's step of the cancellation saga: on OrderCancelled, give the
 * units of the cancelled item or package order back to each item, once, then record
 * StockReleased (outbox, order's topic, keyed by the order line) for ordering to refund.
 *
 * Exactly once under redelivery, like the checkout's reservation (stockConsumer.ts): each item
 * write is one compare-and-set on the item (aggregate version) that adds the units, records
 * ItemUpdated with the new stock (an item sold out by the order is available again) and pushes
 * an in-flight mark `cancel:<orderLineId>`; the release line (store/stockReleases.ts) then
 * records it and the mark is pulled. A redelivery that finds the mark only finishes the record;
 * one that finds the record skips the item; the decision document, once written, ends the
 * step. Only cancellations of checkouts this catalogue reserved are handled (its reservation
 * decision, read by `_id`): a checkout it rejected, or never saw, had no stock taken.
 *
 * Returns (issue 31 item 3): on ReturnReceived with `resellable`, the returned units (`items`: the
 * item, or each item of the package, the returned quantity times) go back the same way, keyed by
 * the return id (`RMA-<orderLineId>`) instead of the order line: the same in-flight mark, release
 * lines and release document (without an event: ordering's refund does not wait for the stock),
 * so a redelivered ReturnReceived gives nothing back twice. A return of goods that cannot be sold
 * again gives nothing back.
 */
import { type EventHandlers, isDuplicateKey, type OutboxHint, pendingEvent, updateAggregate } from '@market/platform';
import type { Model } from 'mongoose';
import type { ItemDoc } from '../store/items';
import type { ReservationDoc } from '../store/reservations';
import { releaseLineId, stockReleaseLineModel, type StockReleaseDoc } from '../store/stockReleases';
import { itemUpdated } from './itemEvents';

const MAX_CAS_ATTEMPTS = 20;

const cancelMark = (orderLineId: string) => `cancel:${orderLineId}`;

export function releaseHandlers(
  items: Model<ItemDoc>,
  reservations: Model<ReservationDoc>,
  releases: Model<StockReleaseDoc>,
  nudge: (hint?: OutboxHint) => void,
): EventHandlers {
  const lines = stockReleaseLineModel(items.db);

  async function finish(orderId: string, orderLineId: string, itemId: string, quantity: number, item: ItemDoc | null): Promise<void> {
    await lines.updateOne(
      { _id: releaseLineId(orderLineId, itemId) },
      { $setOnInsert: { orderId, orderLineId, itemId, quantity, at: new Date() } },
      { upsert: true },
    );
    // `$pullAll` with the exact value: FerretDB 1.x ignores `$pull` by condition.
    if (item) await items.updateOne({ _id: item._id }, { $pullAll: { stockMarks: [cancelMark(orderLineId)] } });
  }

  /**
   * Gives `quantity` units of the item back for the cancelled line, unless it did already.
   * @throws when the item kept changing for MAX_CAS_ATTEMPTS reads (the event is retried)
   */
  async function giveBack(orderId: string, orderLineId: string, itemId: string, quantity: number): Promise<void> {
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      const [done, item] = await Promise.all([
        lines.exists({ _id: releaseLineId(orderLineId, itemId) }),
        items.findById(itemId).lean<ItemDoc>(),
      ]);
      if (item && (item.stockMarks ?? []).includes(cancelMark(orderLineId))) return finish(orderId, orderLineId, itemId, quantity, item);
      if (done) return;
      // The item is gone: nothing to give back to.
      if (!item || item.deleted) return finish(orderId, orderLineId, itemId, 0, null);
      const set = { Quantity: item.Quantity + quantity, ...(item.soldOut ? { ItemAvailabilityStatus: true, soldOut: false } : {}) };
      const next = { ...item, ...set } as ItemDoc;
      const written = await updateAggregate(
        items,
        item._id,
        item.aggregateVersion,
        { $set: set, $push: { stockMarks: cancelMark(orderLineId) } },
        (v) => [itemUpdated(next, v)],
      );
      if (written) {
        nudge({ model: items, id: item._id });
        return finish(orderId, orderLineId, itemId, quantity, next);
      }
    }
    throw new Error(`item ${itemId} kept changing while giving back the stock of ${orderLineId}; will retry`);
  }

  return {
    ReturnReceived: async (e) => {
      const { ret, resellable, items: units } = e.data;
      if (!resellable || !units?.length) return;
      if (await releases.exists({ _id: ret._id })) return;
      const decision = await reservations.findById(ret.orderId).lean<ReservationDoc>();
      if (!decision || decision.status !== 'reserved') return;
      for (const line of units) await giveBack(ret.orderId, ret._id, line.itemId, line.quantity);
      try {
        await releases.create({
          _id: ret._id,
          orderId: ret.orderId,
          lines: units,
          releasedAt: new Date(),
          aggregateVersion: 1,
          pendingEvents: [],
        });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    },
    OrderCancelled: async (e) => {
      const c = e.data;
      if (await releases.exists({ _id: c.orderLineId })) return;
      const decision = await reservations.findById(c.orderId).lean<ReservationDoc>();
      if (!decision || decision.status !== 'reserved') return;
      for (const line of c.items) await giveBack(c.orderId, c.orderLineId, line.itemId, line.quantity);
      try {
        await releases.create({
          _id: c.orderLineId,
          orderId: c.orderId,
          lines: c.items,
          releasedAt: new Date(),
          aggregateVersion: 1,
          pendingEvents: [pendingEvent('StockReleased', c.orderLineId, 1, { orderId: c.orderId, orderLineId: c.orderLineId })],
        });
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      nudge({ model: releases, id: c.orderLineId });
    },
  };
}
