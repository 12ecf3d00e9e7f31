/**
 * Saved cards at their documented paths (spec 000 section 7 "Cards"; docs/architecture.md, Departures from the documents): `GET /paymentdetails/get`, `GET /paymentdetails/getItem/{id}`,
 * `POST /paymentdetails/add`, `PUT /paymentdetails/update/{id}`, `DELETE /paymentdetails/delete/{id}`.
 * A customer reaches only their own cards (another's answers 404). The full number and the CVC
 * are hashed here and dropped; answers show the number masked. The list is the customer's
 * card ids (one document read by `_id`, store/cards.ts), newest first, each card read by `_id`.
 * Saving (or editing into) a card the customer already has, same number hash and expiry, answers
 * 409 {@link DUPLICATE_CARD}; the check reads the customer's own cards by `_id`.
 */
import { CardCreateSchema, CardUpdateSchema } from '@market/contracts';
import { conflict, notFound, objectIdParam, pageRequest, requireCaller, sendList } from '@market/platform';
import { Router, type Request } from 'express';
import { Types, type Model } from 'mongoose';
import { DUPLICATE_CARD, cardFacts, cvvHash, numberHash, sameCard } from '../domain/cards';
import { addOwnerCard, cardView, ownerCardIds, removeOwnerCard, type CardDoc, type CardOwnerDoc } from '../store/cards';

/**
 * @param owners - each customer's card ids (`cardOwnerModel` in store/cards.ts)
 * @param secret - key of the card-number and CVC hashes
 */
export function cardRoutes(cards: Model<CardDoc>, owners: Model<CardOwnerDoc>, secret: string): Router {
  const r = Router();

  async function ownCard(req: Request): Promise<CardDoc> {
    const caller = requireCaller(req, 'customer');
    const card = await cards.findById(objectIdParam(req.params.id)).lean<CardDoc>();
    if (!card || card.ownerID !== caller.id) throw notFound();
    return card;
  }

  /**
   * Throws 409 {@link DUPLICATE_CARD} when another card of `ownerId` (not `exceptId`) has the same
   * number hash and expiry. Reads the owner's card ids and each card by `_id`.
   */
  async function refuseDuplicate(ownerId: string, card: { numberHash: string; carddate: string }, exceptId?: string): Promise<void> {
    const ids = (await ownerCardIds(cards, owners, ownerId)).filter((id) => id !== exceptId);
    const owned = await Promise.all(ids.map((id) => cards.findById(id).lean<CardDoc>()));
    if (owned.some((c) => c !== null && c.ownerID === ownerId && sameCard(c, card)))
      throw conflict(DUPLICATE_CARD, { cardnumber: DUPLICATE_CARD });
  }

  r.get('/paymentdetails/get', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const page = pageRequest(req.query);
    const ids = [...(await ownerCardIds(cards, owners, caller.id))].reverse();
    const rows = await Promise.all(ids.slice(page.skip, page.skip + page.limit).map((id) => cards.findById(id).lean<CardDoc>()));
    sendList(res, page, rows.filter((c): c is CardDoc => c !== null && c.ownerID === caller.id).map(cardView), ids.length);
  });

  r.get('/paymentdetails/getItem/:id', async (req, res) => {
    res.json(cardView(await ownCard(req)));
  });

  r.post('/paymentdetails/add', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const body = CardCreateSchema.parse(req.body);
    const hash = numberHash(secret, body.cardnumber);
    await refuseDuplicate(caller.id, { numberHash: hash, carddate: body.carddate });
    const _id = new Types.ObjectId();
    const doc: CardDoc = {
      _id,
      ownerID: caller.id,
      cardowner: body.cardowner,
      ...cardFacts(body.cardnumber),
      carddate: body.carddate,
      numberHash: hash,
      cvvHash: cvvHash(secret, String(_id), body.cardcvv),
      createdAt: new Date(),
    };
    await cards.create(doc);
    // The owner's document exists (refuseDuplicate read it): an atomic add, so a second device's
    // card saved at the same moment stays too.
    await addOwnerCard(owners, caller.id, String(_id));
    res.status(201).json(cardView(doc));
  });

  r.put('/paymentdetails/update/:id', async (req, res) => {
    const card = await ownCard(req);
    const body = CardUpdateSchema.parse(req.body);
    const set: Partial<CardDoc> = { carddate: body.carddate, ...(body.cardowner ? { cardowner: body.cardowner } : {}) };
    if (body.cardnumber) {
      Object.assign(set, cardFacts(body.cardnumber), { numberHash: numberHash(secret, body.cardnumber) });
    }
    if (body.cardcvv) set.cvvHash = cvvHash(secret, String(card._id), body.cardcvv);
    await refuseDuplicate(card.ownerID, { numberHash: set.numberHash ?? card.numberHash, carddate: body.carddate }, String(card._id));
    await cards.updateOne({ _id: card._id, ownerID: card.ownerID }, { $set: set });
    res.json(cardView({ ...card, ...set }));
  });

  r.delete('/paymentdetails/delete/:id', async (req, res) => {
    const card = await ownCard(req);
    // Out of the list first: a crash between the two leaves a card nobody lists, never a listed id without its card.
    await removeOwnerCard(owners, card.ownerID, String(card._id));
    await cards.deleteOne({ _id: card._id, ownerID: card.ownerID });
    res.json({ message: 'Deleted!' });
  });

  return r;
}
