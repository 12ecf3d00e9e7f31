/**
 * The catalogue's search read model, without I/O: what an item looks like in the
 * OpenSearch index, how a brand is normalised for its facet, and the search request for
 * `GET /items/getItems` (the same filters as {@link ./itemQuery}, spec 000 section 5 "Search" and
 * spec 001 section 9 "Search scope").
 *
 * Index document (`_id` = item id, external `_version` = the item's aggregateVersion):
 * - `view`: the item exactly as the API answers it (`ItemAnswerSchema`), stored, not indexed;
 * - `name`, `brand`, `model`, `sku`: text (Unicode-normalised, lower-cased, accents folded; Sinhala
 *   and Tamil words cut by ICU, issue 33 item 4) with a `.prefix` edge
 *   n-gram sub-field for prefix matching ("gal" finds Galaxy);
 * - `brandKey`: the normalised brand (facet and brand filter); `nameKey`: lower-cased name (sort);
 * - `modelKey`: the lower-cased model, whole (an exact model number such as `N-SO-04G` ranks first,
 *   issue 32 item 3);
 * - `suggest`: a completion field for the header's suggestions (issue 32 item 3): the name and its
 *   later words (context `item`), the normalised brand (`brand`), the model (`model`);
 * - `category`, `sellerId` keywords; `finalPriceCents`, `priceCents` longs (integer cents);
 *   `rating` whole stars or absent; `discounted`, `available` booleans; `createdAt` date.
 */
import { PRICE_BANDS, rupees, type ItemEventData } from '@market/contracts';
import type { ItemListQuery } from './itemQuery';

/**
 * The fields an item keeps as the seller wrote them (spec field names, spec 001 section 3
 * "Item"): the stored item (`ItemDoc` in store/items.ts) and the answered view both carry them
 * unchanged. Prices are not among them: stored in cents, answered in rupees.
 */
export interface ItemFields {
  Item_name: string;
  Brand: string;
  Model: string;
  Quantity: number;
  Stock_keeping_unit: string;
  Description: string;
  Specification: string;
  WHT: string;
  Warrenty: number;
  Color_family: string[];
  Other_colors: string;
  Images: string[];
  Category: string;
  SellerID: string;
  ItemAvailabilityStatus: boolean;
  DiscountStatus: boolean;
  DiscountPrecentage: number;
}

/** An item as the API answers it (rupees), also the `view` of its index document. */
export interface SearchItemView extends ItemFields {
  _id: string;
  /** The seller's low-stock alert (issue 30 item 9; 0: off). */
  LowStockThreshold: number;
  Price: number;
  FinalPrice: number;
  rating: number | null;
  reviewCount: number;
  createdAt: string; /** The aggregate version, added when indexed (events/searchProjection.ts). */
  version?: number;
}

/** One input of an item's completion field: texts that suggest it, and what they are. */
export interface SuggestInput {
  input: string[];
  contexts: { kind: [SuggestionKind] };
}

/** What a suggestion names: an item (by its name), a brand, or a model number. */
export type SuggestionKind = 'item' | 'brand' | 'model';

export interface SearchDoc {
  view: SearchItemView;
  name: string;
  brand: string;
  model: string;
  sku: string;
  brandKey: string;
  nameKey: string;
  modelKey: string;
  suggest: SuggestInput[];
  category: string;
  sellerId: string;
  finalPriceCents: number;
  priceCents: number;
  rating: number | null;
  discounted: boolean;
  available: boolean;
  createdAt: string;
}

/** Words a seller adds to a brand that do not make another brand ("Sony mobile", "Apple Inc."). */
const BRAND_NOISE = new Set([
  'mobile',
  'mobiles',
  'electronics',
  'electronic',
  'inc',
  'ltd',
  'limited',
  'co',
  'corp',
  'corporation',
  'company',
  'group',
  'international',
  'technologies',
  'technology',
  'tech',
  'official',
]);

/**
 * One facet value per brand however it is written: lower-cased, accents and punctuation dropped,
 * trailing company words ("mobile", "Inc.", "Ltd") removed, then each word capitalised.
 * `Sony`, `SONY` and `Sony mobile` → `Sony`; `Xiaomi Inc.` → `Xiaomi`; `LG Electronics` → `Lg`.
 * A brand made only of such words keeps them.
 */
export function normalizeBrand(brand: string): string {
  const words = brand
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const kept = [...words];
  while (kept.length > 1 && BRAND_NOISE.has(kept[kept.length - 1]!)) kept.pop();
  return kept.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
}

