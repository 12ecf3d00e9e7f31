/**
 * Change a seller's own item (spec 001 section 7): `PUT /items/update/{id}` (`editItem`: only the
 * fields sent; Model and SKU are read-only in the contracts' schema) and
 * `PUT /items/updateDiscount/{id}` (`setDiscount`: only the discount fields, FinalPrice computed
 * here). Prices are rupees on the wire and cents in the aggregate; FinalPrice =
 * `discountedCents(price, percentage)` while a discount is on (contracts).
 *
 * Each is a compare-and-set on `_id` + the version the request was based on (store/aggregateWrites.ts):
 * a write based on an older state (a sale took stock meanwhile) answers 409 / 412 STALE_ITEM and
 * changes nothing; without a version, 409 "This item was changed meanwhile…" when it lost a race.
 * ItemUpdated is recorded in the same write and the item is written to the search index at once.
 * A write that sets nothing records no event and answers the item as it was.
 */
import { discountedCents, type DiscountSchema, type ItemUpdate } from '@market/contracts';
import type { WriteBase } from '@market/platform';
import type { z } from 'zod';
import { itemData, itemUpdated } from '../events/itemEvents';
import { itemPut } from '../events/searchProjection';
import { cents, type ItemDoc } from '../store/items';
import type { ItemDeps } from './deps';

/** The stored fields an item update may set, from its validated body (only those sent). */
function itemChanges(body: ItemUpdate): Partial<ItemDoc> {
  const { Price, version: _version, ...fields } = body;
  const set: Partial<ItemDoc> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (set as Record<string, unknown>)[k] = v;
  if (Price !== undefined) set.priceCents = cents(Price);
  // The seller decided availability: a later give-back of stock must not flip it (soldOut marks
  // only an unavailability the last sale caused).
  if (fields.ItemAvailabilityStatus !== undefined) set.soldOut = false;
  return set;
}

function write(d: ItemDeps, base: WriteBase, current: ItemDoc, set: Partial<ItemDoc>): Promise<ItemDoc> {
  return d.writes.update(
    base,
    current,
    () => set,
    itemUpdated,
    (n) => itemPut(itemData(n), n.aggregateVersion),
  );
}

/**
 * @param current - the seller's own item (read.ts `ownItem`)
 * @param base - the version the request names (`writeBase` of its body `version` / `If-Match`)
 * @param body - the validated body (contracts' ItemUpdateSchema); a new Price keeps the discount
 * @returns the item as written
 * @throws HttpError 409/412 STALE_ITEM; 409 when a write without a version lost a race
 */
export function editItem(d: ItemDeps, current: ItemDoc, base: WriteBase, body: ItemUpdate): Promise<ItemDoc> {
  const set = itemChanges(body);
  const priceCents = set.priceCents ?? current.priceCents;
  if (set.priceCents !== undefined) {
    set.finalPriceCents = current.DiscountStatus ? discountedCents(priceCents, current.DiscountPrecentage) : priceCents;
  }
  return write(d, base, current, set);
}

/**
 * @param body - the validated body (contracts' DiscountSchema): a percentage when switched on
 * @returns the item as written
 * @throws HttpError 409/412 STALE_ITEM; 409 when a write without a version lost a race
 */
export function setDiscount(d: ItemDeps, current: ItemDoc, base: WriteBase, body: z.infer<typeof DiscountSchema>): Promise<ItemDoc> {
  const set = body.DiscountStatus
    ? {
        DiscountStatus: true,
        DiscountPrecentage: body.DiscountPrecentage!,
        finalPriceCents: discountedCents(current.priceCents, body.DiscountPrecentage!),
      }
    : { DiscountStatus: false, DiscountPrecentage: 0, finalPriceCents: current.priceCents };
  return write(d, base, current, set);
}
