/**
 * The search index projection: item and package events → index writes. Fed by the
 * catalogue's own item and package topics (ItemCreated / ItemUpdated carry the whole item with its
 * rating, PackageCreated / PackageUpdated the whole package; the deletions their id) through a
 * {@link searchProjection} (the platform's `defineProjection`: a consumer group of its own,
 * `<service group>-search`, so it never waits for, or holds up, the catalogue's other consumers;
 * `npm run search:rebuild` replays the same declaration). A fetch of events becomes one bulk
 * write per index; within it only the newest event of each document is sent (the index would
 * ignore the older ones anyway: external versioning by aggregateVersion).
 */
import { Topics, type ItemEventData, type PackageEventData } from '@market/contracts';
import { defineProjection, type AnyEventEnvelope } from '@market/platform';
import { packageDocFromEvent } from '../domain/packageSearch';
import { searchDocFromEvent } from '../domain/search';
import type { IndexOp } from '../store/searchIndex';

/**
 * A document whose stored answer (`view`) also names its aggregate version, so list rows carry
 * the `version` a seller's form sends back with an update. Documents indexed
 * before that lack it until `npm run search:rebuild` replays the topics.
 */
function versioned<D extends { view: object }>(doc: D, version: number): D {
  return { ...doc, view: { ...doc.view, version } };
}

/** The item index's write of an item's state at `version`. */
export const itemPut = (data: ItemEventData, version: number): IndexOp => ({
  kind: 'put',
  id: data.itemId,
  doc: versioned(searchDocFromEvent(data), version),
  version,
});

/** The package index's write of a package's state at `version`. */
export const packagePut = (data: PackageEventData, version: number): IndexOp => ({
  kind: 'put',
  id: data.packageId,
  doc: versioned(packageDocFromEvent(data), version),
  version,
});

/** Index writes for a batch of events: the newest per document, in order of first appearance. */
export function indexOps(events: AnyEventEnvelope[]): { items: IndexOp[]; packages: IndexOp[] } {
  const items = new Map<string, IndexOp>();
  const packages = new Map<string, IndexOp>();
  const keep = (into: Map<string, IndexOp>, op: IndexOp) => {
    const have = into.get(op.id);
    if (!have || have.version < op.version) into.set(op.id, op);
  };
  // Events whose data fails its schema never get here (the projection leaves them out).
  for (const e of events) {
    const v = e.aggregateVersion;
    if (e.type === 'ItemCreated' || e.type === 'ItemUpdated') keep(items, itemPut(e.data, v));
    else if (e.type === 'ItemDeleted') keep(items, { kind: 'delete', id: e.data.itemId, version: v });
    else if (e.type === 'PackageCreated' || e.type === 'PackageUpdated') keep(packages, packagePut(e.data, v));
    else if (e.type === 'PackageDeleted') keep(packages, { kind: 'delete', id: e.data.packageId, version: v });
  }
  return { items: [...items.values()], packages: [...packages.values()] };
}

/** The catalogue's search projection, declared once for main.ts and searchRebuild.ts. */
export const searchProjection = defineProjection({
  name: 'search',
  topics: [Topics.item, Topics.package],
  indices: ['items', 'packages'],
  ops: (events) => indexOps(events),
});