/**
 * `text` without control characters (C0, DEL, C1), as a completion field takes it: Lucene reserves
 * U+0000, U+001E and U+001F there and refuses the whole request or document that holds one, and
 * nobody types or names an item with the others (issue 32 item 3; found by the fuzz test).
 */
export function completionText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

/** Most later-word starts of a name kept as inputs ("Galaxy S24 Ultra": also "S24 Ultra", "Ultra"). */
const MAX_NAME_SUFFIXES = 4;

/**
 * The completion inputs of an item (issue 32 item 3): its name from the first word and from each of
 * its next few words, so "ultra" and "s24" suggest "Galaxy S24 Ultra" as well as "gal" does; its
 * normalised brand; its model.
 */
export function suggestInputs(name: string, brand: string, model: string): SuggestInput[] {
  const words = completionText(name).trim().split(/\s+/).filter(Boolean);
  const names = words.slice(0, MAX_NAME_SUFFIXES + 1).map((_, i) => words.slice(i).join(' '));
  const out: SuggestInput[] = [];
  if (names.length) out.push({ input: names, contexts: { kind: ['item'] } });
  const brandKey = normalizeBrand(completionText(brand));
  if (brandKey) out.push({ input: [brandKey], contexts: { kind: ['brand'] } });
  const modelText = completionText(model).trim();
  if (modelText) out.push({ input: [modelText], contexts: { kind: ['model'] } });
  return out;
}

/** The index document of an item from the data of its ItemCreated/ItemUpdated event. */
export function searchDocFromEvent(d: ItemEventData): SearchDoc {
  const view: SearchItemView = {
    _id: d.itemId,
    Item_name: d.Item_name,
    Brand: d.Brand,
    Model: d.Model,
    Quantity: d.Quantity,
    LowStockThreshold: d.LowStockThreshold ?? 0,
    Price: rupees(d.priceCents),
    FinalPrice: rupees(d.finalPriceCents),
    Stock_keeping_unit: d.Stock_keeping_unit,
    Description: d.Description ?? '',
    Specification: d.Specification ?? '',
    WHT: d.WHT ?? '',
    Warrenty: d.Warrenty ?? 1,
    Color_family: d.Color_family ?? [],
    Other_colors: d.Other_colors ?? '',
    Images: d.Images,
    Category: d.Category,
    SellerID: d.SellerID,
    ItemAvailabilityStatus: d.ItemAvailabilityStatus,
    DiscountStatus: d.DiscountStatus,
    DiscountPrecentage: d.DiscountPrecentage,
    rating: d.rating ?? null,
    reviewCount: d.ratingCount ?? 0,
    // Events written before createdAt was carried: the epoch, so such items sort oldest.
    createdAt: d.createdAt ?? new Date(0).toISOString(),
  };
  return {
    view,
    name: d.Item_name,
    brand: d.Brand,
    model: d.Model,
    sku: d.Stock_keeping_unit,
    brandKey: normalizeBrand(d.Brand),
    nameKey: d.Item_name.toLowerCase(),
    modelKey: d.Model.trim().toLowerCase(),
    suggest: suggestInputs(d.Item_name, d.Brand, d.Model),
    category: d.Category,
    sellerId: d.SellerID,
    finalPriceCents: d.finalPriceCents,
    priceCents: d.priceCents,
    rating: view.rating,
    discounted: d.DiscountStatus,
    available: d.ItemAvailabilityStatus,
    createdAt: view.createdAt,
  };
}

