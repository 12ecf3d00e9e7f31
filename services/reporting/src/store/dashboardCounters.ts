/**
 * The admin dashboard's running totals, kept exact without transactions and read without scanning
 * the read models (README "Reporting: dashboard counters"; the rules are in domain/dashboard.ts).
 *
 * Stored shapes:
 * - a counter document per consumer group and Kafka partition, in `rm_dashboard_counters`:
 *   `{ _id: '<group>|<topic>|<partition>', lastSeq, c: { <name>: <amount> } }`. Only the events of
 *   that partition, which one consumer applies one after another, ever write it, so `lastSeq`
 *   (the last applied event's `offset * 16 + n`) tells whether an event's change is already in;
 * - on every counted read-model document: `counted` (its contribution the totals include, as
 *   JSON text: FerretDB 1.24 ignores a `$set` of an embedded document whose values equal the
 *   current one's under other keys, `{ sellerRequests: 1 }` → `{ sellers: 1 }`), `countedRev`
 *   (bumped by each claim) and, while a change is being applied, `countPending`.
 *
 * {@link DashboardCounters.settle} brings the totals in line with one document in three writes:
 * claim (compare-and-set on `countedRev`: the new `counted` and the pending change), apply (the
 * counter's `$inc`, guarded by `lastSeq`), release (unset the pending change). A crash after the
 * claim leaves the pending change on the document; whoever settles that document next (the
 * redelivered event, or an event of another partition) applies it first, and the `lastSeq` guard
 * makes a second application a no-op. Every change to a counted document is followed by a settle
 * of the event that wrote it (the handlers always settle), so a settle may skip a claim it cannot
 * make (a replayed offset) without losing anything. So each change of a document's contribution reaches the
 * totals exactly once, whichever consumer group (the live one, a rebuild's) or process made it,
 * and the totals are the sum over all counter documents: a bounded set (groups × partitions),
 * however many customers, items or orders there are.
 *
 * Limit: an event the consumer dead-letters (its handler failed every attempt, e.g. the database
 * was down throughout) after its claim leaves that change out of the totals;
 * `npm run reporting:rebuild` counts everything again.
 */
import { isDuplicateKey, type DeliveryMeta } from '@market/platform';
import { Schema, type Connection, type Model } from 'mongoose';
import { contributionOf, deltaOf, sumOf, type Contribution, type CountedFields, type CountedKind } from '../domain/dashboard';

/** One partition's share of the totals. */
export interface CounterDoc {
  _id: string;
  lastSeq: number;
  c: Contribution;
}

/** A change claimed on a document and not yet known to be in its counter. */
interface PendingCount {
  counter: string;
  seq: number;
  rev: number;
  delta: Contribution;
}

/** What settling adds to a counted read-model document. */
export interface CountedState {
  /** JSON of the {@link Contribution} the totals include. */
  counted?: string;
  countedRev?: number;
  countPending?: PendingCount;
}

/** A read model whose documents count on the dashboard (any of them). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the read models have different shapes
export type CountedModel = Model<any>;

/** Collection of the counter documents (a rebuild drops it with the read models). */
export const DASHBOARD_COUNTERS_COLLECTION = 'rm_dashboard_counters';

/** Events of one partition settle at most this many documents each (`seq = offset * 16 + n`). */
const SETTLES_PER_EVENT = 16;

/** Attempts to claim a document that other partitions keep changing at the same moment. */
const CLAIM_ATTEMPTS = 10;

/** Where an event's changes go: its consumer group's counter for the event's partition. */
export interface SettleAt {
  groupId: string;
  meta: DeliveryMeta;
  /** Which of the event's settles this is (0 for the first), when one event settles several documents. */
  n?: number;
}

export interface DashboardCounters {
  model: Model<CounterDoc>;
  /**
   * Brings the totals in line with the document `id` of `docs` (of kind `kind`) as it is now.
   * Call after the event's write to the document; safe to call again for the same event.
   * @throws when the database fails, or after {@link CLAIM_ATTEMPTS} lost claims (the consumer retries the event)
   */
  settle(kind: CountedKind, docs: CountedModel, id: string, at: SettleAt): Promise<void>;
  /** The totals: the sum of every counter document (a bounded collection, see above). */
  totals(): Promise<Contribution>;
  /**
   * Once per database: settles every counted document of `sources`, so a database whose read
   * models were written before the totals existed counts them. Reads each collection whole, once,
   * at start-up (like the other one-off backfills); later start-ups read only the marker by `_id`.
   * Safe beside the live consumer and other replicas: each document's claim is a compare-and-set.
   * @returns how many documents were settled (0 when already done)
   */
  backfill(sources: Record<CountedKind, CountedModel>): Promise<number>;
  /** Records the backfill as done (a rebuild, which counts everything by replaying, calls it). */
  markBackfilled(): Promise<void>;
}

