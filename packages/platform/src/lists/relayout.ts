/**
 * The one-off moves that bring an owner-keyed list store (ownerLists.ts) written by an earlier
 * layout to the current one, run at start-up by the store's last `models` entry:
 * 1. buckets: `<prefix>_list_buckets` of 100 rows each move into `<prefix>_list_buckets20`
 *    (window.ts `BUCKET_SIZE` rows; slots stay, only the bucket a slot lives in changes). Why: FerretDB
 *    decodes and re-encodes a whole document per command (window.ts has the figures);
 * 2. sub-list heads: a sub-list's head document of its own (`<owner>:<key>`) folds into its
 *    owner's head under `sub.<key>` ({@link SubListOf}), so one command hands out a row's slots in
 *    a list and its sub-lists.
 * Each step records a marker in the heads collection and runs once per database.
 */
import type { Connection, Model, mongo } from 'mongoose';
import { isDuplicateKey } from '../mongo';
import type { SubListOf } from './ownerLists';
import { bucketOf, type ListEntry } from './window';

/** A list's head: slots handed out, how many will never hold a row, and (owners) its sub-lists' counts by key. */
export interface HeadDoc {
  _id: string;
  issued: number;
  holes: number;
  sub?: Record<string, { issued?: number; holes?: number }>;
}

/** A bucket: the entries of up to `BUCKET_SIZE` (window.ts) consecutive slots of one list, by row key. */
export interface BucketDoc {
  _id: string;
  e: Record<string, ListEntry>;
}

/** The `_id` of bucket `bucket` of a list. */
export const bucketId = (listId: string, bucket: number) => `${listId}#${bucket}`;

/** The collections of the list store with collection prefix `prefix` in the current layout. */
export const listCollections = (prefix: string) => ({ heads: `${prefix}_list_heads`, buckets: `${prefix}_list_buckets20` });

/**
 * Markers in a heads collection: documents whose `_id` names a one-off step done (ids starting
 * with `$`, which no list uses). Shaped like a head so the collection holds one shape.
 */
export function headMarkers(heads: Model<HeadDoc>): { isMarked(marker: string): Promise<boolean>; mark(marker: string): Promise<void> } {
  return {
    isMarked: async (marker) => (await heads.exists({ _id: marker })) !== null,
    mark: async (marker) => {
      await heads.updateOne({ _id: marker }, { $setOnInsert: { issued: 0, holes: 0 } }, { upsert: true });
    },
  };
}

/** The heads' markers of the two steps, and the lock the replicas of a service share. */
const BUCKETS_MOVED = '$layout:buckets:20';
const SUBS_FOLDED = '$layout:sub-heads';
const LOCK = '$layout:lock';
/** A lock not refreshed for this long (ms) belongs to a process that died: another takes it over. */
const LOCK_STALE_MS = 60_000;

/** What {@link relayout} works on: the store's connection, collection prefix, models and sub-lists. */
export interface RelayoutTarget {
  conn: Connection;
  prefix: string;
  heads: Model<HeadDoc>;
  buckets: Model<BucketDoc>;
  subListOf: SubListOf;
}

/**
 * Runs the steps not yet recorded, before the service serves or consumes. The other replicas
 * wait (a lock in the heads collection, taken over after {@link LOCK_STALE_MS} without progress),
 * so nothing is written in the new layout before it is done; a step cut short by a crash is done
 * again. One-off scans of the old documents, not request paths.
 * @returns how many old documents were moved (0 when every step was already done)
 */
export async function relayout({ conn, prefix, heads, buckets, subListOf }: RelayoutTarget): Promise<number> {
  const locks = heads.collection as unknown as mongo.Collection<{ _id: string; at?: number }>;
  const { isMarked: marked, mark } = headMarkers(heads);
  for (;;) {
    if ((await marked(BUCKETS_MOVED)) && (await marked(SUBS_FOLDED))) return 0;
    const now = Date.now();
    try {
      await locks.insertOne({ _id: LOCK, at: now });
      break;
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const held = await locks.findOne({ _id: LOCK });
    if (held && (held.at ?? 0) < now - LOCK_STALE_MS) {
      const taken = await locks.updateOne({ _id: LOCK, at: held.at }, { $set: { at: now } });
      if (taken.modifiedCount === 1) break;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  let moved = 0;
  const progress = async () => {
    if (++moved % 100 === 0) await locks.updateOne({ _id: LOCK }, { $set: { at: Date.now() } });
  };
  if (!(await marked(BUCKETS_MOVED))) {
    const legacy = conn.collection<BucketDoc>(`${prefix}_list_buckets`);
    let n = 0;
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
      n++;
      await progress();
    }
    await mark(BUCKETS_MOVED);
    if (n > 0) await legacy.drop();
  }
  if (!(await marked(SUBS_FOLDED))) {
    for await (const doc of heads.find({}).lean<HeadDoc>().cursor()) {
      const sub = subListOf(doc._id);
      if (!sub || doc._id.startsWith('$')) continue;
      const at = `sub.${sub.key}`;
      await heads.updateOne(
        { _id: sub.owner },
        { $max: { [`${at}.issued`]: doc.issued ?? 0, [`${at}.holes`]: doc.holes ?? 0 } },
        { upsert: true },
      );
      await heads.deleteOne({ _id: doc._id });
      await progress();
    }
    await mark(SUBS_FOLDED);
  }
  await locks.deleteOne({ _id: LOCK });
  return moved;
}
