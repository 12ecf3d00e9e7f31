/**
 * Review routes at their documented paths (spec 000 and 001 section 7 "Reviews"; issue 6):
 * `GET /review/get` (filters and paging on the server; a seller sees reviews of own items only),
 * `POST /review/add` (customer; date set here; a second review of the same item edits the first),
 * `PUT /review/updateReview/{id}` (own review), `DELETE /review/delete/{id}` (own, or admin),
 * `PUT /review/updateRev/{reviewId}` (a seller reports a review of their own item).
 * Someone else's review answers 404.
 */
import { ReviewCreateSchema, ReviewListQuerySchema, ReviewReportSchema, ReviewUpdateSchema } from '@market/contracts';
import {
  conflict,
  escapeRegex,
  listBody,
  notFound,
  objectIdParam,
  pageRequest,
  requireCaller,
  updateAggregate,
  type OutboxHint,
} from '@market/platform';
import { Router } from 'express';
import { Types, type Model } from 'mongoose';
import { reviewView } from '../domain/reviewView';
import { reviewCreated, reviewDeleted, reviewReported, reviewUpdated } from '../events/reviewEvents';
import type { ReadModels } from '../store/readModels';
import { reviewKey, type ReviewDoc, type ReviewKeyDoc } from '../store/reviews';

const STALE = 'This review was changed meanwhile, please try again';

export interface ReviewDeps {
  reviews: Model<ReviewDoc>;
  keys: Model<ReviewKeyDoc>;
  rm: ReadModels;
  nudge: (hint?: OutboxHint) => void;
}

