/**
 * The write path the item and package use cases share (src/items/, src/packages/): the
 * compare-and-set of an update, the soft delete and the read-your-writes write into the search
 * index. Each use case keeps its own rules (what it sets, who may write); the routes their views.
 *
 * Stale writes: an update may name the version it was based on (`version` in the body or
 * `If-Match`, see `writeBase` in packages/platform/src/http/preconditions.ts); the write filters on
 * `_id` plus that version, so a write based on an older state answers 409 / 412 with the
 * aggregate's stale code and changes nothing. Without a version it applies to the state read just
 * before it and answers 409 with the aggregate's "changed meanwhile" message when it loses a race.
 */
import { conflict, staleWrite, updateAggregate, type PendingEvent, type WriteBase } from '@market/platform';
import type { Model, Types } from 'mongoose';
import type { Logger } from 'pino';
import type { IndexOp, SearchIndex } from './searchIndex';

/** An aggregate document: its `_id` and the version its compare-and-set filters on. */
export interface Versioned {
  _id: Types.ObjectId;
  aggregateVersion: number;
}

export interface AggregateWritesOptions<D extends Versioned> {
  model: Model<D>;
  /** Wakes the outbox relay after a write. */
  nudge: () => void;
  /** The index the aggregate's list reads (items or packages). */
  search: SearchIndex<unknown>;
  logger: Logger;
  /** How the log names the index ("search index", "package index"). */
  indexName: string;
  /** Code/message of a write based on an older version (STALE_ITEM, STALE_PACKAGE). */
  staleCode: string;
  /** 409 message of a write without a version that lost a race ("This item was changed meanwhile…"). */
  meanwhile: string;
  /** Called once a seller's write was sent to the index (e.g. to drop cached listing pages). */
  onIndexed?: () => void;
}

/** What `aggregateWrites` returns. */
export type AggregateWrites<D extends Versioned> = ReturnType<typeof aggregateWrites<D>>;

/** The write helpers of one aggregate's use cases; see the module's note. */
export function aggregateWrites<D extends Versioned>(o: AggregateWritesOptions<D>) {
  /** The seller's write into the index at once (`refresh=wait_for`); never fails the request (the projection catches up). */
  async function indexNow(op: IndexOp): Promise<void> {
    try {
      await o.search.bulk([op], { refresh: 'wait_for' });
    } catch (err) {
      o.logger.warn({ err }, `${o.indexName} not written on the request path; the projection will catch up`);
    }
    o.onIndexed?.();
  }

  /**
   * The compare-and-set of an update of `current`, based on the version the request names (`base`,
   * read by the route with `writeBase`; `current`'s when it names none), then its write into the
   * index. `changes` is asked for after the version check; when it sets nothing there is no write
   * and no event and `current` is answered.
   * @returns the new state, its `aggregateVersion` the written one
   * @throws HttpError 409/412 with `staleCode` when the aggregate is not (or no longer) at that
   *   version; 409 `meanwhile` when a write without a version lost a race
   */
  async function update(
    base: WriteBase,
    current: D,
    changes: () => Partial<D> | Promise<Partial<D>>,
    events: (next: D, version: number) => PendingEvent,
    indexOp: (next: D) => IndexOp,
  ): Promise<D> {
    const version = base.version ?? current.aggregateVersion;
    if (version !== current.aggregateVersion) throw staleWrite(o.staleCode, base);
    const set = await changes();
    // Nothing to change (e.g. a form saved without edits): no write, no event.
    if (Object.keys(set).length === 0) return current;
    const next = { ...current, ...set } as D;
    if (!(await updateAggregate(o.model, current._id, version, { $set: set }, (v) => [events(next, v)]))) {
      throw base.version === null ? conflict(o.meanwhile) : staleWrite(o.staleCode, base);
    }
    next.aggregateVersion = version + 1;
    o.nudge();
    await indexNow(indexOp(next));
    return next;
  }

  /**
   * Marks `current` deleted (with `set`, which must include `deleted: true`) and its deletion
   * event, and removes it from the index; the outbox relay removes the document once the event is out.
   * @throws HttpError 409 `meanwhile` when it changed since it was read
   */
  async function remove(current: D, set: Record<string, unknown>, event: (version: number) => PendingEvent): Promise<void> {
    const id = current._id;
    if (!(await updateAggregate(o.model, id, current.aggregateVersion, { $set: set }, (v) => [event(v)]))) throw conflict(o.meanwhile);
    o.nudge();
    await indexNow({ kind: 'delete', id: String(id), version: current.aggregateVersion + 1 });
  }

  return { indexNow, update, remove };
}
