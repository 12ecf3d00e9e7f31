/**
 * What the package use cases (create.ts, edit.ts, delete.ts) work with; `main.ts` builds it once
 * with `packageDeps` and hands it to the package routes (http/packages.ts).
 */
import { STALE_PACKAGE } from '@market/contracts';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { PackageView } from '../domain/packageSearch';
import { aggregateWrites, type AggregateWrites } from '../store/aggregateWrites';
import type { ItemDoc } from '../store/items';
import type { PackageDoc } from '../store/packages';
import type { SearchIndex } from '../store/searchIndex';

/** 409 message of a package write without a version that lost a race. */
export const PACKAGE_CHANGED_MEANWHILE = 'This package was changed meanwhile, please try again';

export interface PackageDeps {
  packages: Model<PackageDoc>;
  /** The items a package's content is snapshotted from. */
  items: Model<ItemDoc>;
  /** Wakes the outbox relay after a write that recorded events. */
  nudge: () => void;
  /** Compare-and-set, soft delete and the read-your-writes index write (store/aggregateWrites.ts). */
  writes: AggregateWrites<PackageDoc>;
}

export function packageDeps(
  packages: Model<PackageDoc>,
  items: Model<ItemDoc>,
  nudge: () => void,
  search: SearchIndex<PackageView>,
  logger: Logger,
): PackageDeps {
  const writes = aggregateWrites({
    model: packages,
    nudge,
    search,
    logger,
    indexName: 'package index',
    staleCode: STALE_PACKAGE,
    meanwhile: PACKAGE_CHANGED_MEANWHILE,
  });
  return { packages, items, nudge, writes };
}
