/**
 * One declaration per read-model projection (issue 28): which topics it reads, which indices it
 * writes (by key) and the index writes a chunk of events makes ({@link IndexOp}s: id, document,
 * aggregate version as the external version). The live projection (`start`) and the service's
 * `npm run search:rebuild` (`rebuildScript`) both come from that declaration, so the two can never
 * disagree on topics, indices or writes.
 *
 * - `start` runs a {@link ProjectionConsumer} in consumer group `<service group>-<name>`, writes
 *   each chunk's ops with one bulk request per index (in the declared key order) and stops it at
 *   shutdown.
 * - `rebuildScript` gives {@link runSearchRebuild} the same topics and ops, written into the fresh
 *   indices; its temporary consumer group is derived from the live group.
 */
import type { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { BaseConfig } from '../config';
import type { AnyEventEnvelope } from '../kafka/consumer';
import { ProjectionConsumer } from '../kafka/projection';
import { consumerGroupOf } from '../service';
import type { RebuildConfig, SearchRebuildScript } from './rebuild';
import type { IndexOp } from './searchIndex';

/** The index writes of a chunk of events, per index key (a missing key writes nothing). */
export type ProjectionOps<K extends string> = { readonly [k in K]?: readonly IndexOp[] };

/**
 * What a service declares once.
 * @typeParam K - the keys of the indices written (e.g. `'items' | 'packages'`)
 * @typeParam S - what `ops` reads besides the events (e.g. the service's models); `undefined` if nothing
 */
export interface ProjectionDefinition<K extends string, S> {
  /** Consumer-group suffix (`<service group>-<name>`) and the logger's `projection` field. */
  name: string;
  /** Topics read (without the client's topic prefix). */
  topics: readonly string[];
  /** The index keys, in the order each chunk's writes are sent. */
  indices: readonly K[];
  /**
   * The index writes of a chunk of events (in their order per partition; `data` already parsed by
   * each type's registry schema). Throwing makes the chunk retried (live) or fails the rebuild.
   */
  ops(events: AnyEventEnvelope[], sources: S): ProjectionOps<K> | Promise<ProjectionOps<K>>;
}

/** What the live projection needs from the service at start. */
export interface ProjectionContext<K extends string, S> {
  config: Pick<BaseConfig, 'SERVICE_NAME' | 'MONGO_DB' | 'KAFKA_FROM_BEGINNING' | 'KAFKA_FETCH_WAIT_MS'>;
  kafka: Kafka;
  logger: Logger;
  /** Where the consumer's stop is registered (the service's shutdown). */
  shutdown: { add(name: string, fn: () => Promise<unknown>): void };
  /** The live index clients (`SearchIndex`), by key. */
  indices: { readonly [k in K]: { bulk(ops: IndexOp[]): Promise<unknown> } };
  sources: S;
}

/** A rebuild script's service-specific parts (see {@link SearchRebuildScript}). */
export interface ProjectionRebuild<C extends RebuildConfig, K extends string, S> {
  service: string;
  config: () => C;
  /** The live indices' aliases and definitions, by key. */
  indices: (config: C) => { readonly [k in K]: { alias: string; definition: (replicas: number) => object } };
  /** What `ops` reads, from the service's database (omit when `ops` needs nothing). */
  sources?: (db: Connection, config: C) => S;
}

export interface Projection<K extends string, S> extends ProjectionDefinition<K, S> {
  /** The live projection's consumer group for a service configuration. */
  groupId(config: Pick<BaseConfig, 'SERVICE_NAME' | 'MONGO_DB'>): string;
  /** Writes the ops of `events` into `indices` (one bulk per index, in key order). */
  write(events: AnyEventEnvelope[], sources: S, indices: ProjectionContext<K, S>['indices']): Promise<void>;
  /** Starts the live projection (stopped at shutdown); resolves once it has its partitions. */
  start(ctx: ProjectionContext<K, S>): Promise<ProjectionConsumer>;
  /** The script for {@link runSearchRebuild}: same topics, same ops, into fresh indices. */
  rebuildScript<C extends RebuildConfig>(r: ProjectionRebuild<C, K, S>): SearchRebuildScript<C, S>;
}

/** Declares a projection once; see the module's note. */
export function defineProjection<K extends string, S = undefined>(def: ProjectionDefinition<K, S>): Projection<K, S> {
  const write: Projection<K, S>['write'] = async (events, sources, indices) => {
    const ops = await def.ops(events, sources);
    for (const k of def.indices) {
      const list = ops[k];
      if (list && list.length > 0) await indices[k].bulk([...list]);
    }
  };
  return {
    ...def,
    groupId: (config) => `${consumerGroupOf(config)}-${def.name}`,
    write,
    async start(ctx) {
      const projection = new ProjectionConsumer({
        kafka: ctx.kafka,
        groupId: `${consumerGroupOf(ctx.config)}-${def.name}`,
        topics: def.topics,
        logger: ctx.logger.child({ projection: def.name }),
        fromBeginning: ctx.config.KAFKA_FROM_BEGINNING,
        fetchWaitMs: ctx.config.KAFKA_FETCH_WAIT_MS,
        apply: (events) => write(events, ctx.sources, ctx.indices),
      });
      await projection.start();
      ctx.shutdown.add(`${def.name} projection`, () => projection.stop());
      return projection;
    },
    rebuildScript<C extends RebuildConfig>(r: ProjectionRebuild<C, K, S>) {
      return rebuildScriptOf([def], r);
    },
  };
}

/**
 * One `npm run search:rebuild` for several projections of a service (e.g. ordering's payment and
 * order projections): the union of their topics replayed once, each chunk given to every
 * projection's `ops` (each keeps only its own event types), written into the fresh indices of all
 * of them. The rebuild's temporary consumer group derives from the first projection's group.
 * @throws Error when no projection is given
 */
export function rebuildScriptOf<C extends RebuildConfig, K extends string, S>(
  projections: readonly ProjectionDefinition<K, S>[],
  r: ProjectionRebuild<C, K, S>,
): SearchRebuildScript<C, S> {
  const first = projections[0];
  if (!first) throw new Error('rebuildScriptOf needs at least one projection');
  const keys = projections.flatMap((p) => p.indices);
  return {
    service: r.service,
    config: r.config,
    topics: [...new Set(projections.flatMap((p) => p.topics))],
    groupSuffix: `-${first.name}`,
    indices: (config) => {
      const byKey = r.indices(config);
      return keys.map((k) => byKey[k]);
    },
    sources: r.sources,
    writes: async (events, sources) => {
      const all = await Promise.all(projections.map((p) => p.ops(events, sources)));
      return projections.flatMap((p, n) => p.indices.map((k) => all[n]![k] ?? []));
    },
  };
}
