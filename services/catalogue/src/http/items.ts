/**
 * Item routes at their documented paths (spec 000 and 001 section 7):
 * `GET /items/getItems` (search, filters, paging and facet counts from the search index;
 * 503 `{ error }` while the index cannot be read), `GET /items/suggest?q=` (the header's
 * suggestions, issue 32 item 3), `GET /items/get/{id}`,
 * `POST /items/addItems` (seller), `PUT /items/update/{id}` (own item; Model and SKU read-only),
 * `PUT /items/updateDiscount/{id}` (own item; FinalPrice computed here),
 * `DELETE /items/delete/{id}` (own item, or admin), and `GET /items/skuAvailable/{sku}` for the
 * live SKU check of the add-item form. The writes are the use cases in src/items/ (add.ts, edit.ts,
 * delete.ts); this module parses the request and shapes the answer.
 *
 * Stale writes: every item answer carries its `version` (the aggregate
 * version; `GET /items/get/{id}` also as `ETag`). An update or discount change may name the
 * version it was based on (`version` in the body or `If-Match`); the compare-and-set filters on
 * `_id` plus that version, so a write based on an older state (a sale took stock meanwhile)
 * answers 409 / 412 with STALE_ITEM and changes nothing. `PUT /items/update/{id}` writes only the
 * fields it is sent: a form that did not change Quantity never writes the stock; the discount
 * route writes only the discount fields. Without a version the write applies to the state read
 * just before it (the documents' clients), still only for the fields sent.
 *
 * Read-your-writes: a seller's add, update, discount and delete are also written to the search
 * index at once (same document and external version as the event will carry, with
 * `refresh=wait_for`), so the seller's own list and the public listing show the change in the
 * answer's wake; the projection's later write of the same version is a no-op. Kept on the write
 * path only as a best effort: with OpenSearch down the write still succeeds and the projection
 * brings the index up to date from Kafka when it is back. (Reading the seller's list from the
 * catalogue's own store instead would mean a full collection scan per request on FerretDB.)
 */
import {
  BAD_IF_MATCH,
  DiscountSchema,
  ItemBulkUpdateSchema,
  ItemCreateSchema,
  ItemListQuerySchema,
  ItemSuggestQuerySchema,
  ItemUpdateSchema,
  PAGE_BEYOND_SEARCH_LIMIT,
  SKU_IN_USE,
  UNPAGED_SEARCH_LIMIT,
} from '@market/contracts';
import { badRequest, notFound, objectIdParam, pageRequest, requireCaller, setVersionTag, writeBase } from '@market/platform';
import { Router, type Response } from 'express';
import { z } from 'zod';
import { facetsFrom, searchRequest, searchWindow, type FacetAggregations } from '../domain/search';
import { addItem } from '../items/add';
import { deleteItem } from '../items/delete';
import type { ItemDeps } from '../items/deps';
import { bulkUpdate } from '../items/bulk';
import { editItem, setDiscount } from '../items/edit';
import { ownItem } from '../items/read';
import { ItemViewCache } from '../store/itemViewCache';
import { ListingCache, type CachedListing } from '../store/listingCache';
import { itemView, type ItemDoc } from '../store/items';
import type { SearchIndex } from '../store/searchIndex';
import { answerAllMatches } from './answers';

/** Answers an item as written, with its version as `ETag`. */
function answerItem(res: Response, item: ItemDoc): void {
  setVersionTag(res, item.aggregateVersion);
  res.json(itemView(item));
}

/**
 * @param d - the item use cases' dependencies (items/deps.ts); its `onIndexed` must drop `listingCache`
 * @param hiddenSellers - the suspended sellers (store/suspendedSellers.ts), whose items shoppers'
 *   listings leave out and whose item pages answer shoppers 404 (issue 30 item 10); sellers and
 *   admins see them
 */
