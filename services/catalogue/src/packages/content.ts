/** A package's content: snapshots of the seller's own items, as carts and orders show them. */
import { NOT_OWN_ITEMS, packagePriceAboveItems } from '@market/contracts';
import { badRequest, byIds } from '@market/platform';
import type { PackageContentEntry } from '../store/packages';
import type { PackageDeps } from './deps';

/**
 * Snapshots of the given items (name, brand, model, images, final price in cents).
 * @param ids - item ids as sent, either case of their hex; answered in their canonical lower case
 * @throws HttpError 400 NOT_OWN_ITEMS on `content` when one is missing, deleted or another seller's
 */
export async function contentOf(d: Pick<PackageDeps, 'items'>, sellerId: string, ids: string[]): Promise<PackageContentEntry[]> {
  // Lower-cased: the contracts accept either case of an id's hex, but the snapshot's `_id` is
  // answered (and published) as the item's id, in its canonical lower case; `A…`/`a…` of the same
  // item also counted as two items and failed as "not own items".
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const byId = await byIds(d.items, unique);
  const own = [...byId.values()].filter((i) => i.SellerID === sellerId && !i.deleted);
  if (own.length !== unique.length) throw badRequest(NOT_OWN_ITEMS, { content: NOT_OWN_ITEMS });
  return unique.map((id) => {
    const i = byId.get(id)!;
    return { _id: id, Item_name: i.Item_name, Brand: i.Brand, Model: i.Model, Images: i.Images, finalPriceCents: i.finalPriceCents };
  });
}

/**
 * Refuses a package priced above its items' final prices together (issue 32 item 4; contracts'
 * `packagePriceAboveItems`).
 * @throws HttpError 400 with the message on `price`
 */
export function checkPackagePrice(priceCents: number, content: readonly PackageContentEntry[]): void {
  const above = packagePriceAboveItems(
    priceCents,
    content.map((c) => c.finalPriceCents),
  );
  if (above) throw badRequest(above, { price: above });
}
