/**
 * Package answers with the state of their content (issue 30 item 3): each package view gets
 * `Unavailable` (domain/packageContent.ts) when an item inside it is gone, switched off or sold
 * out, read from the items by `_id` when the answer is made, so the listing, the package page and
 * the seller's own list always say what the checkout will do (ordering refuses such a package by
 * the same rule before capturing anything). The package's own switch is left as the seller set it.
 */
import { byIds } from '@market/platform';
import type { Model } from 'mongoose';
import { unavailableContent, type ContentUnavailable } from '../domain/packageContent';
import type { ItemDoc } from '../store/items';

type WithContent = { content: { _id: string; Item_name: string }[] };

/** `views` with `Unavailable` on each package whose content cannot all be sold (one read of the items involved). */
export async function withContentState<V extends WithContent>(
  items: Model<ItemDoc>,
  views: V[],
): Promise<(V & { Unavailable?: ContentUnavailable })[]> {
  const ids = [...new Set(views.flatMap((v) => v.content.map((c) => c._id)))];
  if (ids.length === 0) return views;
  const found = await byIds(items, ids);
  return views.map((v) => {
    const unavailable = unavailableContent(v.content, found);
    return unavailable ? { ...v, Unavailable: unavailable } : v;
  });
}