/** Index settings and mappings (1 shard: a catalogue of 100,000s of items fits one shard well). */
export function indexDefinition(replicas: number) {
  const text = (extra: Record<string, unknown> = {}) => ({
    type: 'text',
    analyzer: 'folded',
    fields: { prefix: { type: 'text', analyzer: 'prefix', search_analyzer: 'folded' } },
    ...extra,
  });
  return {
    settings: {
      number_of_shards: 1,
      number_of_replicas: replicas,
      // New and changed items show in the public listing well within 2 s.
      refresh_interval: '500ms',
      analysis: {
        // `_` joins words for the standard tokenizer ("Matara_Combo-Pack" was one token, so "combo"
        // found nothing: issue 30 item 11); read it as a space, in names and in queries alike.
        // Sinhala and Tamil (issue 33 item 4): Unicode normalisation with case folding (NFKC_CF)
        // before the words are cut, so a name typed with or without the zero-width joiners of
        // Sinhala conjuncts (ශ්‍රී, ශ්රී) and full-width Latin (ＧＡＬＡＸＹ) match as one; ICU's
        // word breaks, which equal `standard`'s for Latin text. OpenSearch's analysis-icu plugin
        // (infra/opensearch registers the same names locally; the images install it).
        char_filter: {
          underscore_space: { type: 'mapping', mappings: ['_ => \\u0020'] },
          unicode_nfkc_cf: { type: 'icu_normalizer', name: 'nfkc_cf' },
        },
        filter: { prefix_grams: { type: 'edge_ngram', min_gram: 1, max_gram: 20 } },
        analyzer: {
          folded: {
            type: 'custom',
            char_filter: ['underscore_space', 'unicode_nfkc_cf'],
            tokenizer: 'icu_tokenizer',
            filter: ['lowercase', 'asciifolding'],
          },
          prefix: {
            type: 'custom',
            char_filter: ['underscore_space', 'unicode_nfkc_cf'],
            tokenizer: 'icu_tokenizer',
            filter: ['lowercase', 'asciifolding', 'prefix_grams'],
          },
        },
      },
    },
    mappings: {
      dynamic: 'strict',
      properties: {
        view: { type: 'object', enabled: false },
        name: text(),
        brand: text(),
        model: text(),
        sku: text(),
        brandKey: { type: 'keyword' },
        nameKey: { type: 'keyword' },
        modelKey: { type: 'keyword' },
        // Added to a live index by `ensure()`; items indexed before get it from `npm run search:rebuild`.
        suggest: {
          type: 'completion',
          analyzer: 'folded',
          contexts: [{ name: 'kind', type: 'category' }],
        },
        category: { type: 'keyword' },
        sellerId: { type: 'keyword' },
        finalPriceCents: { type: 'long' },
        priceCents: { type: 'long' },
        rating: { type: 'integer' },
        discounted: { type: 'boolean' },
        available: { type: 'boolean' },
        createdAt: { type: 'date' },
        /** A deleted item's tombstone (keeps its version; never matches a search). */
        deleted: { type: 'boolean' },
      },
    },
  };
}

type Clause = Record<string, unknown>;

/** Score added to an exact model match: far above what the text of a few words scores. */
const EXACT_MODEL_BOOST = 1000;

/** Most words of `q` used (a query longer than this is cut to its first words). */
const MAX_QUERY_WORDS = 8;

/**
 * The text part: every word of `q` must match one of the fields, exactly, with a typo (fuzziness
 * AUTO: 1 edit from 3 letters, 2 from 6; "galxy" finds Galaxy) or as a prefix ("gal").
 */
export function textQuery(q: string, fields: string[]): Clause {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_QUERY_WORDS);
  const boosted = (suffix = '') => fields.map((f, i) => `${f}${suffix}^${i === 0 ? 3 : 2}`);
  return {
    bool: {
      must: words.map((w) => ({
        bool: {
          should: [
            { multi_match: { query: w, fields: boosted(), operator: 'and', boost: 3 } },
            { multi_match: { query: w, fields: boosted(), operator: 'and', fuzziness: 'AUTO', prefix_length: 1, max_expansions: 50 } },
            { multi_match: { query: w, fields: boosted('.prefix'), operator: 'and', boost: 0.5 } },
          ],
          minimum_should_match: 1,
        },
      })),
    },
  };
}

export interface SearchRequestBody {
  query: Clause;
  post_filter?: Clause;
  aggs?: Record<string, Clause>;
  sort: Clause[];
  track_total_hits: true;
  _source: string[];
}

/**
 * Sort: the asked order, then `_id`-like tie breaker (createdAt, then name key) for stable pages.
 * Without an asked order, relevance when there is search text and newest first without (issue 32
 * item 3: a search answered newest first put the item whose model was typed anywhere on the page).
 */
export function searchSort(sort: ItemListQuery['sort'], hasText: boolean): Clause[] {
  const tie = [{ createdAt: { order: 'desc' } }, { nameKey: { order: 'asc' } }];
  switch (sort) {
    case 'price-asc':
      return [{ finalPriceCents: { order: 'asc' } }, ...tie];
    case 'price-desc':
      return [{ finalPriceCents: { order: 'desc' } }, ...tie];
    case 'rating':
      return [{ rating: { order: 'desc', missing: '_last' } }, ...tie];
    case 'name':
      return [{ nameKey: { order: 'asc' } }, { createdAt: { order: 'desc' } }];
    case 'relevance':
      return hasText ? [{ _score: { order: 'desc' } }, ...tie] : tie;
    case 'newest':
      return tie;
    default:
      return hasText ? [{ _score: { order: 'desc' } }, ...tie] : tie;
  }
}

/** The facet filters (each facet's aggregation leaves out its own). */
interface FacetFilters {
  category?: Clause;
  brand?: Clause;
  priceBand?: Clause;
  rating?: Clause;
}

