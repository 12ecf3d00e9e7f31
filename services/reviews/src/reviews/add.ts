/**
 * A customer reviews an item (`POST /review/add`, spec 000 section 7 "Reviews"): the item must be
 * in the item read model and not deleted (404 'Item not found'); the date is set here and the
 * customer is the caller. A second review of the same item edits the first (ReviewUpdated; the
 * route answers 200) instead of adding one (ReviewCreated; 201): the review's `_id` is derived from
 * the customer and the item (`store/reviews.ts`), so concurrent adds write one document; a review
 * written before natural ids is found once through the read model and edited. A deleted review of
 * the pair is revived at its next version. Stars are 1-5 (contracts' ReviewCreateSchema).
 *
 * The review is indexed before the answer (read-your-writes, `search.indexNow`).
 */
import type { ReviewCreateSchema } from '@market/contracts';
import { conflict, isDuplicateKey, notFound, updateAggregate } from '@market/platform';
import type { z } from 'zod';
import { pairSearch } from '../domain/reviewSearch';
import { normalId } from '../domain/rules';
import { reviewCreated, reviewUpdated } from '../events/reviewEvents';
import { changeReview, findReview } from '../store/reviewWrites';
import { reviewIdOf, type ReviewDoc } from '../store/reviews';
import type { ReviewDeps } from './deps';

/** Rounds of an add before giving up with 409 (each round lost a race to another write of the review). */
const MAX_ROUNDS = 10;

/**
 * The caller's live review of the item written before reviews had natural ids (another `_id`),
 * looked up once through the read model; null when there is none.
 */
async function olderReview(d: ReviewDeps, customerid: string, itemid: string, naturalId: string): Promise<ReviewDoc | null> {
  const found = await d.search.index.search(pairSearch(customerid, itemid), { size: 5 });
  for (const row of found.views) {
    if (row._id === naturalId) continue;
    const doc = await findReview(d.reviews, row._id);
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
async function addOrEdit(
  d: ReviewDeps,
  customerId: string,
  body: z.output<typeof ReviewCreateSchema>,
): Promise<{ created: boolean; doc: ReviewDoc }> {
  const itemid = normalId(body.itemid);
  const _id = reviewIdOf(customerId, itemid);
  const edit = (current: ReviewDoc) =>
    changeReview(
      d.reviews,
      d.nudge,
      current,
      () => ({ description: body.description, noofstars: body.noofstars, date: new Date().toISOString() }),
      reviewUpdated,
    );
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const current = await findReview(d.reviews, _id);
    if (current && !current.deleted) {
      const next = await edit(current);
      if (next === 'busy') break;
      if (next !== 'gone') return { created: false, doc: next };
      continue;
    }
    const fresh = {
      _id,
      itemid,
      customerid: customerId,
      description: body.description,
      date: new Date().toISOString(),
      noofstars: body.noofstars,
      reviewstatus: false,
      reportreason: '',
      sellerid: '',
      sellerReply: '',
      sellerReplyAt: '',
      deleted: false,
      tombstone: false,
    };
    if (current) {
      // Deleted before: revived at its next version, so every read model's tombstone of it is
      // overtaken (a new review for the ratings and lists).
      const v = current.aggregateVersion;
      const { _id: _, ...set } = fresh;
      if (await updateAggregate(d.reviews, _id, v, { $set: set }, (nv) => [reviewCreated(fresh, nv)])) {
        d.nudge({ model: d.reviews, id: _id });
        return { created: true, doc: { ...fresh, aggregateVersion: v + 1, pendingEvents: [] } };
      }
      continue;
    }
    if (round === 0) {
      const older = await olderReview(d, customerId, itemid, String(_id));
      if (older) {
        const next = await edit(older);
        if (typeof next !== 'string') return { created: false, doc: next };
      }
    }
    try {
      await d.reviews.create({ ...fresh, aggregateVersion: 1, pendingEvents: [reviewCreated(fresh, 1)] });
    } catch (err) {
      // Another add of this customer created it first: the next round edits it.
      if (!isDuplicateKey(err)) throw err;
      continue;
    }
    d.nudge({ model: d.reviews, id: _id });
    return { created: true, doc: { ...fresh, aggregateVersion: 1, pendingEvents: [] } };
  }
  throw conflict('Your review of this item is being saved, please try again');
}

/**
 * @param customerId - the calling customer
 * @param body - the validated body (contracts' ReviewCreateSchema)
 * @returns the review as written and whether it is new
 * @throws HttpError 404 'Item not found'; 409 when concurrent writes kept it from settling
 */
export async function addReview(
  d: ReviewDeps,
  customerId: string,
  body: z.output<typeof ReviewCreateSchema>,
): Promise<{ created: boolean; doc: ReviewDoc }> {
  const item = await d.rm.items.findById(normalId(body.itemid)).lean();
  if (!item || item.deleted) throw notFound('Item not found');
  const result = await addOrEdit(d, customerId, body);
  await d.search.indexNow(result.doc);
  return result;
}