export function reviewRoutes({ reviews, keys, rm, nudge }: ReviewDeps): Router {
  const r = Router();

  async function views(rows: ReviewDoc[]) {
    const customerIds = [...new Set(rows.map((x) => x.customerid))];
    const itemIds = [...new Set(rows.map((x) => x.itemid))];
    const [customers, items, purchases] = await Promise.all([
      rm.customers.find({ _id: { $in: customerIds } }).lean(),
      rm.items.find({ _id: { $in: itemIds } }).lean(),
      rm.purchases.find({ _id: { $in: rows.map((x) => reviewKey(x.customerid, x.itemid)) } }).lean(),
    ]);
    const c = new Map(customers.map((x) => [x._id, x]));
    const i = new Map(items.map((x) => [x._id, x]));
    const bought = new Set(purchases.map((p) => p._id));
    return rows.map((x) => reviewView(x, c.get(x.customerid), i.get(x.itemid), bought.has(reviewKey(x.customerid, x.itemid))));
  }

  async function view(doc: ReviewDoc) {
    return (await views([doc]))[0]!;
  }

  /** A live review by id, or 404. */
  async function live(param: unknown): Promise<ReviewDoc> {
    const doc = await reviews.findById(objectIdParam(param)).lean<ReviewDoc>();
    if (!doc || doc.deleted) throw notFound();
    return doc;
  }

  async function change(doc: ReviewDoc, set: Partial<ReviewDoc>, event: typeof reviewUpdated): Promise<ReviewDoc> {
    const next = { ...doc, ...set } as ReviewDoc;
    if (!(await updateAggregate(reviews, doc._id, doc.aggregateVersion, { $set: set }, (v) => [event(next, v)]))) throw conflict(STALE);
    nudge({ model: reviews, id: doc._id });
    return next;
  }

  r.get('/review/get', async (req, res) => {
    const caller = req.caller ?? null;
    const page = pageRequest(req.query);
    const q = ReviewListQuerySchema.parse(req.query);
    const filter: Record<string, unknown> = { deleted: false };
    if (q.itemid) filter.itemid = q.itemid;
    if (q.customerid) filter.customerid = q.customerid;
    if (q.reviewstatus !== undefined) filter.reviewstatus = q.reviewstatus;
    if (q.mine) filter.customerid = requireCaller(req, 'customer').id;
    // A seller sees reviews of their own items only; `sellerid` scopes anyone else's list.
    const sellerScope = caller?.role === 'seller' ? caller.id : q.sellerid;
    if (sellerScope || q.q) {
      const itemFilter: Record<string, unknown> = {};
      if (sellerScope) itemFilter.SellerID = sellerScope;
      if (q.q) {
        const pattern = new RegExp(escapeRegex(q.q), 'i');
        itemFilter.$or = [{ Item_name: pattern }, { Brand: pattern }, { Model: pattern }];
      }
      const itemIds = (await rm.items.find(itemFilter, { _id: 1 }).lean()).map((i) => i._id);
      filter.itemid = q.itemid ? (itemIds.includes(q.itemid) ? q.itemid : '__none__') : { $in: itemIds };
    }
    const [rows, total] = await Promise.all([
      reviews.find(filter).sort({ date: -1, _id: 1 }).skip(page.skip).limit(page.limit).lean<ReviewDoc[]>(),
      reviews.countDocuments(filter),
    ]);
    res.json(listBody(page, await views(rows), total));
  });

  r.post('/review/add', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const body = ReviewCreateSchema.parse(req.body);
    const item = await rm.items.findById(body.itemid).lean();
    if (!item || item.deleted) throw notFound('Item not found');
    const key = reviewKey(caller.id, body.itemid);
    const fresh = new Types.ObjectId();
    // The key's unique _id decides which review a customer's item has, even for concurrent adds.
    await keys.updateOne({ _id: key }, { $setOnInsert: { reviewId: String(fresh) } }, { upsert: true }).catch((err: { code?: number }) => {
      if (err.code !== 11000) throw err;
    });
    const owner = await keys.findById(key).lean<ReviewKeyDoc>();
    const date = new Date().toISOString();
    const existing = owner ? await reviews.findById(owner.reviewId).lean<ReviewDoc>() : null;
    if (existing && !existing.deleted) {
      const next = await change(existing, { description: body.description, noofstars: body.noofstars, date }, reviewUpdated);
      return void res.status(200).json(await view(next));
    }
    const doc = {
      _id: new Types.ObjectId(owner?.reviewId ?? String(fresh)),
      itemid: body.itemid,
      customerid: caller.id,
      description: body.description,
      date,
      noofstars: body.noofstars,
      reviewstatus: false,
      reportreason: '',
      sellerid: '',
      deleted: false,
    } as ReviewDoc;
    try {
      await reviews.create({ ...doc, aggregateVersion: 1, pendingEvents: [reviewCreated(doc, 1)] });
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
      throw conflict('Your review of this item is being saved, please try again');
    }
    nudge({ model: reviews, id: doc._id });
    res.status(201).json(await view({ ...doc, aggregateVersion: 1, pendingEvents: [] }));
  });

  r.put('/review/updateReview/:id', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const doc = await live(req.params.id);
    if (doc.customerid !== caller.id) throw notFound();
    const body = ReviewUpdateSchema.parse(req.body);
    const next = await change(
      doc,
      { description: body.description, ...(body.noofstars ? { noofstars: body.noofstars } : {}) },
      reviewUpdated,
    );
    res.json(await view(next));
  });

  r.delete('/review/delete/:id', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'admin');
    const doc = await live(req.params.id);
    if (caller.role === 'customer' && doc.customerid !== caller.id) throw notFound();
    await change(doc, { deleted: true }, reviewDeleted);
    await keys.deleteOne({ _id: reviewKey(doc.customerid, doc.itemid) });
    res.json({ message: 'Deleted!' });
  });

  r.put('/review/updateRev/:reviewId', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const doc = await live(req.params.reviewId);
    const item = await rm.items.findById(doc.itemid).lean();
    if (!item || item.SellerID !== caller.id) throw notFound();
    const body = ReviewReportSchema.parse(req.body);
    const next = await change(doc, { reviewstatus: true, reportreason: body.reportreason, sellerid: caller.id }, reviewReported);
    res.json(await view(next));
  });

  return r;
}
