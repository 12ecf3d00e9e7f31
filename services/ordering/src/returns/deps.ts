/**
 * What the return use cases share (issue 31 item 3): the aggregate, the order lines and checkouts
 * they are about, the returns read model, the outbox's wake-up, and one write helper: a
 * compare-and-set of the return that records its event and writes the read model at once.
 */
import type { EventType } from '@market/contracts';
import { pendingEvent, updateAggregate, type OutboxHint, type SearchIndex } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { PaymentProvider } from '../domain/payments';
import type { CheckoutDoc } from '../store/checkouts';
import type { OrderBook } from '../store/orders';
import { returnEventRet, returnOp, type ReturnDoc, type ReturnStep } from '../store/returns';

export interface ReturnDeps {
  returns: Model<ReturnDoc>;
  book: OrderBook;
  checkouts: Model<CheckoutDoc>;
  /** The returns read model (store/returns.ts). */
  index: SearchIndex<unknown>;
  provider: PaymentProvider;
  nudge: (hint?: OutboxHint) => void;
  logger: Logger;
  /** Days after delivery a return may be requested (config RETURN_WINDOW_DAYS). */
  windowDays: number;
}

/** The return events, one per state a return reaches. */
export type ReturnEvent = Extract<
  EventType,
  | 'ReturnRequested'
  | 'ReturnApproved'
  | 'ReturnRejected'
  | 'ReturnEscalated'
  | 'ReturnClosed'
  | 'ReturnWithdrawn'
  | 'ReturnReceived'
  | 'ReturnRefundDue'
  | 'ReturnRefunded'
>;

/** Extra data of an event besides `ret` (the note of the step, the received units, the refund). */
export type ReturnEventExtra = {
  note?: string;
  resellable?: boolean;
  items?: { itemId: string; quantity: number }[];
  amountCents?: number;
};

/** The pending event of a change that led to `next`, at version `v`. */
export function returnEvent(type: ReturnEvent, next: ReturnDoc, v: number, extra: ReturnEventExtra = {}) {
  return pendingEvent(type, next._id, v, { ret: returnEventRet(next, v), ...extra });
}

/** Writes the return's row at once (read-your-writes); an index that is down is caught up by the projection. */
export async function indexReturn(d: Pick<ReturnDeps, 'index' | 'logger'>, r: ReturnDoc): Promise<void> {
  try {
    await d.index.bulk([returnOp(r)], { refresh: 'wait_for' });
  } catch (err) {
    d.logger.warn({ err, returnId: r._id }, 'return not indexed on the request path; the projection will catch up');
  }
}

/**
 * Compare-and-set of `cur` (at the version read): sets `changes` (with `updatedAt` the step's
 * time), appends `step` to the timeline and records `type`.
 * @returns the return as written (version + 1), or null when it changed meanwhile
 */
export async function writeReturn(
  d: Pick<ReturnDeps, 'returns' | 'nudge' | 'index' | 'logger'>,
  cur: ReturnDoc,
  changes: Partial<Omit<ReturnDoc, '_id' | 'aggregateVersion' | 'pendingEvents' | 'timeline'>>,
  step: ReturnStep,
  type: ReturnEvent,
  extra: ReturnEventExtra = {},
): Promise<ReturnDoc | null> {
  const set = { ...changes, status: step.status, updatedAt: step.at };
  const after: ReturnDoc = { ...cur, ...set, timeline: [...(cur.timeline ?? []), step], aggregateVersion: cur.aggregateVersion + 1 };
  const written = await updateAggregate(d.returns, cur._id, cur.aggregateVersion, { $set: set, $push: { timeline: step } }, (v) => [
    returnEvent(type, after, v, extra),
  ]);
  if (!written) return null;
  d.nudge({ model: d.returns, id: cur._id });
  await indexReturn(d, after);
  return after;
}
