/**
 * Wishlist alerts: when an item's event is a price drop or a return to stock
 * (domain/alerts.ts), each customer who wish-lists it gets one e-mail (template `wishlist-alert`,
 * through the BullMQ `email` queue), unless they switched "E-mail me about my wishlist" off on
 * their profile (identity's customer events carry the setting into the `customers` read model).
 *
 * The wish-listers come from the wishlist entries index (store/wishlistEntries.ts: every entry of
 * the item, page by page), each checked against the customer's own wishlist and record (reads by
 * `_id`), so nothing scans a collection. While OpenSearch cannot be read the alert is not sent
 * (logged): the item's event must still update the cart's item state.
 * Once only: the job id `wishlist-<itemId>-v<aggregateVersion>-<change>-<customerId>` is the
 * idempotency key, kept in the cart's `mail_sent` ledger (platform's mailOnce.ts): the item event
 * delivered again, or again after a crash half-way through its wish-listers, e-mails nobody
 * twice. Prices in the e-mail as `Rs. 12,345.00` (contracts' formatLkr); the link is the item's
 * page in the web app (`WEB_URL/Customer/ItemDetails/<id>`).
 */
import { formatLkr } from '@market/contracts';
import type { SearchIndex, SendOnce } from '@market/platform';
import type { Model } from 'mongoose';
import type { Logger } from 'pino';
import type { WishlistChange } from '../domain/alerts';
import { ownerKey } from '../store/ownerKeyed';
import type { CustomerRefDoc } from '../store/readModels';
import { watchersOf, type EntryView } from '../store/wishlistEntries';
import type { WishlistDoc } from '../store/wishlists';

export interface WishlistAlertDeps {
  /** Who wish-lists each item (store/wishlistEntries.ts). */
  entries: SearchIndex<EntryView>;
  wishlists: Model<WishlistDoc>;
  customers: Model<CustomerRefDoc>;
  send: SendOnce;
  /** The web app's origin, e.g. `http://localhost:3000`. */
  webUrl: string;
  logger: Logger;
}

/** One change of one item, as the alert tells it (cents). */
export interface ItemChange {
  itemId: string;
  /** The event's aggregate version: with the change, what makes the alert once-only. */
  version: number;
  name: string;
  change: WishlistChange;
  oldPriceCents?: number;
  newPriceCents: number;
}

/** E-mails every wish-lister of `c.itemId` who wants it (see the module comment). */
export type WishlistAlerter = (c: ItemChange) => Promise<void>;

export function wishlistAlerter({ entries, wishlists, customers, send, webUrl, logger }: WishlistAlertDeps): WishlistAlerter {
  return async (c) => {
    let watchers: string[];
    try {
      watchers = await watchersOf(entries, c.itemId);
    } catch (err) {
      logger.error({ err, itemId: c.itemId, change: c.change }, 'wishlist alerts not sent: the wishlist entries index cannot be read');
      return;
    }
    for (const customerId of watchers) {
      const who = await customers.findById(customerId).lean<CustomerRefDoc>();
      if (!who || who.deleted || who.wishlistAlerts === false) continue;
      if (!who.email) {
        logger.warn({ customerId, itemId: c.itemId }, 'no e-mail address for a wish-lister; not alerted');
        continue;
      }
      let key;
      try {
        key = ownerKey(customerId);
      } catch {
        continue;
      }
      const wishlist = await wishlists.findById(key, { Items: 1 }).lean<WishlistDoc>();
      if (!wishlist?.Items?.includes(c.itemId)) continue;
      const dropped = c.oldPriceCents !== undefined && c.newPriceCents < c.oldPriceCents;
      await send(`wishlist-${c.itemId}-v${c.version}-${c.change}-${customerId}`, {
        to: who.email,
        template: 'wishlist-alert',
        data: {
          name: `${who.firstName ?? ''} ${who.lastName ?? ''}`.trim() || 'there',
          item: c.name,
          change: c.change,
          newPrice: formatLkr(c.newPriceCents),
          ...(dropped ? { oldPrice: formatLkr(c.oldPriceCents!) } : {}),
          url: `${webUrl.replace(/\/$/, '')}/Customer/ItemDetails/${c.itemId}`,
        },
      });
    }
  };
}
