/**
 * The address list read model (issue 29; README "Read side": every list a page shows is an
 * OpenSearch projection): one document per saved address, `_id` `<customerId>:<addressId>`, plus
 * one header per book, `_id` `<customerId>:book`, holding its version and default. Alias
 * `<SEARCH_INDEX or identity[-MONGO_DB]>-addresses`.
 *
 * Fed by AddressBookChanged (`identity.addresses.v1`) through events/addressProjection.ts; the
 * writing request writes the same documents at once with refresh=wait_for (read-your-writes). Every
 * document of a change is written at the book's version after it (external versioning), the
 * addresses the change took out are tombstoned at that version, so a redelivered or older event
 * changes nothing and the index converges on the newest book whatever the order.
 */
import type { AddressBookChangedData } from '@market/contracts';
import { SearchIndex, searchAliasOf, type IndexOp } from '@market/platform';
import type { Logger } from 'pino';
import type { IdentityConfig } from '../config';
import type { AddressBook, SavedAddress } from '../domain/addressBook';

/** What the index answers per document: the book's header or one entry with its place in the book. */
export type AddressEntryView =
  { kind: 'book'; version: number; defaultAddressId: string | null } | { kind: 'address'; position: number; address: SavedAddress };

/** Settings and mappings: one shard, strict, the customer's id as a keyword, the answer as `view`. */
export function addressIndexDefinition(replicas: number) {
  return {
    settings: { number_of_shards: 1, number_of_replicas: replicas },
    mappings: {
      dynamic: 'strict',
      properties: {
        customerId: { type: 'keyword' },
        position: { type: 'integer' },
        view: { type: 'object', enabled: false },
        deleted: { type: 'boolean' },
      },
    },
  };
}

/** The address index of `config` (created on first use). */
export function addressIndex(
  config: Pick<IdentityConfig, 'SEARCH_INDEX' | 'MONGO_DB' | 'OPENSEARCH_URL' | 'OPENSEARCH_REPLICAS'>,
  logger: Logger,
): SearchIndex<AddressEntryView> {
  return new SearchIndex<AddressEntryView>({
    url: config.OPENSEARCH_URL,
    alias: searchAliasOf(config, 'identity', 'addresses'),
    replicas: config.OPENSEARCH_REPLICAS,
    definition: addressIndexDefinition,
    logger,
    unavailableMessage: 'Your addresses cannot be shown at the moment, please try again shortly',
  });
}

/**
 * The index writes of the book of `customerId` at `version`: its header, every address, and the
 * tombstones of `removed`; a deleted book tombstones its header and every id in `removed`.
 */
export function addressBookOps(data: AddressBookChangedData, version: number): IndexOp[] {
  const { customerId } = data;
  const header = `${customerId}:book`;
  const tombstones = data.removed.map((id): IndexOp => ({ kind: 'delete', id: `${customerId}:${id}`, version }));
  if (data.deleted) return [{ kind: 'delete', id: header, version }, ...tombstones];
  return [
    {
      kind: 'put',
      id: header,
      version,
      doc: {
        customerId,
        position: -1,
        view: { kind: 'book', version, defaultAddressId: data.defaultAddressId } satisfies AddressEntryView,
      },
    },
    ...data.addresses.map((address, position): IndexOp => ({
      kind: 'put',
      id: `${customerId}:${address.id}`,
      version,
      doc: { customerId, position, view: { kind: 'address', position, address } satisfies AddressEntryView },
    })),
    ...tombstones,
  ];
}

/**
 * The book of `customerId` as the index has it, or null when the index holds no header for it
 * (never written, or not projected yet: the caller reads the aggregate by `_id` then).
 * @throws HttpError 503 when OpenSearch does not answer
 */
export async function projectedBook(index: SearchIndex<AddressEntryView>, customerId: string): Promise<AddressBook | null> {
  const { views } = await index.search({ query: { term: { customerId } }, sort: [{ position: 'asc' }] }, { size: 1 + 100 });
  let header: Extract<AddressEntryView, { kind: 'book' }> | undefined;
  const addresses: SavedAddress[] = [];
  for (const v of views) {
    if (v.kind === 'book') header = v;
    else addresses.push(v.address);
  }
  if (!header) return null;
  return { aggregateVersion: header.version, defaultAddressId: header.defaultAddressId, addresses };
}
