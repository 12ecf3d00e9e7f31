/**
 * Review routes at their documented paths (spec 000 section 7 "Reviews", spec 001 section 7;
 * contracts `reviews-api.ts`). Someone else's review answers 404 (docs/architecture.md, Authorization).
 *
 * - `GET /review/get` (public, customer, seller, admin): filters `itemid`, `customerid`,
 *   `sellerid`, `reviewstatus`, `q` (item name, brand or model), `mine=true`; a seller sees
 *   reviews of own items only. Read from the reviews read model (`domain/reviewSearch.ts`; 503
 *   while OpenSearch does not answer). A bare array, or `{ items, total, page, limit }` with
 *   `page`/`limit`. Newest first.
 * - `POST /review/add` (customer): the item must be in the item read model (404 'Item not
 *   found'); the date is set here and the customer is the caller; a second review of the same
 *   item edits the first (201 for a new review, 200 for the edited one): the review's `_id` is
 *   derived from the customer and the item (`store/reviews.ts`), so concurrent adds write one
 *   document.
 * - `PUT /review/updateReview/{id}` (the author): description and stars → ReviewUpdated.
 * - `DELETE /review/delete/{id}` (the author, or an admin) → ReviewDeleted, `{ message: 'Deleted!' }`.
 * - `PUT /review/updateRev/{reviewId}` (a seller, for a review of their own item): reviewstatus
 *   true, reportreason, sellerid = the caller → ReviewReported.
 *
 * Every write also indexes the review before answering (read-your-writes: the customer's own
 * list shows the new review and its stars, a seller's or admin's list their report or deletion).
 *
 * Answers are `ReviewView`s: the review joined at read time with the customer's current name and
 * photo, the item's name, brand and model, and the verified-purchase mark.
 */
import { ReviewCreateSchema, ReviewListQuerySchema, ReviewReportSchema, ReviewUpdateSchema, type ReviewView } from '@market/contracts';
import {
  byIds,
  type Caller,
  conflict,
  isDuplicateKey,
  notFound,
  objectIdParam,
  pageRequest,
  requireCaller,
  searchPage,
  sendList,
  updateAggregate,
} from '@market/platform';
import { Router } from 'express';
import type { Model } from 'mongoose';
import type { z } from 'zod';
import { pairSearch, reviewListSearch } from '../domain/reviewSearch';
import { reviewView, type ReviewFacts } from '../domain/reviewView';
import { mayDeleteReview, mayReport, normalId, ownsReview } from '../domain/rules';
import type { ReviewSearch } from '../events/reviewProjection';
import { reviewCreated, reviewReported, reviewUpdated } from '../events/reviewEvents';
import type { ReadModels } from '../store/readModels';
import { changeReview, deleteReview, findReview, type Nudge } from '../store/reviewWrites';
import { purchaseKey, reviewIdOf, type ReviewDoc } from '../store/reviews';

const BUSY = 'This review was changed meanwhile, please try again';
/** Rounds of an add before giving up with 409 (each round lost a race to another write of the review). */
const MAX_ROUNDS = 10;

/** What the review routes use. */
export interface ReviewDeps {
  reviews: Model<ReviewDoc>;
  rm: ReadModels;
  nudge: Nudge;
  /** The reviews read model (`events/reviewProjection.ts`). */
  search: ReviewSearch;
}

