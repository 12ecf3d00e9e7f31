/**
 * Reads shared by the checkout flows: a customer's own checkout, and the catalogue read models
 * of a checkout's lines. Both read by `_id` only (the local FerretDB's indexed read, README "Local
 * infrastructure").
 */
import { byIds, notFound } from '@market/platform';
import type { CheckoutDoc } from '../store/checkouts';
import type { CheckoutDeps } from './deps';

/**
 * The checkout `id` of customer `customerId`. Throws 404 (`notFound`) when the id is not an order
 * number (1 to 32 capital letters and digits), no such checkout exists, or another customer owns
 * it (the same answer, so a checkout's existence does not leak).
 */
export async function ownCheckout(d: Pick<CheckoutDeps, 'checkouts'>, customerId: string, id: unknown): Promise<CheckoutDoc> {
  if (typeof id !== 'string' || !/^[A-Z0-9]{1,32}$/.test(id)) throw notFound();
  // By `_id`, then the owner checked in code (README "Local infrastructure").
  const c = await d.checkouts.findById(id).lean<CheckoutDoc>();
  if (!c || c.customerId !== customerId) throw notFound();
  return c;
}

/**
 * The read-model items and packages of these ids (missing ids are absent from the maps).
 *
 * The items and packages of a seller an admin has suspended (issue 30 item 10; `suspended` on
 * ordering's seller read model, from SellerSuspended / SellerReinstated) come back switched off
 * (`ItemAvailabilityStatus` / `packageAvailability` false), so pricing refuses them at the start of
 * a checkout ('This item is no longer available') and paying refuses them if the seller was
 * suspended in between, before anything is captured. The sellers are read by `_id`.
 */
export async function readLines(d: Pick<CheckoutDeps, 'rm'>, itemIds: string[], packageIds: string[]) {
  const packages = await byIds(d.rm.packages, packageIds);
  // The items inside the packages too: a package is sold only while each of them is (pricing.ts `packageBuyable`).
  const inside = [...packages.values()].flatMap((p) => p.content.map((c) => c.itemId));
  const items = await byIds(d.rm.items, [...new Set([...itemIds, ...inside])]);
  const sellerIds = new Set([...[...items.values()].map((i) => i.SellerID), ...[...packages.values()].map((p) => p.seller)]);
  const sellers = await byIds(d.rm.sellers, [...sellerIds].filter(Boolean));
  const suspended = (sellerId: string) => sellers.get(sellerId)?.suspended === true;
  for (const [id, item] of items) if (suspended(item.SellerID)) items.set(id, { ...item, ItemAvailabilityStatus: false });
  for (const [id, pkg] of packages) if (suspended(pkg.seller)) packages.set(id, { ...pkg, packageAvailability: false });
  return { items, packages };
}
