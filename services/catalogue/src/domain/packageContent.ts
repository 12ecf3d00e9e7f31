/**
 * Whether a package's content can still be sold, without I/O (issue 30 item 3: a package stayed on
 * sale after an item inside it was deleted; the customer was charged, then refunded). A package is
 * unavailable whenever any item in it is gone (deleted, or never found), switched off by its seller,
 * or sold out, whatever the package's own `packageAvailability` switch; ordering refuses such a
 * package before capturing anything by the same rule (services/ordering/src/domain/pricing.ts
 * `packageBuyable`). The words are what customers and the seller read beside the package.
 */

/** Why one item of a package stops it being sold. */
export type ContentProblem = 'gone' | 'unavailable' | 'out-of-stock';

/** The item fields the rule reads (store/items.ts `ItemDoc`). */
export interface ContentItem {
  Item_name: string;
  ItemAvailabilityStatus: boolean;
  soldOut?: boolean;
  deleted?: boolean;
}

/** A package's unavailable content as answered (contracts' PackageAnswerSchema `Unavailable`). */
export interface ContentUnavailable {
  reason: string;
  items: { _id: string; Item_name: string; why: ContentProblem }[];
}

const WORDS: Record<ContentProblem, string> = {
  gone: 'is no longer sold',
  unavailable: 'is not available right now',
  'out-of-stock': 'is out of stock',
};

/** Why `item` stops a package being sold, or null when it does not. */
export function contentProblem(item: ContentItem | undefined): ContentProblem | null {
  if (!item || item.deleted) return 'gone';
  if (item.soldOut) return 'out-of-stock';
  return item.ItemAvailabilityStatus ? null : 'unavailable';
}

/**
 * The package's unavailable content, or null when every item can be sold.
 * @param content - the package's content snapshot (`_id`, the name it had when packaged)
 * @param items - the items as they are now, by id (missing = gone)
 */
export function unavailableContent(
  content: readonly { _id: string; Item_name: string }[],
  items: ReadonlyMap<string, ContentItem>,
): ContentUnavailable | null {
  const found: ContentUnavailable['items'] = [];
  for (const c of content) {
    const item = items.get(c._id);
    const why = contentProblem(item);
    if (why) found.push({ _id: c._id, Item_name: item?.Item_name ?? c.Item_name, why });
  }
  if (found.length === 0) return null;
  const [first, ...rest] = found;
  const more = rest.length ? ` (and ${rest.length} more ${rest.length === 1 ? 'item' : 'items'})` : '';
  return { reason: `${first!.Item_name} ${WORDS[first!.why]}${more}`, items: found };
}
