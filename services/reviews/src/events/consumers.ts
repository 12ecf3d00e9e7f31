/**
 * The reviews service's read models from events (issue 6; DESIGN.md section 3 "Expected flows"):
 * CustomerRegistered/Updated/Deleted (names and photos; anonymised on deletion), ItemCreated/
 * Updated/Deleted (name, brand, model, seller; a deleted item's reviews are deleted, each with
 * ReviewDeleted), SellerApproved/Updated/Deleted, and OrderConfirmed (purchases, for the
 * verified-purchase mark). Each handler is safe to run twice.
 */
import {
  CustomerDeletedDataSchema,
  CustomerEventDataSchema,
  ItemDeletedDataSchema,
  ItemEventDataSchema,
  OrderOutcomeDataSchema,
  SellerEventDataSchema,
  SellerRefDataSchema,
  type EventEnvelope,
} from '@market/contracts';
import { applyVersioned, updateAggregate, type EventHandler, type OutboxHint } from '@market/platform';
import type { Model } from 'mongoose';
import type { ReadModels } from '../store/readModels';
import { reviewKey, type ReviewDoc, type ReviewKeyDoc } from '../store/reviews';
import { reviewDeleted } from './reviewEvents';

export function readModelHandlers(
  rm: ReadModels,
  reviews: Model<ReviewDoc>,
  keys: Model<ReviewKeyDoc>,
  nudge: (hint?: OutboxHint) => void,
): Record<string, EventHandler> {
  const customer: EventHandler = async (e: EventEnvelope) => {
    const c = CustomerEventDataSchema.parse(e.data);
    await applyVersioned(rm.customers, c.customerId, e.aggregateVersion, {
      firstName: c.firstName,
      lastName: c.lastName,
      userImage: c.userImage,
      deleted: false,
    });
  };
  const item: EventHandler = async (e: EventEnvelope) => {
    const i = ItemEventDataSchema.parse(e.data);
    await applyVersioned(rm.items, i.itemId, e.aggregateVersion, {
      Item_name: i.Item_name,
      Brand: i.Brand,
      Model: i.Model,
      SellerID: i.SellerID,
      deleted: false,
    });
  };
  const seller: EventHandler = async (e: EventEnvelope) => {
    const s = SellerEventDataSchema.parse(e.data);
    await applyVersioned(rm.sellers, s.sellerId, e.aggregateVersion, { companyname: s.companyname, deleted: false });
  };
  return {
    CustomerRegistered: customer,
    CustomerUpdated: customer,
    CustomerDeleted: async (e) => {
      const { customerId } = CustomerDeletedDataSchema.parse(e.data);
      await applyVersioned(rm.customers, customerId, e.aggregateVersion, { firstName: '', lastName: '', userImage: '', deleted: true });
    },
    ItemCreated: item,
    ItemUpdated: item,
    ItemDeleted: async (e) => {
      const { itemId } = ItemDeletedDataSchema.parse(e.data);
      await applyVersioned(rm.items, itemId, e.aggregateVersion, { deleted: true });
      // Reviews of a deleted item go too (issue 6), each announced so ratings and reports follow.
      for (const r of await reviews.find({ itemid: itemId, deleted: false }).lean<ReviewDoc[]>()) {
        const written = await updateAggregate(reviews, r._id, r.aggregateVersion, { $set: { deleted: true } }, (v) => [
          reviewDeleted(r, v),
        ]);
        if (!written) throw new Error(`review ${String(r._id)} changed meanwhile; will retry`);
        await keys.deleteOne({ _id: reviewKey(r.customerid, r.itemid) });
        nudge({ model: reviews, id: r._id });
      }
    },
    SellerApproved: seller,
    SellerUpdated: seller,
    SellerDeleted: async (e) => {
      const { sellerId } = SellerRefDataSchema.parse(e.data);
      await applyVersioned(rm.sellers, sellerId, e.aggregateVersion, { deleted: true });
    },
    OrderConfirmed: async (e) => {
      const o = OrderOutcomeDataSchema.parse(e.data);
      const itemIds = new Set([...o.items.map((l) => l.itemId), ...o.packages.flatMap((p) => p.itemIds)]);
      for (const itemId of itemIds) {
        await rm.purchases.updateOne(
          { _id: reviewKey(o.customerId, itemId) },
          { $setOnInsert: { customerId: o.customerId, itemId } },
          { upsert: true },
        );
      }
    },
  };
}