/** The review routes (see the module comment). */
export function reviewRoutes({ reviews, rm, nudge, search }: ReviewDeps): Router {
  const r = Router();

  async function views(rows: ReviewFacts[]): Promise<ReviewView[]> {
    if (rows.length === 0) return [];
    const [c, i, bought] = await Promise.all([
      byIds(
        rm.customers,
        rows.map((x) => x.customerid),
      ),
      byIds(
        rm.items,
        rows.map((x) => x.itemid),
      ),
      byIds(
        rm.purchases,
        rows.map((x) => purchaseKey(x.customerid, x.itemid)),
      ),
    ]);
    return rows.map((x) => reviewView(x, c.get(x.customerid), i.get(x.itemid), bought.has(purchaseKey(x.customerid, x.itemid))));
  }

  const view = async (doc: ReviewFacts): Promise<ReviewView> => (await views([doc]))[0]!;

  /** A live review by a path id; 404 for a malformed id, an absent or a deleted review. */
  async function live(param: unknown): Promise<ReviewDoc> {
    const doc = await findReview(reviews, objectIdParam(param));
    if (!doc || doc.deleted) throw notFound();
    return doc;
  }

  /** The result of a change: the review, or 404 (gone meanwhile) / 409 (kept changing). */
  function changed(result: ReviewDoc | 'gone' | 'busy'): ReviewDoc {
    if (result === 'gone') throw notFound();
    if (result === 'busy') throw conflict(BUSY);
    return result;
  }

  /**
   * The caller's live review of the item written before reviews had natural ids (another `_id`),
   * looked up once through the read model; null when there is none.
   */
  async function olderReview(customerid: string, itemid: string, naturalId: string): Promise<ReviewDoc | null> {
    const found = await search.index.search(pairSearch(customerid, itemid), { size: 5 });
    for (const row of found.views) {
      if (row._id === naturalId) continue;
      const doc = await findReview(reviews, row._id);
      if (doc && !doc.deleted) return doc;
    }
    return null;
  }

  /**
   * Creates the caller's review of the item or edits the one they have. The review's `_id` is
   * the pair's natural key: of two adds at once one inserts (or revives the deleted review at its
   * next version), the other loses on the duplicate key or the version and edits.
   * @throws {HttpError} 409 when concurrent writes kept it from settling
   */
  async function addOrEdit(caller: Caller, body: z.output<typeof ReviewCreateSchema>): Promise<{ created: boolean; doc: ReviewDoc }> {
    const itemid = normalId(body.itemid);
    const _id = reviewIdOf(caller.id, itemid);
    const edit = (current: ReviewDoc) =>
      changeReview(
        reviews,
        nudge,
        current,
        () => ({ description: body.description, noofstars: body.noofstars, date: new Date().toISOString() }),
        reviewUpdated,
      );
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const current = await findReview(reviews, _id);
      if (current && !current.deleted) {
        const next = await edit(current);
        if (next === 'busy') break;
        if (next !== 'gone') return { created: false, doc: next };
        continue;
      }
      const fresh = {
        _id,
        itemid,
        customerid: caller.id,
        description: body.description,
        date: new Date().toISOString(),
        noofstars: body.noofstars,
        reviewstatus: false,
        reportreason: '',
        sellerid: '',
        deleted: false,
        tombstone: false,
      };
      if (current) {
        // Deleted before: revived at its next version, so every read model's tombstone of it is
        // overtaken (a new review for the ratings and lists).
        const v = current.aggregateVersion;
        const { _id: _, ...set } = fresh;
        if (await updateAggregate(reviews, _id, v, { $set: set }, (nv) => [reviewCreated(fresh, nv)])) {
          nudge({ model: reviews, id: _id });
          return { created: true, doc: { ...fresh, aggregateVersion: v + 1, pendingEvents: [] } };
        }
        continue;
      }
      if (round === 0) {
        const older = await olderReview(caller.id, itemid, String(_id));
        if (older) {
          const next = await edit(older);
          if (typeof next !== 'string') return { created: false, doc: next };
        }
      }
      try {
        await reviews.create({ ...fresh, aggregateVersion: 1, pendingEvents: [reviewCreated(fresh, 1)] });
      } catch (err) {
        // Another add of this customer created it first: the next round edits it.
        if (!isDuplicateKey(err)) throw err;
        continue;
      }
      nudge({ model: reviews, id: _id });
      return { created: true, doc: { ...fresh, aggregateVersion: 1, pendingEvents: [] } };
    }
    throw conflict('Your review of this item is being saved, please try again');
  }

  r.get('/review/get', async (req, res) => {
    const page = pageRequest(req.query);
    const q = ReviewListQuerySchema.parse(req.query);
    const mineId = q.mine ? requireCaller(req, 'customer').id : undefined;
    const found = await searchPage(search.index, reviewListSearch(q, req.caller ?? null, mineId), page);
    sendList(res, page, await views(found.views), found.total);
  });

  r.post('/review/add', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const body = ReviewCreateSchema.parse(req.body);
    const item = await rm.items.findById(normalId(body.itemid)).lean();
    if (!item || item.deleted) throw notFound('Item not found');
    const { created, doc } = await addOrEdit(caller, body);
    await search.indexNow(doc);
    res.status(created ? 201 : 200).json(await view(doc));
  });

  r.put('/review/updateReview/:id', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const doc = await live(req.params.id);
    if (!ownsReview(doc, caller)) throw notFound();
    const body = ReviewUpdateSchema.parse(req.body);
    const next = await changeReview(
      reviews,
      nudge,
      doc,
      () => ({ description: body.description, ...(body.noofstars !== undefined ? { noofstars: body.noofstars } : {}) }),
      reviewUpdated,
    );
    const updated = changed(next);
    await search.indexNow(updated);
    res.json(await view(updated));
  });

  r.delete('/review/delete/:id', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'admin');
    const doc = await live(req.params.id);
    if (!mayDeleteReview(doc, caller)) throw notFound();
    await search.indexNow(changed(await deleteReview(reviews, nudge, doc)));
    res.json({ message: 'Deleted!' });
  });

  r.put('/review/updateRev/:reviewId', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    const doc = await live(req.params.reviewId);
    const item = await rm.items.findById(doc.itemid).lean();
    if (!mayReport(item, caller)) throw notFound();
    const body = ReviewReportSchema.parse(req.body);
    const next = await changeReview(
      reviews,
      nudge,
      doc,
      () => ({ reviewstatus: true, reportreason: body.reportreason, sellerid: caller.id }),
      reviewReported,
    );
    const reported = changed(next);
    await search.indexNow(reported);
    res.json(await view(reported));
  });

  return r;
}
