/**
 * The write path a seller's item and package routes share (items.ts, packages.ts): the
 * compare-and-set of an update, the soft delete, the read-your-writes write into the search index
 * and the unpaged list answer. Each route keeps its own rules (what it sets, who may write, its
 * view); what is written and answered is the same as each route wrote it before.
 *
 * Stale writes: an update may name the version it was based on (`version` in the body or
 * `If-Match`, see `writeBase` in packages/platform/src/http/preconditions.ts); the write filters on
 * `_id` plus that version, so a write based on an older state answers 409 / 412 with the route's
 * stale code and changes nothing. Without a version it applies to the state read just before it
 * and answers 409 with the route's "changed meanwhile" message when it loses a race.
 */
import { BAD_IF_MATCH, UNPAGED_SEARCH_LIMIT } from '@market/contracts';
import { conflict, staleWrite, updateAggregate, writeBase, type PendingEvent } from '@market/platform';
import type { Request, Response } from 'express';
import type { Model, Types } from 'mongoose';
import type { Logger } from 'pino';
import type { SearchRequestBody } from '../domain/search';
import type { IndexOp, SearchIndex } from '../store/searchIndex';

/** An aggregate document: its `_id` and the version its compare-and-set filters on. */
export interface Versioned {
  _id: Types.ObjectId;
  aggregateVersion: number;
}

export interface AggregateWritesOptions<D extends Versioned> {
  model: Model<D>;
  /** Wakes the outbox relay after a write. */
  nudge: () => void;
  /** The index the route's list reads (items or packages). */
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

/** Answers every match up to UNPAGED_SEARCH_LIMIT as a plain array, with `X-Total-Count` and `X-Result-Truncated` when cut. */
export async function answerAllMatches(res: Response, search: SearchIndex<unknown>, body: SearchRequestBody): Promise<void> {
  const { views, total } = await search.searchAll(body, UNPAGED_SEARCH_LIMIT);
  res.setHeader('X-Total-Count', String(total));
  if (total > views.length) res.setHeader('X-Result-Truncated', 'true');
  res.json(views);
}

/** The write helpers of one aggregate's routes; see the module's note. */
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
   * The compare-and-set of an update of `current`, based on the version the request names (or
   * `current`'s), then its write into the index. `changes` is asked for after the version check;
   * when it sets nothing there is no write and no event and `current` is answered.
   * @returns the new state, its `aggregateVersion` the written one
   * @throws HttpError 409/412 with `staleCode` when the aggregate is not (or no longer) at that
   *   version; 409 `meanwhile` when a write without a version lost a race; 400 BAD_IF_MATCH
   */
  async function update(
    req: Request,
    current: D,
    bodyVersion: number | undefined,
    changes: () => Partial<D> | Promise<Partial<D>>,
    events: (next: D, version: number) => PendingEvent,
    indexOp: (next: D) => IndexOp,
  ): Promise<D> {
    const base = writeBase(req, bodyVersion, BAD_IF_MATCH);
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