function priceRange(bandId: string): Clause {
  const band = PRICE_BANDS.find((b) => b.id === bandId)!;
  return { range: { finalPriceCents: Number.isFinite(band.max) ? { gte: band.min * 100, lt: band.max * 100 } : { gte: band.min * 100 } } };
}

/**
 * The OpenSearch search body for a list request: `query` holds the text and the filters that are
 * not facets (seller scope, discounted, availability); the facet filters (category, brand, price
 * band, rating) go to `post_filter`, and each facet's aggregation applies the others, so its
 * counts say what choosing another value would give.
 * @param sellerScope - the calling seller's id for `mine=true` (search then covers the SKU too)
 * @param withFacets - add the facet aggregations (paged requests)
 * @param hiddenSellers - sellers whose items are left out (suspended sellers for shoppers; issue 30
 *   item 10, store/suspendedSellers.ts)
 */
export function searchRequest(
  q: ItemListQuery,
  sellerScope: string | null,
  withFacets: boolean,
  hiddenSellers: readonly string[] = [],
): SearchRequestBody {
  const filter: Clause[] = [];
  const must: Clause[] = [];
  const should: Clause[] = [];
  if (q.q) {
    const fields = q.discounted ? ['name'] : sellerScope ? ['name', 'brand', 'model', 'sku'] : ['name', 'brand', 'model'];
    must.push(textQuery(q.q, fields));
    // The item whose model number is exactly the text comes first (issue 32 item 3: `N-SO-04G`).
    if (!q.discounted) should.push({ term: { modelKey: { value: q.q.trim().toLowerCase(), boost: EXACT_MODEL_BOOST } } });
  }
  if (sellerScope) filter.push({ term: { sellerId: sellerScope } });
  else if (q.sellerId) filter.push({ term: { sellerId: q.sellerId } });
  // Customers' discounted list shows only items both discounted and available (spec 000
  // section 4); a seller's own list shows every discounted item, to switch availability.
  if (q.discounted) {
    filter.push({ term: { discounted: true } });
    if (!sellerScope) filter.push({ term: { available: true } });
  }
  if (q.available !== undefined) filter.push({ term: { available: q.available } });

  const facets: FacetFilters = {};
  if (q.category) facets.category = { term: { category: q.category } };
  if (q.brand) facets.brand = { term: { brandKey: normalizeBrand(q.brand) } };
  if (q.priceBand !== undefined) facets.priceBand = priceRange(q.priceBand);
  if (q.minRating) facets.rating = { range: { rating: { gte: q.minRating } } };
  const facetClauses = (except?: keyof FacetFilters) =>
    (Object.entries(facets) as [keyof FacetFilters, Clause][]).filter(([k]) => k !== except).map(([, c]) => c);

  const body: SearchRequestBody = {
    query: {
      bool: {
        must,
        filter,
        ...(should.length ? { should } : {}),
        ...(hiddenSellers.length ? { must_not: [{ terms: { sellerId: [...hiddenSellers] } }] } : {}),
      },
    },
    sort: searchSort(q.sort, Boolean(q.q)),
    track_total_hits: true,
    _source: ['view'],
  };
  const all = facetClauses();
  if (all.length) body.post_filter = { bool: { filter: all } };
  if (withFacets) {
    const within = (name: keyof FacetFilters, agg: Clause): Clause => ({
      filter: { bool: { filter: facetClauses(name) } },
      aggs: { values: agg },
    });
    body.aggs = {
      category: within('category', { terms: { field: 'category', size: 20 } }),
      brand: within('brand', { terms: { field: 'brandKey', size: 50 } }),
      priceBand: within('priceBand', {
        range: {
          field: 'finalPriceCents',
          keyed: true,
          ranges: PRICE_BANDS.map((b) =>
            Number.isFinite(b.max) ? { key: b.id, from: b.min * 100, to: b.max * 100 } : { key: b.id, from: b.min * 100 },
          ),
        },
      }),
      rating: within('rating', {
        range: { field: 'rating', keyed: true, ranges: [1, 2, 3, 4, 5].map((r) => ({ key: String(r), from: r })) },
      }),
    };
  }
  return body;
}

interface Bucket {
  key: string | number;
  doc_count: number;
}
/** The `aggregations` of a search answer for {@link searchRequest} with facets. */
export interface FacetAggregations {
  category: { values: { buckets: Bucket[] } };
  brand: { values: { buckets: Bucket[] } };
  priceBand: { values: { buckets: Record<string, { doc_count: number }> } };
  rating: { values: { buckets: Record<string, { doc_count: number }> } };
}

