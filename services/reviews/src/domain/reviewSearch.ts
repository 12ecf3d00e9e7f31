/**
 * The reviews read model on OpenSearch (one index, `<prefix>-reviews`) and how `GET /review/get`
 * queries it (spec 000 section 5 "review search matches item name, brand or model"; spec 001
 * section 8 "a seller sees reviews of own items"; docs/architecture.md, Departures from the
 * documents "server-side filtering, scoping to the caller"). Pure.
 *
 * A document per review, `_id` = the review id: `view` is the stored review as a card starts from
 * ({@link ReviewFacts}; the route joins the author's current name and photo, the item's name and
 * the verified-purchase mark at read time, so a rename shows on old reviews), with the owner
 * fields `itemid`, `customerid`, `itemSeller` (the item's seller, from the item read model when
 * the review was indexed) as keywords, `reported`, the item's name, brand and model for `q`
 * (as they were when the review was last indexed), and `sortAt` (the review's date).
 *
 * Scope: a seller sees only reviews of their own items (any `sellerid` they send is ignored);
 * anyone else sees all reviews, optionally narrowed to one seller's items with `sellerid`.
 * Newest first (date, then id).
 */
import type { ReviewListQuerySchema } from '@market/contracts';
import { LC_KEYWORD, listIndexDefinition, type SearchBody, type Caller } from '@market/platform';
import type { z } from 'zod';
import { reviewRow, type ReviewFacts } from './reviewView';
import { normalId } from './rules';

export type ReviewListQuery = z.output<typeof ReviewListQuerySchema>;

/** The row of a review in the index: the stored fields a card starts from. */
export type ReviewRow = Omit<ReviewFacts, '_id'> & { _id: string };

/** Settings and mappings of the reviews index (made for millions of reviews, 100,000s per owner). */
export function reviewIndexDefinition(replicas: number) {
  return listIndexDefinition(replicas, {
    itemid: { type: 'keyword' },
    customerid: { type: 'keyword' },
    itemSeller: { type: 'keyword' },
    reported: { type: 'boolean' },
    itemName: LC_KEYWORD,
    itemBrand: LC_KEYWORD,
    itemModel: LC_KEYWORD,
  });
}

/**
 * The index document of a live review.
 * @param item - the item's read-model entry (its seller and the text `q` searches), if known
 */
export function reviewSearchDoc(
  r: ReviewFacts,
  item: { Item_name?: string; Brand?: string; Model?: string; SellerID?: string } | undefined,
) {
  const view: ReviewRow = reviewRow(r);
  return {
    view,
    sortAt: r.date,
    key: view._id,
    itemid: r.itemid,
    customerid: r.customerid,
    itemSeller: item?.SellerID ?? '',
    reported: r.reviewstatus,
    itemName: item?.Item_name ?? '',
    itemBrand: item?.Brand ?? '',
    itemModel: item?.Model ?? '',
  };
}

/** `*text*` for a wildcard query, with the wildcard characters of `text` escaped. */
const contains = (text: string) => `*${text.toLowerCase().replace(/[\\*?]/g, (c) => `\\${c}`)}*`;

/** Newest first: the review's date, then its id. */
export const REVIEW_SORT = [{ sortAt: { order: 'desc' } }, { key: { order: 'asc' } }];

/**
 * The search of a review list.
 * @param q - the parsed query (`ReviewListQuerySchema`)
 * @param caller - the signed-in caller, or null for the public
 * @param mineId - the caller's customer id when `mine=true` (the route checks the role first)
 */
export function reviewListSearch(q: ReviewListQuery, caller: Caller | null, mineId?: string): SearchBody {
  const filter: Record<string, unknown>[] = [];
  if (q.itemid) filter.push({ term: { itemid: normalId(q.itemid) } });
  if (q.customerid) filter.push({ term: { customerid: normalId(q.customerid) } });
  if (q.mine && mineId) filter.push({ term: { customerid: mineId } });
  const sellerScope = caller?.role === 'seller' ? caller.id : q.sellerid ? normalId(q.sellerid) : undefined;
  if (sellerScope) filter.push({ term: { itemSeller: sellerScope } });
  if (q.reviewstatus !== undefined) filter.push({ term: { reported: q.reviewstatus } });
  if (q.q) {
    const value = contains(q.q);
    filter.push({
      bool: {
        should: ['itemName', 'itemBrand', 'itemModel'].map((f) => ({ wildcard: { [f]: { value, case_insensitive: true } } })),
        minimum_should_match: 1,
      },
    });
  }
  return { query: { bool: { filter } }, sort: REVIEW_SORT, track_total_hits: true };
}

/** The search for a customer's reviews of an item (the add's look-up of a review with an older id). */
export function pairSearch(customerid: string, itemid: string): SearchBody {
  return { query: { bool: { filter: [{ term: { customerid } }, { term: { itemid } }] } }, sort: REVIEW_SORT };
}
