/**
 * Returns (RMA; issue 31 item 3; rules in domain/returns.ts): the return aggregate and its list
 * read model.
 *
 * Aggregate: one document per order line in `returns`, `_id` `RMA-<orderLineId>` (one return per
 * line), read and written by `_id` only. Each change is a compare-and-set on `aggregateVersion`
 * (platform's updateAggregate) recording its event (ReturnRequested … ReturnRefunded on
 * `ordering.return.v1`) through the outbox in the same single-document write; one event per
 * change, so `aggregateVersion` is the `version` the wire shows.
 *
 * Read model: the OpenSearch index `<SEARCH_INDEX or ordering[-MONGO_DB]>-returns`, one document
 * per return (`_id` the return's), the answer as `view`, written at the return's version (external
 * versioning) from the events by events/returnProjection.ts and at once by the writing request
 * (refresh=wait_for). Every list, filter and count of returns is a search of it
 * ({@link returnListSearch}, {@link returnCountsSearch}).
 */
import {
  RETURN_OPEN_STATES,
  RETURN_STATES,
  rupees,
  type ReturnActor,
  type ReturnAnswer,
  type ReturnCounts,
  type ReturnEventData,
  type ReturnReason,
  type ReturnState,
} from '@market/contracts';
import { listIndexDefinition, outboxPlugin, type Caller, type IndexOp, type OutboxFields, type SearchBody } from '@market/platform';
import { Schema, type Connection, type Model } from 'mongoose';

/** One step of a return's life. */
export interface ReturnStep {
  status: ReturnState;
  at: Date;
  by: ReturnActor;
  note?: string;
}

/** A stored return. Money in cents. */
export interface ReturnDoc extends OutboxFields {
  /** `RMA-<orderLineId>`. */
  _id: string;
  orderLineId: string;
  orderId: string;
  kind: 'item' | 'package';
  sellerId: string;
  customerId: string;
  /** The item or package id, its name and first image as bought. */
  productId: string;
  productName: string;
  productImage: string;
  paymentType: string;
  quantity: number;
  unitPriceCents: number;
  /** What the return refunds (fixed at the request, capped again when the refund runs). */
  refundCents: number;
  /** Units per item to give back to stock when resellable (the item, or each item of the package). */
  items: { itemId: string; quantity: number }[];
  reason: ReturnReason;
  description: string;
  photos: string[];
  status: ReturnState;
  instructions?: string;
  rejection?: string;
  escalation?: string;
  decision?: string;
  resellable?: boolean;
  bankReference?: string;
  refundedAt?: Date;
  /** Cents the refund gave back (set with Refunded). */
  refundedCents?: number;
  timeline: ReturnStep[];
  createdAt: Date;
  updatedAt: Date;
}