/** Facet counts for the answer (`ItemFacetsAnswerSchema`). */
export function facetsFrom(aggs: FacetAggregations) {
  return {
    category: aggs.category.values.buckets.map((b) => ({ value: String(b.key), count: b.doc_count })),
    brand: aggs.brand.values.buckets.map((b) => ({ value: String(b.key), count: b.doc_count })),
    priceBand: PRICE_BANDS.map((b) => ({ value: b.id, label: b.label, count: aggs.priceBand.values.buckets[b.id]?.doc_count ?? 0 })),
    rating: [1, 2, 3, 4, 5].map((r) => ({ value: r, count: aggs.rating.values.buckets[String(r)]?.doc_count ?? 0 })),
  };
}

/**
 * The slice of the ranked matches a page asks for, within the first `limit` matches (the
 * search engine's result window, UNPAGED_SEARCH_LIMIT): `{ from, size }` in rows, or null when the
 * page starts beyond it. A page that straddles the end is cut at it.
 */
export function searchWindow(page: { skip: number; limit: number }, limit: number): { from: number; size: number } | null {
  if (page.skip >= limit) return null;
  return { from: page.skip, size: Math.min(page.limit, limit - page.skip) };
}

/** Most suggestions answered (`GET /items/suggest`, issue 32 item 3). */
export const MAX_SUGGESTIONS = 8;

/** Most brands among the suggestions, so item names keep most of the list. */
const MAX_BRAND_SUGGESTIONS = 2;

/** One suggestion as answered (contracts' `ItemSuggestionSchema`). */
export interface Suggestion {
  text: string;
  kind: SuggestionKind;
  itemId?: string;
}

/**
 * The search body of `GET /items/suggest?q=`: one completion suggester per kind over the
 * `suggest` field (prefix of the name or one of its later words, of the brand, of the model), each
 * asking a few more than it may answer so suspended sellers' items can be left out afterwards.
 * @param q - the text typed, trimmed, 1 to 100 characters, without control characters
 *   ({@link completionText}; the caller answers no suggestions when nothing else is left)
 * @param extra - how many more to ask per kind (the number of hidden sellers, capped)
 */
export function suggestRequest(q: string, extra = 0) {
  const size = MAX_SUGGESTIONS + Math.min(extra, 20);
  // One option per item at most (the suggester answers a document once); brands are shared by
  // many items, so their duplicates are skipped.
  const kind = (k: SuggestionKind) => ({
    prefix: q,
    completion: { field: 'suggest', size, skip_duplicates: k === 'brand', contexts: { kind: [k] } },
  });
  return {
    size: 0,
    _source: ['sellerId', 'name'],
    suggest: { item: kind('item'), brand: kind('brand'), model: kind('model') },
  };
}

/** A completion option of {@link suggestRequest}'s answer. */
export interface SuggestOption {
  text: string;
  _id: string;
  _source?: { sellerId?: string; name?: string };
}

/** The `suggest` part of the answer: each kind's one entry with its options. */
export type SuggestAnswer = Record<SuggestionKind, { options: SuggestOption[] }[]>;

/**
 * The suggestions shown under the header's search box, at most {@link MAX_SUGGESTIONS}: a model
 * number typed in full first, then up to two brands, then item names, then other models; the same
 * text once (two sellers' items of one name show as one: the first found); items of
 * `hiddenSellers` left out.
 * @param q - the text typed (its model match is compared lower-cased)
 */
export function suggestionsFrom(q: string, answer: SuggestAnswer, hiddenSellers: readonly string[] = []): Suggestion[] {
  const hidden = new Set(hiddenSellers);
  const options = (k: SuggestionKind) => (answer[k]?.[0]?.options ?? []).filter((o) => !hidden.has(o._source?.sellerId ?? ''));
  const typed = q.trim().toLowerCase();
  const models = options('model').map((o) => ({ text: o.text, kind: 'model' as const, itemId: o._id }));
  const exact = models.filter((m) => m.text.toLowerCase() === typed);
  const ordered: Suggestion[] = [
    ...exact,
    ...options('brand')
      .slice(0, MAX_BRAND_SUGGESTIONS)
      .map((o) => ({ text: o.text, kind: 'brand' as const })),
    // The option's text is the input that matched (perhaps a later part of the name): show the name.
    ...options('item').map((o) => ({ text: o._source?.name ?? o.text, kind: 'item' as const, itemId: o._id })),
    ...models.filter((m) => !exact.includes(m)),
  ];
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const s of ordered) {
    const key = s.text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s);
    if (out.length === MAX_SUGGESTIONS) break;
  }
  return out;
}
