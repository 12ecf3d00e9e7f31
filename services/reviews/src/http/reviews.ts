/**
 * Review routes at their documented paths (spec 000 section 7 "Reviews", spec 001 section 7;
 * contracts `reviews-api.ts`). Someone else's review answers 404 (docs/architecture.md, Authorization).
 *
 * - `GET /review/get` (public, customer, seller, admin): filters `itemid`, `customerid`,
 *   `sellerid`, `reviewstatus`, `q` (item name, brand or model), `mine=true`; a seller sees
 *   reviews of own items only (`domain/reviewList.ts`). A bare array, or
 *   `{ items, total, page, limit }` with `page`/`limit`. Newest first.
 * - `POST /review/add` (customer): the item must be in the item read model (404 'Item not
 *   found'); the date is set here and the customer is the caller; a second review of the same
 *   item edits the first (201 for a new review, 200 for the edited one; `domain/oneReview.ts`).
 * - `PUT /review/updateReview/{id}` (the author): description and stars → ReviewUpdated.
 * - `DELETE /review/delete/{id}` (the author, or an admin) → ReviewDeleted, `{ message: 'Deleted!' }`.
 * - `PUT /review/updateRev/{reviewId}` (a seller, for a review of their own item): reviewstatus
 *   true, reportreason, sellerid = the caller → ReviewReported.
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
  type ListEntry,
  newestFirst,
  notFound,
  objectIdParam,
  pageRequest,
  requireCaller,
  sendList,
} from '@market/platform';
import { Router } from 'express';
import { Types, type Model } from 'mongoose';
import type { z } from 'zod';
import { nextAddStep } from '../domain/oneReview';
import { entryMatches, itemMatchesText, reviewListPlan } from '../domain/reviewList';
import { reviewView } from '../domain/reviewView';
import { mayDeleteReview, mayReport, normalId, ownsReview } from '../domain/rules';
import { reviewCreated, reviewReported, reviewUpdated } from '../events/reviewEvents';
import type { ReadModels } from '../store/readModels';
import { allocateReviewSlots, listReview, releaseReviewSlots, reviewListId, type ReviewLists } from '../store/reviewLists';
import { changeReview, deleteReview, findReview, type Nudge } from '../store/reviewWrites';
import { claimKey, reviewKey, takeOverKey, type ReviewDoc, type ReviewKeyDoc } from '../store/reviews';

const BUSY = 'This review was changed meanwhile, please try again';
/** Looks at a review a concurrent add is creating, 50 ms apart, before taking its key over. */
const MAX_WAITS = 10;
const WAIT_MS = 50;
/** Rounds of the add loop before giving up with 409 (each round changes something or waits). */
const MAX_ROUNDS = 30;

/** What the review routes use. */
export interface ReviewDeps {
  reviews: Model<ReviewDoc>;
  keys: Model<ReviewKeyDoc>;
  rm: ReadModels;
  nudge: Nudge;
  /** The paged lists (`store/reviewLists.ts`). */
  lists: ReviewLists;
}

