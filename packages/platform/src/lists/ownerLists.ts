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
 *
 * A list may be a sub-list of an owner's list ({@link SubListOf}: an order list's status and month
 * lists); its counts then live in the owner's head, `{ _id: <owner list>, issued, holes, sub: {
 * <key>: { issued, holes } } }`, so one command hands out a row's slots in both. Databases of an
 * earlier layout are brought to this one at start-up (relayout.ts).
 */
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import { bucketId, headMarkers, listCollections, relayout, type BucketDoc, type HeadDoc } from './relayout';
import { bucketOf, newestFirst, pageWindow, type ListEntry } from './window';

/**
 * Which lists are sub-lists of an owner's list (an order list's status and month lists): their
 * counts live in the owner list's head, so one `findOneAndUpdate` hands out a row's slots in the
 * owner's list and its sub-lists together. Answers the owner list's id and the sub-list's key
 * (a field name: no dots, no leading `$`), or null for a list with a head of its own.
 */
export type SubListOf = (listId: string) => { owner: string; key: string } | null;

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
  /**
   * Hands out one new slot in each list, in order: one atomic `$inc` per head document, by `_id`
   * (a list and its sub-lists share one, {@link SubListOf}); a list named n times gets n
   * consecutive slots.
   */
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

/**
 * The list store over the collections `<prefix>_list_heads` and `<prefix>_list_buckets20`
 * (buckets of {@link BUCKET_SIZE} = 20 rows; the `<prefix>_list_buckets` of the layout before are moved
 * into it once, by the `init()` of the last entry of `models`).
 * @param prefix collection name prefix, e.g. `order`
 * @param subListOf which lists keep their counts in their owner list's head (default: none)
 */
export function ownerLists(
  conn: Connection,
  prefix: string,
  subListOf: SubListOf = () => null,
): OwnerLists & { models: { init(): Promise<unknown> }[] } {
  const headName = `${prefix}ListHead`;
  const bucketName = `${prefix}ListBucket`;
  const heads =
    (conn.models[headName] as Model<HeadDoc> | undefined) ??
    conn.model<HeadDoc>(
      headName,
      new Schema<HeadDoc>(
        { _id: String, issued: Number, holes: Number, sub: Schema.Types.Mixed },
        { collection: listCollections(prefix).heads, versionKey: false },
      ),
    );
  const buckets =
    (conn.models[bucketName] as Model<BucketDoc> | undefined) ??
    conn.model<BucketDoc>(
      bucketName,
      new Schema<BucketDoc>(
        { _id: String, e: { type: Schema.Types.Mixed, default: {} } },
        { collection: listCollections(prefix).buckets, versionKey: false, minimize: false },
      ),
    );

  /**
   * Where a list's counts live: the head document, the path prefix of `issued`/`holes` in it
   * ('' at the top, `sub.<key>.` for a sub-list) and how to read them from that document.
   */
  function countsAt(listId: string): {
    head: string;
    at: string;
    read(doc: HeadDoc | null): { issued?: number; holes?: number } | undefined;
  } {
    const sub = subListOf(listId);
    return sub
      ? { head: sub.owner, at: `sub.${sub.key}.`, read: (doc) => doc?.sub?.[sub.key] }
      : { head: listId, at: '', read: (doc) => doc ?? undefined };
  }

  async function head(listId: string): Promise<{ issued: number; holes: number }> {
    const where = countsAt(listId);
    const counts = where.read(await heads.findById(where.head).lean<HeadDoc>());
    return { issued: counts?.issued ?? 0, holes: counts?.holes ?? 0 };
  }

  async function addHole(listId: string): Promise<void> {
    const { head: id, at } = countsAt(listId);
    await heads.updateOne({ _id: id }, { $inc: { [`${at}holes`]: 1 } });
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

  return {
    // What start-up initialises: the two collections, then the move from an earlier layout.
    models: [heads, buckets, { init: () => relayout({ conn, prefix, heads, buckets, subListOf }) }],
    async allocate(listIds) {
      // One `$inc` per head document: an order's nine lists (three owners, each with its status
      // and month sub-lists) take three commands. A list named n times gets n consecutive slots.
      const byHead = new Map<string, Map<string, number>>();
      for (const id of listIds) {
        const { head: h, at } = countsAt(id);
        const paths = byHead.get(h) ?? new Map<string, number>();
        paths.set(`${at}issued`, (paths.get(`${at}issued`) ?? 0) + 1);
        byHead.set(h, paths);
      }
      const after = new Map<string, HeadDoc>();
      for (const [h, paths] of byHead) {
        const doc = await heads
          .findOneAndUpdate({ _id: h }, { $inc: Object.fromEntries(paths) }, { upsert: true, new: true })
          .lean<HeadDoc>();
        after.set(h, doc!);
      }
      /** Slots of a list handed out so far in this call, per `<head>|<path>`. */
      const taken = new Map<string, number>();
      return listIds.map((id) => {
        const where = countsAt(id);
        const path = `${where.at}issued`;
        const first = where.read(after.get(where.head)!)!.issued! - byHead.get(where.head)!.get(path)!;
        const key = `${where.head}|${path}`;
        const k = taken.get(key) ?? 0;
        taken.set(key, k + 1);
        return first + k;
      });
    },
    async release(listId) {
      await addHole(listId);
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
      if (res.modifiedCount > 0) await addHole(listId);
    },
    async page(listId, skip, limit) {
      const h = await head(listId);
      const w = pageWindow(h.issued, skip, limit);
      const parts = await Promise.all(w.buckets.map((b) => bucket(listId, b)));
      const rows = parts
        .flat()
        .filter(([, e]) => e.n >= w.lo && e.n <= w.hi)
        .sort(newestFirst);
      return { rows, total: Math.max(0, h.issued - h.holes) };
    },
    ...headMarkers(heads),
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
