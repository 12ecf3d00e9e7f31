/**
 * Owner-keyed list read models: every list a user pages through is kept as
 * a head document `{ _id: <list>, issued, holes }` and bucket documents
 * `{ _id: "<list>#<bucket>", e: { <rowKey>: { n: slot, t: ms, ...fields } } }`, all read and
 * written by `_id` alone, the one filter FerretDB 1.x answers from an index (docs/architecture.md,
 * Local infrastructure).
 * A list id names its owner, e.g. `io:c:<customerId>` (a customer's item orders), `io:all` (every
 * item order, for admins).
 *
 * Writes are idempotent: a row keeps the slot it was given first (the caller stores it on the row's
 * own document), and an entry is `$set` under the row's key, so writing it again, or with a newer
 * status, changes only that entry. A slot handed out to a writer that then lost the race to
 * create the row is counted in `holes`, so `total` stays exact; the page that covers a hole shows
 * one row fewer.
 */
import type { Connection, Model, mongo } from 'mongoose';
import { Schema } from 'mongoose';
import { isDuplicateKey } from '../mongo';
import { bucketOf, newestFirst, pageWindow, type ListEntry } from './window';

interface HeadDoc {
  _id: string;
  issued: number;
  holes: number;
}

interface BucketDoc {
  _id: string;
  e: Record<string, ListEntry>;
}

/** A row's fields in its bucket: the sort time `t` (ms) and list-specific short fields. */
export type ListFields = Record<string, string | number> & { t: number };

/** One row to write: `key` at `slot` of `listId`. */
export interface ListRow {
  listId: string;
  slot: number;
  key: string;
  fields: ListFields;
}

/** A page of a list: `[rowKey, entry]` newest first, and how many rows the list holds. */
export interface ListPage {
  rows: [string, ListEntry][];
  total: number;
}

export interface OwnerLists {
  /** Hands out one new slot in each list, in order (an atomic `$inc` on each head, by `_id`). */
  allocate(listIds: string[]): Promise<number[]>;
  /** Records that a slot of `listId` will never hold a row (its writer lost a race). */
  release(listId: string): Promise<void>;
  /** Writes (or rewrites) row `key` at `slot` of `listId`. */
  put(listId: string, slot: number, key: string, fields: ListFields): Promise<void>;
  /**
   * Writes (or rewrites) several rows, in one command to the database: the rows of one bucket
   * document become one update (a row of an order is written to six to nine lists at once).
   */
  putMany(rows: ListRow[]): Promise<void>;
  /** Removes row `key` at `slot` of `listId` (one hole more); nothing when it is not there at that slot. */
  remove(listId: string, slot: number, key: string): Promise<void>;
  /** The newest-first page `skip`..`skip + limit` of `listId`: one head read and one or two bucket reads. */
  page(listId: string, skip: number, limit: number): Promise<ListPage>;
  /**
   * Every row of `listId` newest first, bucket by bucket (for filters the buckets do not key:
   * the cost grows with this owner's rows, never with the whole collection).
   */
  walk(listId: string): AsyncGenerator<[string, ListEntry]>;
  /** Whether a one-off job (a backfill) recorded itself as done. */
  isMarked(marker: string): Promise<boolean>;
  /** Records a one-off job as done. */
  mark(marker: string): Promise<void>;
}

const bucketId = (listId: string, bucket: number) => `${listId}#${bucket}`;

/** The heads' marker of the move from buckets of 100 rows (`<prefix>_list_buckets`) to those of 20, and its lock. */
const RELAID = '$layout:buckets:20';
const RELAYOUT_LOCK = `$layout:lock`;
/** A lock not refreshed for this long (ms) belongs to a process that died: another takes it over. */
const RELAYOUT_LOCK_STALE_MS = 60_000;

/**
 * The list store over the collections `<prefix>_list_heads` and `<prefix>_list_buckets20`
 * (buckets of {@link BUCKET_SIZE} = 20 rows; the `<prefix>_list_buckets` of the layout before are moved
 * into it once, by the `init()` of the last entry of `models`).
 * @param prefix collection name prefix, e.g. `order`
 */
