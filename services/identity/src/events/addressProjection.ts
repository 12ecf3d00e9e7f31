/**
 * The address list read model fed by the book's own events (issue 29): the address index
 * (store/addressEntries.ts) from `identity.addresses.v1` through its own consumer group
 * (`<service group>-addresses`). Each AddressBookChanged carries the whole book, so the projection
 * reads nothing else; its writes are the ones the writing request makes (`addressBookOps` at the
 * event's version), so the later write of the same state is a no-op and an older event changes
 * nothing.
 */
import { Topics, type EventData } from '@market/contracts';
import { defineProjection, type AnyEventEnvelope, type IndexOp } from '@market/platform';
import { addressBookOps } from '../store/addressEntries';

/** The index writes of a chunk of events (other types are skipped). */
export function addressOps(events: readonly AnyEventEnvelope[]): IndexOp[] {
  const ops: IndexOp[] = [];
  for (const e of events) {
    if (e.type !== 'AddressBookChanged') continue;
    const data: EventData<'AddressBookChanged'> = e.data;
    ops.push(...addressBookOps(data, e.aggregateVersion));
  }
  return ops;
}

/** The address projection, declared once for main.ts and searchRebuild.ts. */
export const addressProjection = defineProjection({
  name: 'addresses',
  topics: [Topics.addressBook],
  indices: ['addresses'],
  ops: (events) => ({ addresses: addressOps(events) }),
});
