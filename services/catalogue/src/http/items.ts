/**
 * Item routes at their documented paths (spec 000 and 001 section 7):
 * `GET /items/getItems` (search, filters, paging and facet counts from the search index;
 * 503 `{ error }` while the index cannot be read), `GET /items/get/{id}`,
 * `POST /items/addItems` (seller), `PUT /items/update/{id}` (own item; Model and SKU read-only),
 * `PUT /items/updateDiscount/{id}` (own item; FinalPrice computed here),
 * `DELETE /items/delete/{id}` (own item, or admin), and `GET /items/skuAvailable/{sku}` for the
 * live SKU check of the add-item form.
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
  DiscountSchema,
  ItemCreateSchema,
  type ItemUpdate,
  ItemListQuerySchema,
  ItemUpdateSchema,
  PAGE_BEYOND_SEARCH_LIMIT,
  SKU_IN_USE,
  STALE_ITEM,
  UNPAGED_SEARCH_LIMIT,
  discountedCents,
} from '@market/contracts';
import { badRequest, conflict, isDuplicateKey, notFound, objectIdParam, pageRequest, requireCaller, setVersionTag } from '@market/platform';
import { Router, type Request, type Response } from 'express';
import { Types, type Model } from 'mongoose';
import { z } from 'zod';
import { facetsFrom, searchRequest, searchWindow, type FacetAggregations } from '../domain/search';
import { itemCreated, itemData, itemDeleted, itemUpdated } from '../events/itemEvents';
import { itemPut } from '../events/searchProjection';
import { ItemViewCache } from '../store/itemViewCache';
import { ListingCache, type CachedListing } from '../store/listingCache';
import { cents, itemView, type ItemDoc } from '../store/items';
import type { SearchIndex } from '../store/searchIndex';
import { aggregateWrites, answerAllMatches } from './aggregateWrites';
import type { Logger } from 'pino';

const STALE = 'This item was changed meanwhile, please try again';

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

export function itemRoutes(
  items: Model<ItemDoc>,
  nudge: () => void,
  search: SearchIndex,
  logger: Logger,
  viewCache: ItemViewCache = new ItemViewCache(0),
  listingCache: ListingCache = new ListingCache(0),
): Router {
  const r = Router();

  const writes = aggregateWrites({
    model: items,
    nudge,
    search,
    logger,
    indexName: 'search index',
    staleCode: STALE_ITEM,
    meanwhile: STALE,
    // A seller's change shows in the public listing at once, as it did before the micro-cache.
    onIndexed: () => listingCache.clear(),
  });
  const indexNow = writes.indexNow;

  /** The caller's own item, or 404 (also for someone else's). */
  async function ownItem(req: Request, id: Types.ObjectId): Promise<ItemDoc> {
    const caller = requireCaller(req, 'seller');
    const item = await items.findOne({ _id: id, deleted: false }).lean<ItemDoc>();
    if (!item || item.SellerID !== caller.id) throw notFound();
    return item;
  }

  r.get('/items/getItems', async (req, res) => {
    const page = pageRequest(req.query);
    const q = ItemListQuerySchema.parse(req.query);
    const sellerScope = q.mine ? requireCaller(req, 'seller').id : null;
    if (!page.paged) {
      // Documented unpaged shape: every match up to the documented limit, never cut silently.
      return answerAllMatches(res, search, searchRequest(q, sellerScope, false));
    }
    const window = searchWindow(page, UNPAGED_SEARCH_LIMIT);
    if (!window) throw badRequest(PAGE_BEYOND_SEARCH_LIMIT);
    const answer = async (): Promise<CachedListing> => {
      const found = await search.search(searchRequest(q, sellerScope, true), window);
      const facets = facetsFrom(found.aggregations as FacetAggregations);
      return {
        total: found.total,
        body: JSON.stringify({ items: found.views, total: found.total, page: page.page, limit: page.limit, facets }),
      };
    };
    // Shoppers' pages may come from the micro-cache (store/listingCache.ts); sellers and admins
    // always read the index.
    const shopper = !sellerScope && (!req.caller || req.caller.role === 'customer');
    const { total, body } = shopper ? await listingCache.get(JSON.stringify([q, window]), answer) : await answer();
    res.setHeader('X-Total-Count', String(total));
    res.type('application/json').send(body);
  });

  r.get('/items/get/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    // Shoppers may get an answer up to ITEM_CACHE_MS old; sellers and admins always the stored one.
    const shopper = !req.caller || req.caller.role === 'customer';
    const cached = shopper ? viewCache.get(String(id)) : undefined;
    if (cached) {
      setVersionTag(res, cached.version);
      return void res.type('application/json').send(cached.body);
    }
    const item = await items.findOne({ _id: id, deleted: false }).lean<ItemDoc>();
    if (!item) throw notFound();
    const body = JSON.stringify(itemView(item));
    viewCache.set(String(id), body, item.aggregateVersion);
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
    const { Price, ...fields } = ItemCreateSchema.parse(req.body);
    const priceCents = cents(Price);
    const doc = {
      _id: new Types.ObjectId(),
      ...fields,
      priceCents,
      finalPriceCents: priceCents,
      skuKey: fields.Stock_keeping_unit.toUpperCase(),
      SellerID: caller.id,
      DiscountStatus: false,
      DiscountPrecentage: 0,
      ratingSum: 0,
      ratingCount: 0,
      rating: null,
      createdAt: new Date(),
      deleted: false,
      aggregateVersion: 1,
    };
    try {
      await items.create({ ...doc, pendingEvents: [itemCreated(doc as unknown as ItemDoc, 1)] });
    } catch (err) {
      if (isDuplicateKey(err)) throw conflict(SKU_IN_USE, { Stock_keeping_unit: SKU_IN_USE });
      throw err;
    }
    nudge();
    await indexNow(itemPut(itemData(doc as unknown as ItemDoc), 1));
    res.status(201).json(itemView(doc as unknown as ItemDoc));
  });

  /**
   * The compare-and-set of a seller's item write (`update` in ./aggregateWrites.ts): based on the
   * version the request names (or the one just read); answers the new state.
   * @throws HttpError 409/412 STALE_ITEM when the item is not (or no longer) at that version
   */
  async function writeItem(req: Request, res: Response, current: ItemDoc, bodyVersion: number | undefined, set: Partial<ItemDoc>) {
    const next = await writes.update(
      req,
      current,
      bodyVersion,
      () => set,
      itemUpdated,
      (n) => itemPut(itemData(n), n.aggregateVersion),
    );
    setVersionTag(res, next.aggregateVersion);
    res.json(itemView(next));
  }

  r.put('/items/update/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const current = await ownItem(req, id);
    const body = ItemUpdateSchema.parse(req.body);
    const set = itemChanges(body);
    const priceCents = set.priceCents ?? current.priceCents;
    if (set.priceCents !== undefined) {
      set.finalPriceCents = current.DiscountStatus ? discountedCents(priceCents, current.DiscountPrecentage) : priceCents;
    }
    await writeItem(req, res, current, body.version, set);
  });

  r.put('/items/updateDiscount/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const current = await ownItem(req, id);
    const body = DiscountSchema.parse(req.body);
    const set = body.DiscountStatus
      ? {
          DiscountStatus: true,
          DiscountPrecentage: body.DiscountPrecentage!,
          finalPriceCents: discountedCents(current.priceCents, body.DiscountPrecentage!),
        }
      : { DiscountStatus: false, DiscountPrecentage: 0, finalPriceCents: current.priceCents };
    await writeItem(req, res, current, body.version, set);
  });

  r.delete('/items/delete/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const caller = requireCaller(req, 'seller', 'admin');
    const item = await items.findOne({ _id: id, deleted: false }).lean<ItemDoc>();
    if (!item || (caller.role === 'seller' && item.SellerID !== caller.id)) throw notFound();
    // The SKU is free again at once; the document goes when ItemDeleted is out.
    const set = { deleted: true, skuKey: `deleted:${String(id)}` };
    await writes.remove(item, set, (v) => itemDeleted(String(id), v));
    res.json({ message: 'Your Item has been deleted.' });
  });

  return r;
}
