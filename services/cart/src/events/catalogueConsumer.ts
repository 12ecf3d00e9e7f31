/**
 * The catalogue's item and package events keep the availability read model (DESIGN.md
 * section 3: "an item made unavailable can no longer be added to a cart"):
 * - ItemCreated / ItemUpdated → `{ available: ItemAvailabilityStatus, deleted: false }`;
 *   PackageCreated / PackageUpdated → `{ available: packageAvailability, deleted: false }`.
 * - ItemDeleted / PackageDeleted → a tombstone, and the item's (package's) lines leave every cart
 *   (and, for items, every wishlist).
 * Writes are version-guarded (`applyVersioned`); removals are `$pullAll` of the exact id, so a
 * redelivery changes nothing.
 */
import { ItemDeletedDataSchema, ItemEventDataSchema, PackageDeletedDataSchema, PackageEventDataSchema } from '@market/contracts';
import { applyVersioned, type EventHandler } from '@market/platform';
import type { Model } from 'mongoose';
import { normalId } from '../domain/lines';
import { removeCartLines, type CartDoc } from '../store/carts';
import type { AvailabilityDoc } from '../store/readModels';
import { removeWishlistItems, type WishlistDoc } from '../store/wishlists';

/** The collections the catalogue events change. */
export interface CatalogueModels {
  items: Model<AvailabilityDoc>;
  packages: Model<AvailabilityDoc>;
  carts: Model<CartDoc>;
  wishlists: Model<WishlistDoc>;
}

/** Handlers of the item and package events, by event type, for the cart's consumer. */
export function catalogueHandlers({ items, packages, carts, wishlists }: CatalogueModels): Record<string, EventHandler> {
  return {
    ItemCreated: async (event) => {
      const data = ItemEventDataSchema.parse(event.data);
      await applyVersioned(items, normalId(data.itemId), event.aggregateVersion, {
        available: data.ItemAvailabilityStatus,
        deleted: false,
      });
    },
    ItemUpdated: async (event) => {
      const data = ItemEventDataSchema.parse(event.data);
      await applyVersioned(items, normalId(data.itemId), event.aggregateVersion, {
        available: data.ItemAvailabilityStatus,
        deleted: false,
      });
    },
    ItemDeleted: async (event) => {
      const id = normalId(ItemDeletedDataSchema.parse(event.data).itemId);
      // Tombstone first: a cart update racing with this sees it and removes the line itself.
      await applyVersioned(items, id, event.aggregateVersion, { available: false, deleted: true });
      await removeCartLines(carts, { ItemIDs: id }, [id], []);
      await removeWishlistItems(wishlists, [id]);
    },
    PackageCreated: async (event) => {
      const data = PackageEventDataSchema.parse(event.data);
      await applyVersioned(packages, normalId(data.packageId), event.aggregateVersion, {
        available: data.packageAvailability,
        deleted: false,
      });
    },
    PackageUpdated: async (event) => {
      const data = PackageEventDataSchema.parse(event.data);
      await applyVersioned(packages, normalId(data.packageId), event.aggregateVersion, {
        available: data.packageAvailability,
        deleted: false,
      });
    },
    PackageDeleted: async (event) => {
      const id = normalId(PackageDeletedDataSchema.parse(event.data).packageId);
      await applyVersioned(packages, id, event.aggregateVersion, { available: false, deleted: true });
      await removeCartLines(carts, { PackageIDs: id }, [], [id]);
    },
  };
}
