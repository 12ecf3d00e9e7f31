/**
 * Saved payment cards (spec 000 section 3 "Payment card"; DESIGN.md section 6): holder, brand,
 * last 4, expiry and keyed hashes; never the full number or the CVC.
 */
import type { CardView } from '@market/contracts';
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
