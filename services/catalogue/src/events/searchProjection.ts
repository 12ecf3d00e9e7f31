/**
 * The search index projection (issue 14): item events → index writes. Fed by the catalogue's own
 * item topic (ItemCreated / ItemUpdated carry the whole item with its rating; ItemDeleted its id)
 * through a {@link ProjectionConsumer} in its own consumer group (`<service group>-search`), so
 * it never waits for, or holds up, the catalogue's other consumers. A fetch of events becomes one
 * bulk write; within it only the newest event of each item is sent (the index would ignore the
 * older ones anyway: external versioning by aggregateVersion).
 */
import { ItemDeletedDataSchema, ItemEventDataSchema, type EventEnvelope } from '@market/contracts';
import type { IndexOp } from '../store/searchIndex';

/** Index writes for a batch of events: the newest per item, in order of first appearance. */
export function indexOps(events: EventEnvelope[]): IndexOp[] {
  const newest = new Map<string, IndexOp>();
  for (const e of events) {
    let op: IndexOp | null = null;
    // An event whose data does not parse is left out (a retry could never apply it).
    if (e.type === 'ItemCreated' || e.type === 'ItemUpdated') {
      const data = ItemEventDataSchema.safeParse(e.data);
      if (data.success) op = { kind: 'put', data: data.data, version: e.aggregateVersion };
    } else if (e.type === 'ItemDeleted') {
      const data = ItemDeletedDataSchema.safeParse(e.data);
      if (data.success) op = { kind: 'delete', itemId: data.data.itemId, version: e.aggregateVersion };
    }
    if (!op) continue;
    const id = op.kind === 'put' ? op.data.itemId : op.itemId;
    const have = newest.get(id);
    if (!have || have.version < op.version) newest.set(id, op);
  }
  return [...newest.values()];
}
