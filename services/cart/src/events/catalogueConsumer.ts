/**
 * The catalogue's item and package events keep the availability read model (docs/architecture.md, Expected flows: an item made unavailable can no longer be put in a cart):
 * - ItemCreated / ItemUpdated → `{ available: ItemAvailabilityStatus, deleted: false }`;
 *   PackageCreated / PackageUpdated → `{ available: packageAvailability, startDate, endDate, deleted: false }`
 *   (a package outside its dates cannot be added: store/readModels.ts `availableIds`).
 * - ItemDeleted / PackageDeleted → a tombstone. A cart drops the line the next time it is read or
 *   written (cart/lines.ts); an item leaves the wishlists of its wish-listers (store/wishlistEntries.ts), each
 *   read by `_id`: nothing here reads every cart or wishlist.
 * - ItemUpdated that makes a wish-listed item cheaper or buyable again (domain/alerts.ts) e-mails
 *   its wish-listers first (events/wishlistAlerts.ts, once per item, version and change); the
 *   read model then keeps the item's name, final price and stock for the next comparison. Alerts
 *   go out before the write, so a crash in between repeats them (once-only by job id) instead
 *   of losing them; an older or repeated event (version not newer than the stored one) alerts
 *   nobody.
 * Writes are version-guarded (`applyVersioned`); removals are `$pullAll` of the exact id, so a
 * redelivery changes nothing.
 */
import { applyVersioned, type EventHandlers, type SearchIndex, type TypedEnvelope } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import { wishlistChange } from '../domain/alerts';
import { normalId } from '../domain/lines';
import type { AvailabilityDoc } from '../store/readModels';
import { settleEntries, watchersOf, type EntryView } from '../store/wishlistEntries';
import { removeWishlistItems, type WishlistDoc } from '../store/wishlists';
import type { WishlistAlerter } from './wishlistAlerts';

/** The collections the catalogue events change. */
export interface CatalogueModels {
  items: Model<AvailabilityDoc>;
  packages: Model<AvailabilityDoc>;
  wishlists: Model<WishlistDoc>;
  /** Who wish-lists each item (store/wishlistEntries.ts). */
  entries: SearchIndex<EntryView>;
  logger: Logger;
  /** E-mails an item's wish-listers about a change (events/wishlistAlerts.ts). */
  alert: WishlistAlerter;
}

/** Handlers of the item and package events, by event type, for the cart's consumer. */
export function catalogueHandlers({ items, packages, wishlists, entries, logger, alert }: CatalogueModels): EventHandlers {
  /** Keeps the item's state; with `alerts`, first e-mails its wish-listers about a change. */
  const item = async (event: TypedEnvelope<'ItemCreated' | 'ItemUpdated'>, alerts: boolean) => {
    const data = event.data;
    const id = normalId(data.itemId);
    const after = { available: data.ItemAvailabilityStatus, quantity: data.Quantity, finalPriceCents: data.finalPriceCents };
    if (alerts) {
      const before = await items.findById(id).lean<AvailabilityDoc>();
      const change = before && before.aggregateVersion < event.aggregateVersion ? wishlistChange(before, after) : null;
      if (change)
        await alert({
          itemId: id,
          version: event.aggregateVersion,
          name: data.Item_name,
          change,
          oldPriceCents: before!.finalPriceCents,
          newPriceCents: data.finalPriceCents,
        });
    }
    await applyVersioned(items, id, event.aggregateVersion, { ...after, name: data.Item_name, deleted: false });
  };
  return {
    ItemCreated: (event) => item(event, false),
    ItemUpdated: (event) => item(event, true),
    ItemDeleted: async (event) => {
      const id = normalId(event.data.itemId);
      // Tombstone first: a cart update racing with this sees it and removes the line itself.
      await applyVersioned(items, id, event.aggregateVersion, { available: false, deleted: true });
      // Carts drop the line when next read or written (cart/lines.ts `settle`): sweeping every
      // cart here would read the whole collection. Wishlists are found through the item's entries
      // in the wishlist entries index (503 while OpenSearch is down: the event is retried).
      for (const w of await removeWishlistItems(wishlists, await watchersOf(entries, id), [id]))
        await settleEntries(entries, logger, w.CustomerID, { items: w.Items, removed: [id], rev: w.rev });
    },
    PackageCreated: async (event) => {
      const data = event.data;
      await applyVersioned(packages, normalId(data.packageId), event.aggregateVersion, {
        available: data.packageAvailability,
        startDate: data.startDate,
        endDate: data.endDate,
        deleted: false,
      });
    },
    PackageUpdated: async (event) => {
      const data = event.data;
      await applyVersioned(packages, normalId(data.packageId), event.aggregateVersion, {
        available: data.packageAvailability,
        startDate: data.startDate,
        endDate: data.endDate,
        deleted: false,
      });
    },
    PackageDeleted: async (event) => {
      const id = normalId(event.data.packageId);
      // Carts drop the line when next read or written (cart/lines.ts `settle`).
      await applyVersioned(packages, id, event.aggregateVersion, { available: false, deleted: true });
    },
  };
}
