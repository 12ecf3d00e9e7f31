import type { AnyEventEnvelope } from '../kafka/consumer';
import { describe, expect, it, vi } from 'vitest';
import type { IndexOp } from './searchIndex';
import { defineProjection, rebuildScriptOf } from './projection';

const consumers: {
  opts: { groupId: string; topics: readonly string[]; apply(e: AnyEventEnvelope[]): Promise<void> };
  stop: () => Promise<void>;
}[] = [];
vi.mock('../kafka/projection', () => ({
  ProjectionConsumer: class {
    constructor(public opts: never) {
      consumers.push(this as never);
    }
    start = vi.fn(async () => undefined);
    stop = vi.fn(async () => undefined);
  },
}));

// vi.mock above is hoisted before this import.

const ev = (type: string, id: string, v: number) =>
  ({ type, aggregateId: id, aggregateVersion: v, data: {} }) as unknown as AnyEventEnvelope;

const things = defineProjection<'a' | 'b', { skip: string }>({
  name: 'things',
  topics: ['t.one', 't.two'],
  indices: ['a', 'b'],
  ops: (events, src) => ({
    a: events
      .filter((e) => e.aggregateId !== src.skip)
      .map((e): IndexOp => ({ kind: 'delete', id: e.aggregateId, version: e.aggregateVersion })),
  }),
});

describe('defineProjection', () => {
  it('names the live group <service group>-<name>', () => {
    expect(things.groupId({ SERVICE_NAME: 'svc', MONGO_DB: undefined })).toBe('svc-things');
    expect(things.groupId({ SERVICE_NAME: 'svc', MONGO_DB: 'svc-it-1' })).toBe('svc-svc-it-1-things');
  });

  it('writes each index key with one bulk, leaving out keys without ops', async () => {
    const a = { bulk: vi.fn(async () => undefined) };
    const b = { bulk: vi.fn(async () => undefined) };
    await things.write([ev('X', '1', 2), ev('X', '2', 3)], { skip: '2' }, { a, b });
    expect(a.bulk).toHaveBeenCalledWith([{ kind: 'delete', id: '1', version: 2 }]);
    expect(b.bulk).not.toHaveBeenCalled();
  });

  it('starts a ProjectionConsumer on the declared topics and stops it at shutdown', async () => {
    const a = { bulk: vi.fn(async () => undefined) };
    const added: [string, () => Promise<unknown>][] = [];
    const logger = { child: () => logger } as never;
    await things.start({
      config: { SERVICE_NAME: 'svc', MONGO_DB: undefined, KAFKA_FROM_BEGINNING: true, KAFKA_FETCH_WAIT_MS: 500 },
      kafka: {} as never,
      logger,
      shutdown: { add: (n, fn) => added.push([n, fn]) },
      indices: { a, b: { bulk: vi.fn(async () => undefined) } },
      sources: { skip: '' },
    });
    const c = consumers.at(-1)!;
    expect(c.opts.groupId).toBe('svc-things');
    expect(c.opts.topics).toEqual(['t.one', 't.two']);
    await c.opts.apply([ev('X', '9', 1)]);
    expect(a.bulk).toHaveBeenCalledWith([{ kind: 'delete', id: '9', version: 1 }]);
    expect(added.map(([n]) => n)).toEqual(['things projection']);
    await added[0]![1]();
    expect(c.stop).toHaveBeenCalled();
  });

  it('gives the rebuild the same topics and ops in the declared index order', async () => {
    const script = things.rebuildScript({
      service: 'svc',
      config: () => ({}) as never,
      indices: () => ({ b: { alias: 'svc-b', definition: () => ({}) }, a: { alias: 'svc-a', definition: () => ({}) } }),
    });
    expect(script.topics).toEqual(['t.one', 't.two']);
    expect(script.groupSuffix).toBe('-things');
    expect(script.indices({} as never).map((i) => i.alias)).toEqual(['svc-a', 'svc-b']);
    expect(await script.writes([ev('X', '1', 4)], { skip: '' })).toEqual([[{ kind: 'delete', id: '1', version: 4 }], []]);
  });
});

describe('rebuildScriptOf', () => {
  it('replays the union of the topics once and writes every projection’s indices', async () => {
    const other = defineProjection<'c', { skip: string }>({
      name: 'others',
      topics: ['t.two', 't.three'],
      indices: ['c'],
      ops: (events) => ({ c: events.map((e): IndexOp => ({ kind: 'delete', id: `c${e.aggregateId}`, version: 1 })) }),
    });
    const script = rebuildScriptOf<never, string, { skip: string }>([things, other], {
      service: 'svc',
      config: () => ({}) as never,
      indices: () => ({
        a: { alias: 'A', definition: () => ({}) },
        b: { alias: 'B', definition: () => ({}) },
        c: { alias: 'C', definition: () => ({}) },
      }),
    });
    expect(script.topics).toEqual(['t.one', 't.two', 't.three']);
    expect(script.groupSuffix).toBe('-things');
    expect(script.indices({} as never).map((i) => i.alias)).toEqual(['A', 'B', 'C']);
    expect(await script.writes([ev('X', '1', 4)], { skip: '' })).toEqual([
      [{ kind: 'delete', id: '1', version: 4 }],
      [],
      [{ kind: 'delete', id: 'c1', version: 1 }],
    ]);
  });
});