export function itemRoutes(
  d: ItemDeps,
  search: SearchIndex,
  viewCache: ItemViewCache = new ItemViewCache(0),
  listingCache: ListingCache = new ListingCache(0),
  hiddenSellers: () => Promise<string[]> = async () => [],
): Router {
  const r = Router();
  const items = d.items;

  r.get('/items/getItems', async (req, res) => {
    const page = pageRequest(req.query);
    const q = ItemListQuerySchema.parse(req.query);
    const sellerScope = q.mine ? requireCaller(req, 'seller').id : null;
    // Shoppers' pages may come from the micro-cache (store/listingCache.ts); sellers and admins
    // always read the index. Shoppers never see a suspended seller's items.
    const shopper = !sellerScope && (!req.caller || req.caller.role === 'customer');
    const hidden = shopper ? await hiddenSellers() : [];
    if (!page.paged) {
      // Documented unpaged shape: every match up to the documented limit, never cut silently.
      return answerAllMatches(res, search, searchRequest(q, sellerScope, false, hidden));
    }
    const window = searchWindow(page, UNPAGED_SEARCH_LIMIT);
    if (!window) throw badRequest(PAGE_BEYOND_SEARCH_LIMIT);
    const answer = async (): Promise<CachedListing> => {
      const found = await search.search(searchRequest(q, sellerScope, true, hidden), window);
      const facets = facetsFrom(found.aggregations as FacetAggregations);
      return {
        total: found.total,
        body: JSON.stringify({ items: found.views, total: found.total, page: page.page, limit: page.limit, facets }),
      };
    };
    const { total, body } = shopper ? await listingCache.get(JSON.stringify([q, window]), answer) : await answer();
    res.setHeader('X-Total-Count', String(total));
    res.type('application/json').send(body);
  });

  // The header's suggestions (issue 32 item 3), public; suspended sellers' items are never suggested.
  r.get('/items/suggest', async (req, res) => {
    const { q } = ItemSuggestQuerySchema.parse(req.query);
    res.json(await search.suggest(q, await hiddenSellers()));
  });

  r.get('/items/get/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    // Shoppers may get an answer up to ITEM_CACHE_MS old; sellers and admins always the stored one.
    const shopper = !req.caller || req.caller.role === 'customer';
    // A suspended seller's item is not found by shoppers, by link either (issue 30 item 10).
    const hidden = shopper ? await hiddenSellers() : [];
    const cached = shopper ? viewCache.get(String(id)) : undefined;
    if (cached) {
      if (hidden.includes(cached.sellerId)) throw notFound();
      setVersionTag(res, cached.version);
      return void res.type('application/json').send(cached.body);
    }
    const item = await items.findOne({ _id: id, deleted: false }).lean<ItemDoc>();
    if (!item || hidden.includes(item.SellerID)) throw notFound();
    const body = JSON.stringify(itemView(item));
    viewCache.set(String(id), body, item.aggregateVersion, item.SellerID);
    setVersionTag(res, item.aggregateVersion);
    res.type('application/json').send(body);
  });

  r.get('/items/skuAvailable/:sku', async (req, res) => {
    requireCaller(req, 'seller');
    const sku = z.string().trim().min(1).max(100).parse(req.params.sku);
    const taken = await items.exists({ skuKey: sku.toUpperCase() });
    res.json({ available: !taken, message: taken ? SKU_IN_USE : null });
  });

  r.post('/items/addItems', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const item = await addItem(d, caller.id, ItemCreateSchema.parse(req.body));
    res.status(201).json(itemView(item));
  });

  r.put('/items/update/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const current = await ownItem(d, requireCaller(req, 'seller').id, id);
    const body = ItemUpdateSchema.parse(req.body);
    answerItem(res, await editItem(d, current, writeBase(req, body.version, BAD_IF_MATCH), body));
  });

  r.put('/items/updateDiscount/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const current = await ownItem(d, requireCaller(req, 'seller').id, id);
    const body = DiscountSchema.parse(req.body);
    answerItem(res, await setDiscount(d, current, writeBase(req, body.version, BAD_IF_MATCH), body));
  });

  // Bulk edits of the seller's own items (issue 30 item 9; items/bulk.ts): one outcome per item.
  r.post('/items/bulkUpdate', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    res.json({ results: await bulkUpdate(d, caller.id, ItemBulkUpdateSchema.parse(req.body)) });
  });

  r.delete('/items/delete/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const caller = requireCaller(req, 'seller', 'admin');
    await deleteItem(d, caller, id);
    res.json({ message: 'Your Item has been deleted.' });
  });

  return r;
}
