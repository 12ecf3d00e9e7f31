/**
 * Saved payment cards (spec 000 section 3 "Payment card"; docs/architecture.md, Departures from the documents): holder, brand,
 * last 4, expiry and keyed hashes; never the full number or the CVC.
 *
 * The customer's list of cards (`GET /paymentdetails/get`, newest first) is one document per
 * customer, `card_owners` keyed by the customer's id, holding the ids of their cards in the order
 * they were saved; a card is read by `_id`. Saving adds its id with `$addToSet` and deleting removes
 * it with `$pull`, single-document atomic updates, so two devices of one account saving at once
 * both keep their card. A handful of cards per customer: no search read model needed.
 */
import type { CardView } from '@market/contracts';
import { insertIfAbsent } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { maskedNumber } from '../domain/cards';

export interface CardDoc {
  _id: Types.ObjectId;
  ownerID: string;
  cardowner: string;
  cardtype: string;
  last4: string;
  /** MM/YY */
  carddate: string;
  numberHash: string;
  cvvHash: string;
  createdAt: Date;
}

const schema = new Schema<CardDoc>(
  {
    ownerID: { type: String, required: true, index: true },
    cardowner: { type: String, required: true },
    cardtype: { type: String, default: '' },
    last4: { type: String, required: true },
    carddate: { type: String, required: true },
    numberHash: { type: String, required: true },
    cvvHash: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'payment_cards', versionKey: false },
);

export function cardModel(conn: Connection): Model<CardDoc> {
  return (conn.models.Card as Model<CardDoc> | undefined) ?? conn.model<CardDoc>('Card', schema);
}

/** The card as a client sees it: number masked, no hashes. */
export function cardView(c: CardDoc): CardView {
  return {
    _id: String(c._id),
    ownerID: c.ownerID,
    cardowner: c.cardowner,
    cardtype: c.cardtype,
    cardnumber: maskedNumber(c.last4),
    last4: c.last4,
    carddate: c.carddate,
  };
}

/** A customer's cards: `_id` the customer's id, `cards` their card ids, oldest first. */
export interface CardOwnerDoc {
  _id: string;
  cards: string[];
}

const ownerSchema = new Schema<CardOwnerDoc>(
  { _id: String, cards: { type: [String], default: [] } },
  { collection: 'card_owners', versionKey: false },
);

export function cardOwnerModel(conn: Connection): Model<CardOwnerDoc> {
  return (conn.models.CardOwner as Model<CardOwnerDoc> | undefined) ?? conn.model<CardOwnerDoc>('CardOwner', ownerSchema);
}

/**
 * The ids of a customer's cards, oldest first. A customer whose cards were saved before the
 * owner documents existed gets theirs once, from their cards (the `ownerID` index), inserted only
 * if absent: a card saved meanwhile is added by its own `$addToSet` either way.
 */
export async function ownerCardIds(cards: Model<CardDoc>, owners: Model<CardOwnerDoc>, ownerId: string): Promise<string[]> {
  const doc = await owners.findById(ownerId).lean<CardOwnerDoc>();
  // FerretDB drops an empty array from an upsert's $setOnInsert: a customer without cards has an
  // owner document without `cards` (read through lean(), the schema's default does not apply).
  if (doc) return doc.cards ?? [];
  const saved = await cards.find({ ownerID: ownerId }, { _id: 1 }).sort({ createdAt: 1, _id: 1 }).lean<{ _id: Types.ObjectId }[]>();
  await insertIfAbsent(owners, { _id: ownerId, cards: saved.map((c) => String(c._id)) });
  return (await owners.findById(ownerId).lean<CardOwnerDoc>())?.cards ?? [];
}

/** Adds a saved card to its owner's cards (after {@link ownerCardIds} made sure the document exists). */
export async function addOwnerCard(owners: Model<CardOwnerDoc>, ownerId: string, cardId: string): Promise<void> {
  await owners.updateOne({ _id: ownerId }, { $addToSet: { cards: cardId } });
}

/** Removes a card from its owner's cards. */
export async function removeOwnerCard(owners: Model<CardOwnerDoc>, ownerId: string, cardId: string): Promise<void> {
  await owners.updateOne({ _id: ownerId }, { $pull: { cards: cardId } });
}
