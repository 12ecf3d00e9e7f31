/**
 * Item routes at their documented paths (spec 000 and 001 section 7; issue 4):
 * `GET /items/getItems` (server-side search, filters and paging), `GET /items/get/{id}`,
 * `POST /items/addItems` (seller), `PUT /items/update/{id}` (own item; Model and SKU read-only),
 * `PUT /items/updateDiscount/{id}` (own item; FinalPrice computed here),
 * `DELETE /items/delete/{id}` (own item, or admin), and `GET /items/skuAvailable/{sku}` for the
 * live SKU check of the add-item form.
 */
import { DiscountSchema, ItemCreateSchema, ItemListQuerySchema, ItemUpdateSchema, SKU_IN_USE, discountedCents } from '@market/contracts';
import { conflict, listBody, notFound, objectIdParam, pageRequest, requireCaller, updateAggregate } from '@market/platform';
import { Router, type Request } from 'express';
import { Types, type Model } from 'mongoose';
import { z } from 'zod';
import { itemFilter, itemSort } from '../domain/itemQuery';
import { itemCreated, itemDeleted, itemUpdated } from '../events/itemEvents';
import { cents, itemView, type ItemDoc } from '../store/items';

const STALE = 'This item was changed meanwhile, please try again';

function isDuplicateKey(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === 11000;
}

export function itemRoutes(items: Model<ItemDoc>, nudge: () => void): Router {
  const r = Router();

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
    const filter = itemFilter(q, sellerScope);
    const [rows, total] = await Promise.all([
      items.find(filter).sort(itemSort(q.sort)).skip(page.skip).limit(page.limit).lean<ItemDoc[]>(),
      items.countDocuments(filter),
    ]);
    res.json(listBody(page, rows.map(itemView), total));
  });

  r.get('/items/get/:id', async (req, res) => {
    const item = await items.findOne({ _id: objectIdParam(req.params.id), deleted: false }).lean<ItemDoc>();
    if (!item) throw notFound();
    res.json(itemView(item));
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
    res.status(201).json(itemView(doc as unknown as ItemDoc));
  });

  r.put('/items/update/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const current = await ownItem(req, id);
    const body = ItemUpdateSchema.parse(req.body);
    const priceCents = cents(body.Price);
    const { Price: _price, ...fields } = body;
    const set = {
      ...fields,
      priceCents,
      finalPriceCents: current.DiscountStatus ? discountedCents(priceCents, current.DiscountPrecentage) : priceCents,
    };
    const next = { ...current, ...set } as ItemDoc;
    if (!(await updateAggregate(items, id, current.aggregateVersion, { $set: set }, (v) => [itemUpdated(next, v)]))) throw conflict(STALE);
    nudge();
    res.json(itemView(next));
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
    const next = { ...current, ...set } as ItemDoc;
    if (!(await updateAggregate(items, id, current.aggregateVersion, { $set: set }, (v) => [itemUpdated(next, v)]))) throw conflict(STALE);
    nudge();
    res.json(itemView(next));
  });

  r.delete('/items/delete/:id', async (req, res) => {
    const id = objectIdParam(req.params.id);
    const caller = requireCaller(req, 'seller', 'admin');
    const item = await items.findOne({ _id: id, deleted: false }).lean<ItemDoc>();
    if (!item || (caller.role === 'seller' && item.SellerID !== caller.id)) throw notFound();
    // The SKU is free again at once; the document goes when ItemDeleted is out.
    const set = { deleted: true, skuKey: `deleted:${String(id)}` };
    if (!(await updateAggregate(items, id, item.aggregateVersion, { $set: set }, (v) => [itemDeleted(String(id), v)])))
      throw conflict(STALE);
    nudge();
    res.json({ message: 'Your Item has been deleted.' });
  });

  return r;
}