/** The review routes (see the module comment). */
export function reviewRoutes({ reviews, keys, rm, nudge, lists }: ReviewDeps): Router {
  const r = Router();

  async function views(rows: ReviewDoc[]): Promise<ReviewView[]> {
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
        rows.map((x) => reviewKey(x.customerid, x.itemid)),
      ),
    ]);
    return rows.map((x) => reviewView(x, c.get(x.customerid), i.get(x.itemid), bought.has(reviewKey(x.customerid, x.itemid))));
  }

  const view = async (doc: ReviewDoc): Promise<ReviewView> => (await views([doc]))[0]!;

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
   * Creates the caller's review of the item or edits the one they have (see
   * `domain/oneReview.ts` for the steps).
   * @throws {HttpError} 409 when concurrent writes kept it from settling
   */
  async function addOrEdit(
    caller: Caller,
    body: z.output<typeof ReviewCreateSchema>,
    sellerId: string,
  ): Promise<{ created: boolean; doc: ReviewDoc }> {
    const itemid = normalId(body.itemid);
    const key = reviewKey(caller.id, itemid);
    let proposed = String(new Types.ObjectId());
    let waits = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const named = await claimKey(keys, key, proposed);
      if (!named) continue;
      const review = await findReview(reviews, named);
      const date = new Date().toISOString();
      switch (nextAddStep({ keyIsMine: named === proposed, review, waits, maxWaits: MAX_WAITS })) {
        case 'edit': {
          const next = await changeReview(
            reviews,
            nudge,
            review!,
            () => ({ description: body.description, noofstars: body.noofstars, date }),
            reviewUpdated,
          );
          if (typeof next !== 'string') {
            await listReview(lists, reviews, next);
            return { created: false, doc: next };
          }
          break;
        }
        case 'create': {
          const facts = { itemid, customerid: caller.id };
          const listSlots = await allocateReviewSlots(lists, facts, sellerId);
          const doc = {
            _id: new Types.ObjectId(named),
            ...facts,
            description: body.description,
            date,
            noofstars: body.noofstars,
            reviewstatus: false,
            reportreason: '',
            sellerid: '',
            deleted: false,
            listSlots,
            listSeller: sellerId,
          };
          try {
            await reviews.create({ ...doc, aggregateVersion: 1, pendingEvents: [reviewCreated(doc, 1)] });
          } catch (err) {
            await releaseReviewSlots(lists, facts, sellerId);
            // Another request of this customer created it first: the next round edits it.
            if (!isDuplicateKey(err)) throw err;
            break;
          }
          nudge({ model: reviews, id: doc._id });
          const created = { ...doc, aggregateVersion: 1, pendingEvents: [] };
          await listReview(lists, reviews, created);
          return { created: true, doc: created };
        }
        case 'takeOver':
          proposed = String(new Types.ObjectId());
          await takeOverKey(keys, key, named, proposed);
          break;
        case 'wait':
          waits++;
          await new Promise((res) => setTimeout(res, WAIT_MS));
          break;
      }
    }
    throw conflict('Your review of this item is being saved, please try again');
  }

  r.get('/review/get', async (req, res) => {
    const page = pageRequest(req.query);
    const q = ReviewListQuerySchema.parse(req.query);
    const mineId = q.mine ? requireCaller(req, 'customer').id : undefined;
    const plan = reviewListPlan(q, req.caller ?? null, mineId);
    const listId = reviewListId(plan.source);
    let keys: string[];
    let total: number;
    if (plan.direct) {
      const p = await lists.page(listId, page.skip, page.limit);
      keys = p.rows.map(([k]) => k);
      total = p.total;
    } else {
      // Further conditions: walk the chosen list (one item's, customer's or seller's reviews).
      const items = new Map<string, Promise<boolean>>();
      const textOk = (itemid: string) => {
        if (!plan.text) return Promise.resolve(true);
        let ok = items.get(itemid);
        if (!ok) {
          ok = rm.items
            .findById(itemid)
            .lean()
            .then((i) => itemMatchesText(i && !i.deleted ? i : undefined, plan.text!));
          items.set(itemid, ok);
        }
        return ok;
      };
      const found: [string, ListEntry][] = [];
      for await (const row of lists.walk(listId)) {
        if (entryMatches(plan.where, row[1]) && (await textOk(String(row[1].i)))) found.push(row);
      }
      found.sort(newestFirst);
      keys = found.slice(page.skip, page.skip + page.limit).map(([k]) => k);
      total = found.length;
    }
    const rows = (await Promise.all(keys.map((k) => findReview(reviews, k)))).filter((x): x is ReviewDoc => x !== null && !x.deleted);
    sendList(res, page, await views(rows), total);
  });

  r.post('/review/add', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const body = ReviewCreateSchema.parse(req.body);
    const item = await rm.items.findById(normalId(body.itemid)).lean();
    if (!item || item.deleted) throw notFound('Item not found');
    const { created, doc } = await addOrEdit(caller, body, item.SellerID);
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
    await listReview(lists, reviews, updated);
    res.json(await view(updated));
  });

  r.delete('/review/delete/:id', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'admin');
    const doc = await live(req.params.id);
    if (!mayDeleteReview(doc, caller)) throw notFound();
    const outcome = await deleteReview(reviews, keys, nudge, doc, lists);
    if (outcome === 'gone') throw notFound();
    if (outcome === 'busy') throw conflict(BUSY);
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
    await listReview(lists, reviews, reported);
    res.json(await view(reported));
  });

  return r;
}
