/**
 * Read-your-writes of a search index write (`bulk(..., { refresh: 'wait_for' })`) against the real
 * OpenSearch: when the projection has already written the same version a moment earlier (without
 * a refresh), the request's own write is a version conflict, for which `wait_for` waits for
 * nothing; the index is then refreshed, so the writer's next search shows the change. The index
 * here refreshes only every 20 s, so without that the deleted row would still be found.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listIndexDefinition } from '../src/search/rebuild';
import { SearchIndex } from '../src/search/searchIndex';
import { requireServers, testServers, uniqueName } from '../src/testing';

let index: SearchIndex;

beforeAll(async () => {
  await requireServers('opensearch');
  index = new SearchIndex({
    url: testServers().opensearchUrl,
    alias: uniqueName('rywr'),
    replicas: 0,
    definition: (replicas) => {
      const d = listIndexDefinition(replicas, {});
      return { ...d, settings: { ...d.settings, refresh_interval: '20s' } };
    },
    logger: pino({ level: 'silent' }),
  });
});

afterAll(async () => {
  await index.client.indices.delete({ index: `${index.alias}*` }).catch(() => undefined);
  await index.close();
});

describe('a write the writer must see next', () => {
  it('is visible even when the projection wrote the same version first', async () => {
    const doc = { view: { name: 'Pixel' }, sortAt: new Date().toISOString(), key: 'k1' };
    await index.bulk([{ kind: 'put', id: 'k1', doc, version: 1 }]);
    await index.client.indices.refresh({ index: index.alias });
    expect((await index.search({ query: { match_all: {} } }, { size: 10 })).total).toBe(1);
    // The projection deletes it at version 2 (no refresh), then the request writes the same.
    await index.bulk([{ kind: 'delete', id: 'k1', version: 2 }]);
    expect(await index.bulk([{ kind: 'delete', id: 'k1', version: 2 }], { refresh: 'wait_for' })).toBe(0);
    expect((await index.search({ query: { match_all: {} } }, { size: 10 })).total).toBe(0);
  });
});

describe('an index created by an older definition', () => {
  it('gets the fields a newer definition adds when a process opens it, so writes carrying them are accepted', async () => {
    const alias = uniqueName('grow');
    const open = (properties: Record<string, unknown>) =>
      new SearchIndex({
        url: testServers().opensearchUrl,
        alias,
        replicas: 0,
        definition: (replicas) => listIndexDefinition(replicas, properties),
        logger: pino({ level: 'silent' }),
      });
    const older = open({});
    const newer = open({ endDate: { type: 'keyword' } });
    try {
      await older.bulk([{ kind: 'put', id: 'a', doc: { view: {}, key: 'a' }, version: 1 }], { refresh: 'wait_for' });
      // A strict mapping refuses the unknown field until the newer definition has been put.
      await expect(older.bulk([{ kind: 'put', id: 'b', doc: { view: {}, key: 'b', endDate: '2026-12-31' }, version: 1 }])).rejects.toThrow(
        /strict_dynamic_mapping/,
      );
      await newer.bulk([{ kind: 'put', id: 'b', doc: { view: {}, key: 'b', endDate: '2026-12-31' }, version: 1 }], { refresh: 'wait_for' });
      const found = await newer.search({ query: { range: { endDate: { gte: '2026-11-28' } } } }, { size: 10 });
      expect(found.total).toBe(1);
    } finally {
      await older.client.indices.delete({ index: `${alias}*` }).catch(() => undefined);
      await Promise.all([older.close(), newer.close()]);
    }
  });
});