/** The marker document of {@link DashboardCounters.backfill} (no consumer group starts with `#`). */
const BACKFILLED = '#backfilled';

const counterSchema = new Schema<CounterDoc>({ _id: String, lastSeq: Number, c: { type: Schema.Types.Mixed, default: {} } } as never, {
  collection: DASHBOARD_COUNTERS_COLLECTION,
  versionKey: false,
  strict: false,
  minimize: false,
});

const incOf = (delta: Contribution) => Object.fromEntries(Object.entries(delta).map(([name, n]) => [`c.${name}`, n]));

export function dashboardCounters(conn: Connection): DashboardCounters {
  const model =
    (conn.models.DashboardCounter as Model<CounterDoc> | undefined) ?? conn.model<CounterDoc>('DashboardCounter', counterSchema);

  async function ensureCounter(id: string): Promise<void> {
    try {
      await model.updateOne({ _id: id }, { $setOnInsert: { _id: id, lastSeq: -1, c: {} } }, { upsert: true });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** Applies a claimed change to its counter (once) and releases the claim. */
  async function apply(docs: CountedModel, id: string, p: PendingCount): Promise<void> {
    await ensureCounter(p.counter);
    await model.updateOne({ _id: p.counter, lastSeq: { $lt: p.seq } }, { $inc: incOf(p.delta), $set: { lastSeq: p.seq } });
    await docs.updateOne({ _id: id, countedRev: p.rev }, { $unset: { countPending: 1 } });
  }

  const api: DashboardCounters = {
    model,
    async settle(kind, docs, id, at) {
      const counter = `${at.groupId}|${at.meta.topic}|${at.meta.partition}`;
      const seq = Number(at.meta.offset) * SETTLES_PER_EVENT + (at.n ?? 0);
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
        const doc = await docs.findById(id).lean<(CountedFields & CountedState) | null>();
        if (doc?.countPending) {
          await apply(docs, id, doc.countPending);
          continue;
        }
        const counted = doc?.counted ? (JSON.parse(doc.counted) as Contribution) : {};
        const target = contributionOf(kind, doc);
        const delta = deltaOf(counted, target);
        if (!doc || Object.keys(delta).length === 0) return;
        // A replay of an event this partition's counter already has (a rebalance re-reads from
        // the last committed offset) claims nothing: a claim below `lastSeq` could never be
        // applied. The change is settled by the event that wrote it, which comes after.
        const applied = await model.findById(counter, { lastSeq: 1 }).lean<Pick<CounterDoc, 'lastSeq'>>();
        if (applied && applied.lastSeq >= seq) return;
        const rev = (doc.countedRev ?? 0) + 1;
        const pending: PendingCount = { counter, seq, rev, delta };
        const claimed = await docs.updateOne(
          { _id: id, countedRev: doc.countedRev === undefined ? { $exists: false } : doc.countedRev },
          { $set: { counted: JSON.stringify(target), countedRev: rev, countPending: pending } },
        );
        if (claimed.matchedCount === 0) continue;
        await apply(docs, id, pending);
        return;
      }
      throw new Error(`dashboard counters: could not settle ${kind} ${id} (kept changing)`);
    },
    async backfill(sources) {
      if (await model.exists({ _id: BACKFILLED })) return 0;
      // A counter of its own per run: its sequence numbers are this run's, one after another.
      const groupId = `#backfill-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      let n = 0;
      for (const [kind, docs] of Object.entries(sources) as [CountedKind, CountedModel][]) {
        for await (const d of docs.find({}, { _id: 1 }).lean<{ _id: unknown }>().cursor()) {
          await api.settle(kind, docs, String(d._id), { groupId, meta: { topic: kind, partition: 0, offset: String(n++) } });
        }
      }
      await api.markBackfilled();
      return n;
    },
    async markBackfilled() {
      await ensureCounter(BACKFILLED);
    },
    async totals() {
      // Bounded: one document per consumer group and partition, not per customer or order.
      const all = await model.find({}, { c: 1 }).lean<Pick<CounterDoc, 'c'>[]>();
      return sumOf(all.map((d) => d.c ?? {}));
    },
  };
  return api;
}
