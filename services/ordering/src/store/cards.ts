/**
 * Saved payment cards (spec 000 section 3 "Payment card"; docs/architecture.md, Departures from the documents): holder, brand,
 * last 4, expiry and keyed hashes; never the full number or the CVC.
 *
 * The customer's list of cards (`GET /paymentdetails/get`, newest first) is an owner-keyed list
 * (packages/platform/src/lists): `card:<customerId>`, one head and bucket
 * documents read by `_id`, so listing never filters or sorts the whole collection (a full scan on
 * the local FerretDB, README "Local infrastructure"). A card keeps its slot in `listSlot`. The list holds no card data, only the
 * card ids and their creation times.
 */
import type { CardView } from '@market/contracts';
import { ownerLists, type OwnerLists } from '@market/platform';
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
  /** Its slot in the owner's card list. */
  listSlot?: number;
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
    listSlot: Number,
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

/** The store of the customers' card lists (collections `card_list_heads`, `card_list_buckets20`). */
export function cardLists(conn: Connection): OwnerLists & { models: { init(): Promise<unknown> }[] } {
  return ownerLists(conn, 'card');
}

/** The id of a customer's card list. */
export const cardListId = (ownerId: string) => `card:${ownerId}`;

/** Writes a card's entry (`{ t: createdAt ms }`) in its owner's list; nothing for a card without a slot. */
export async function listCard(lists: OwnerLists, c: Pick<CardDoc, '_id' | 'ownerID' | 'createdAt' | 'listSlot'>): Promise<void> {
  if (c.listSlot === undefined) return;
  await lists.put(cardListId(c.ownerID), c.listSlot, String(c._id), { t: new Date(c.createdAt).getTime() });
}

/**
 * Gives every card saved before the lists existed its slot and entry, oldest first, once (a
 * marker records it). A one-off scan at start-up, not a request path.
 * @returns how many cards were listed
 */
export async function backfillCardLists(cards: Model<CardDoc>, lists: OwnerLists): Promise<number> {
  const MARKER = '$backfill:cards:v1';
  if (await lists.isMarked(MARKER)) return 0;
  let n = 0;
  for (const c of await cards.find({}).sort({ createdAt: 1, _id: 1 }).lean<CardDoc[]>()) {
    if (c.listSlot !== undefined) continue;
    const [slot] = await lists.allocate([cardListId(c.ownerID)]);
    await cards.updateOne({ _id: c._id }, { $set: { listSlot: slot } });
    await listCard(lists, { ...c, listSlot: slot! });
    n++;
  }
  await lists.mark(MARKER);
  return n;
}