const schema = new Schema<ReturnDoc>(
  {
    _id: { type: String, required: true },
    orderLineId: { type: String, required: true },
    orderId: { type: String, required: true },
    kind: { type: String, required: true },
    sellerId: { type: String, required: true },
    customerId: { type: String, required: true },
    productId: { type: String, default: '' },
    productName: { type: String, default: '' },
    productImage: { type: String, default: '' },
    paymentType: { type: String, required: true },
    quantity: { type: Number, required: true },
    unitPriceCents: { type: Number, required: true },
    refundCents: { type: Number, required: true },
    items: { type: [{ _id: false, itemId: String, quantity: Number }], default: [] },
    reason: { type: String, required: true },
    description: { type: String, required: true },
    photos: { type: [String], default: [] },
    status: { type: String, required: true },
    instructions: String,
    rejection: String,
    escalation: String,
    decision: String,
    resellable: Boolean,
    bankReference: String,
    refundedAt: Date,
    refundedCents: Number,
    timeline: { type: [{}], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'returns', versionKey: false },
);
schema.plugin(outboxPlugin);

/** The `returns` model of a connection (created once per connection). */
export function returnModel(conn: Connection): Model<ReturnDoc> {
  return (conn.models.Return as Model<ReturnDoc> | undefined) ?? conn.model<ReturnDoc>('Return', schema);
}

/** A return as every `/Returns` answer gives it (contracts' ReturnAnswer; money in rupees). */
export function returnAnswer(r: ReturnDoc): ReturnAnswer {
  return {
    ReturnID: r._id,
    OrderLineID: r.orderLineId,
    OrderID: r.orderId,
    kind: r.kind,
    SellerID: r.sellerId,
    CustomerID: r.customerId,
    product: { id: r.productId, name: r.productName, ...(r.productImage ? { image: r.productImage } : {}) },
    PaymentType: r.paymentType,
    quantity: r.quantity,
    unitPrice: rupees(r.unitPriceCents),
    refund: rupees(r.refundedCents ?? r.refundCents),
    reason: r.reason,
    description: r.description,
    photos: [...(r.photos ?? [])],
    status: r.status,
    ...(r.instructions !== undefined ? { instructions: r.instructions } : {}),
    ...(r.rejection !== undefined ? { rejection: r.rejection } : {}),
    ...(r.escalation !== undefined ? { escalation: r.escalation } : {}),
    ...(r.decision !== undefined ? { decision: r.decision } : {}),
    ...(r.resellable !== undefined ? { resellable: r.resellable } : {}),
    ...(r.bankReference !== undefined ? { bankReference: r.bankReference } : {}),
    ...(r.refundedAt ? { refundedAt: new Date(r.refundedAt).toISOString() } : {}),
    timeline: (r.timeline ?? []).map((s) => ({
      status: s.status,
      at: new Date(s.at).toISOString(),
      by: s.by,
      ...(s.note !== undefined ? { note: s.note } : {}),
    })),
    version: r.aggregateVersion,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

/** The `ret` of a return event: the return after the change, at version `v` (money in cents). */
export function returnEventRet(r: ReturnDoc, v: number): ReturnEventData['ret'] {
  return {
    _id: r._id,
    orderId: r.orderId,
    orderLineId: r.orderLineId,
    kind: r.kind,
    productId: r.productId,
    productName: r.productName,
    sellerId: r.sellerId,
    customerId: r.customerId,
    paymentType: r.paymentType,
    quantity: r.quantity,
    refundCents: r.refundedCents ?? r.refundCents,
    reason: r.reason,
    status: r.status,
    escalated: r.escalation !== undefined,
    version: v,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

/**
 * Settings and mappings of the returns index: the answer as `view`, the request time as `sortAt`
 * (newest first), the parties and the state as keywords, and whether it was ever escalated.
 */
export function returnIndexDefinition(replicas: number) {
  return listIndexDefinition(replicas, {
    customerId: { type: 'keyword' },
    sellerId: { type: 'keyword' },
    status: { type: 'keyword' },
    escalated: { type: 'boolean' },
  });
}

/** The index write of a return as stored, at its version. */
export function returnOp(r: ReturnDoc): IndexOp {
  return {
    kind: 'put',
    id: r._id,
    version: r.aggregateVersion,
    doc: {
      view: returnAnswer(r),
      sortAt: new Date(r.createdAt).toISOString(),
      key: r._id,
      customerId: r.customerId,
      sellerId: r.sellerId,
      status: r.status,
      escalated: r.escalation !== undefined,
    },
  };
}

/** The returns `caller` may list: a customer's own, a seller's, every one for an admin. */
function scopeOf(caller: Caller): Record<string, unknown>[] {
  if (caller.role === 'customer') return [{ term: { customerId: caller.id } }];
  if (caller.role === 'seller') return [{ term: { sellerId: caller.id } }];
  return [];
}

/** The search of `caller`'s returns, newest first (then id), optionally of one state or escalated ones only. */
export function returnListSearch(caller: Caller, filters: { status?: ReturnState; escalated?: boolean } = {}): SearchBody {
  const filter = [
    ...scopeOf(caller),
    ...(filters.status ? [{ term: { status: filters.status } }] : []),
    ...(filters.escalated !== undefined ? [{ term: { escalated: filters.escalated } }] : []),
  ];
  return {
    query: { bool: { filter } },
    sort: [{ sortAt: { order: 'desc' } }, { key: { order: 'asc' } }],
    track_total_hits: true,
  };
}

/** The search whose `states` aggregation counts `caller`'s returns per state. */
export function returnCountsSearch(caller: Caller): SearchBody {
  return {
    query: { bool: { filter: scopeOf(caller) } },
    aggs: { states: { terms: { field: 'status', size: RETURN_STATES.length + 5 } } },
    track_total_hits: true,
  };
}

/** The counts answer of a {@link returnCountsSearch}'s aggregations. */
export function returnCountsOf(aggregations: unknown): ReturnCounts {
  const buckets = ((aggregations as { states?: { buckets?: { key: string; doc_count: number }[] } } | undefined)?.states?.buckets ??
    []) as { key: string; doc_count: number }[];
  const counts = Object.fromEntries(RETURN_STATES.map((s) => [s, 0])) as Record<ReturnState, number>;
  for (const b of buckets) if ((RETURN_STATES as readonly string[]).includes(b.key)) counts[b.key as ReturnState] = b.doc_count;
  const open = RETURN_OPEN_STATES.reduce((sum, s) => sum + counts[s], 0);
  return { ...counts, open };
}