export function ownerLists(conn: Connection, prefix: string): OwnerLists & { models: { init(): Promise<unknown> }[] } {
  const headName = `${prefix}ListHead`;
  const bucketName = `${prefix}ListBucket`;
  const heads =
    (conn.models[headName] as Model<HeadDoc> | undefined) ??
    conn.model<HeadDoc>(
      headName,
      new Schema<HeadDoc>({ _id: String, issued: Number, holes: Number }, { collection: `${prefix}_list_heads`, versionKey: false }),
    );
  const buckets =
    (conn.models[bucketName] as Model<BucketDoc> | undefined) ??
    conn.model<BucketDoc>(
      bucketName,
      new Schema<BucketDoc>(
        { _id: String, e: { type: Schema.Types.Mixed, default: {} } },
        { collection: `${prefix}_list_buckets20`, versionKey: false, minimize: false },
      ),
    );

  async function head(listId: string): Promise<HeadDoc> {
    return (await heads.findById(listId).lean<HeadDoc>()) ?? { _id: listId, issued: 0, holes: 0 };
  }

  async function bucket(listId: string, b: number): Promise<[string, ListEntry][]> {
    const doc = await buckets.findById(bucketId(listId, b)).lean<BucketDoc>();
    return Object.entries(doc?.e ?? {});
  }

  async function putMany(rows: ListRow[]): Promise<void> {
    const sets = new Map<string, Record<string, ListEntry>>();
    for (const { listId, slot, key, fields } of rows) {
      const id = bucketId(listId, bucketOf(slot));
      const set = sets.get(id) ?? {};
      set[`e.${key}`] = { ...fields, n: slot };
      sets.set(id, set);
    }
    if (sets.size === 0) return;
    await buckets.bulkWrite(
      [...sets].map(([_id, $set]) => ({ updateOne: { filter: { _id }, update: { $set }, upsert: true } })),
      { ordered: false },
    );
  }

  /**
   * Moves the buckets of the layout before (`<prefix>_list_buckets`, 100 rows each) into buckets
   * of {@link BUCKET_SIZE}, once: slots stay, only the bucket a slot lives
   * in changes. Runs at start-up before the service serves or consumes; the other replicas wait
   * for it (a lock in the heads collection, taken over after {@link RELAYOUT_LOCK_STALE_MS}
   * without progress), so no entry is written in the new layout before the move is done; a move
   * cut short by a crash is simply done again. Reads the old collection once (a one-off scan, not
   * a request path), then drops it.
   * @returns how many old bucket documents were moved
   */
  async function relayout(): Promise<number> {
    const locks = heads.collection as unknown as mongo.Collection<{ _id: string; at?: number }>;
    for (;;) {
      if (await heads.exists({ _id: RELAID })) return 0;
      const now = Date.now();
      try {
        await locks.insertOne({ _id: RELAYOUT_LOCK, at: now });
        break;
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const held = await locks.findOne({ _id: RELAYOUT_LOCK });
      if (held && (held.at ?? 0) < now - RELAYOUT_LOCK_STALE_MS) {
        const taken = await locks.updateOne({ _id: RELAYOUT_LOCK, at: held.at }, { $set: { at: now } });
        if (taken.modifiedCount === 1) break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    const legacy = conn.collection<BucketDoc>(`${prefix}_list_buckets`);
    let moved = 0;
    for await (const doc of legacy.find({})) {
      const cut = doc._id.lastIndexOf('#');
      const listId = doc._id.slice(0, cut);
      if (cut < 0 || !Number.isInteger(Number(doc._id.slice(cut + 1)))) continue;
      const sets = new Map<string, Record<string, ListEntry>>();
      for (const [key, entry] of Object.entries(doc.e ?? {})) {
        const id = bucketId(listId, bucketOf(entry.n));
        sets.set(id, { ...sets.get(id), [`e.${key}`]: entry });
      }
      if (sets.size > 0)
        await buckets.bulkWrite([...sets].map(([_id, $set]) => ({ updateOne: { filter: { _id }, update: { $set }, upsert: true } })));
      if (++moved % 100 === 0) await locks.updateOne({ _id: RELAYOUT_LOCK }, { $set: { at: Date.now() } });
    }
    await heads.updateOne({ _id: RELAID }, { $setOnInsert: { issued: 0, holes: 0 } }, { upsert: true });
    await locks.deleteOne({ _id: RELAYOUT_LOCK });
    if (moved > 0) await legacy.drop();
    return moved;
  }

  return {
    // What start-up initialises: the two collections, then the move from the layout before.
    models: [heads, buckets, { init: relayout }],
    async allocate(listIds) {
      const slots: number[] = [];
      for (const id of listIds) {
        const h = await heads
          .findOneAndUpdate({ _id: id }, { $inc: { issued: 1 }, $setOnInsert: { holes: 0 } }, { upsert: true, new: true })
          .lean<HeadDoc>();
        slots.push(h!.issued - 1);
      }
      return slots;
    },
    async release(listId) {
      await heads.updateOne({ _id: listId }, { $inc: { holes: 1 } });
    },
    async put(listId, slot, key, fields) {
      await putMany([{ listId, slot, key, fields }]);
    },
    putMany,
    async remove(listId, slot, key) {
      // Only the entry at this slot: a row that moved within the bucket keeps its newer entry. The
      // condition beside `_id` costs nothing more: the document is found by `_id`, then checked.
      const id = bucketId(listId, bucketOf(slot));
      const res = await buckets.updateOne({ _id: id, [`e.${key}.n`]: slot }, { $unset: { [`e.${key}`]: '' } });
      if (res.modifiedCount > 0) await heads.updateOne({ _id: listId }, { $inc: { holes: 1 } });
    },
    async page(listId, skip, limit) {
      const h = await head(listId);
      const w = pageWindow(h.issued, skip, limit);
      const parts = await Promise.all(w.buckets.map((b) => bucket(listId, b)));
      const rows = parts
        .flat()
        .filter(([, e]) => e.n >= w.lo && e.n <= w.hi)
        .sort(newestFirst);
      return { rows, total: Math.max(0, h.issued - (h.holes ?? 0)) };
    },
    async isMarked(marker) {
      return (await heads.findById(marker).lean<HeadDoc>()) !== null;
    },
    async mark(marker) {
      await heads.updateOne({ _id: marker }, { $setOnInsert: { issued: 0, holes: 0 } }, { upsert: true });
    },
    async *walk(listId) {
      const h = await head(listId);
      for (let b = bucketOf(Math.max(0, h.issued - 1)); b >= 0 && h.issued > 0; b--) {
        // Within a bucket, slot order (newest first); callers that need time order sort what they keep.
        const rows = (await bucket(listId, b)).sort((x, y) => y[1].n - x[1].n);
        yield* rows;
      }
    },
  };
}
