/**
 * Contact messages (spec 000 and 001 section 3): `contact` (a customer to the admin) and
 * `contactsel` (a customer to a seller). Stored as the plain text that was sent; the web app
 * renders it as text, never as HTML.
 */
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { ownerLists, type OwnerLists } from '@market/platform';

/** A stored message; `customerid` is the signed-in sender, `createdAt` set by the server. */
export interface MessageDoc {
  _id: Types.ObjectId;
  name: string;
  email: string;
  message: string;
  customerid: string;
  /** contactsel only. */
  sellerid?: string;
  createdAt: Date;
  /** Its slot in its paged list (the admin's or the seller's; `messageLists`). */
  listSlot?: number;
}

const fields = {
  name: { type: String, required: true },
  email: { type: String, required: true },
  message: { type: String, required: true },
  customerid: { type: String, required: true },
  createdAt: { type: Date, required: true },
  listSlot: Number,
};

const contactSchema = new Schema<MessageDoc>(fields, { collection: 'contact', versionKey: false });
const contactSellerSchema = new Schema<MessageDoc>(
  { ...fields, sellerid: { type: String, required: true, index: true } },
  { collection: 'contactsel', versionKey: false },
);

/** `contact`: messages from customers to the admin (created once per connection). */
export function contactModel(conn: Connection): Model<MessageDoc> {
  return (conn.models.Contact as Model<MessageDoc> | undefined) ?? conn.model<MessageDoc>('Contact', contactSchema);
}

/** `contactsel`: messages from customers to a seller, by `sellerid` (created once per connection). */
export function contactSellerModel(conn: Connection): Model<MessageDoc> {
  return (conn.models.ContactSeller as Model<MessageDoc> | undefined) ?? conn.model<MessageDoc>('ContactSeller', contactSellerSchema);
}

/**
 * The paged message lists, read by `_id` (`ownerLists.ts`): `m:admin` for
 * `contact`, `m:s:<sellerid>` for each seller's `contactsel`; entries `{ t: createdAt in ms }`.
 */
export function messageLists(conn: Connection): OwnerLists & { models: { init(): Promise<unknown> }[] } {
  return ownerLists(conn, 'message');
}

/** The list a message belongs to: the admin's, or its seller's. */
export const messageListId = (m: Pick<MessageDoc, 'sellerid'>): string => (m.sellerid ? `m:s:${m.sellerid}` : 'm:admin');

/**
 * Stores a new message with a slot in its list, then its entry (the message first: an entry never
 * names a message that is not there).
 */
export async function createListed(model: Model<MessageDoc>, lists: OwnerLists, doc: Omit<MessageDoc, 'listSlot'>): Promise<MessageDoc> {
  const [listSlot] = await lists.allocate([messageListId(doc)]);
  const created = (await model.create({ ...doc, listSlot })).toObject();
  await lists.put(messageListId(doc), listSlot!, String(doc._id), { t: doc.createdAt.getTime() });
  return created;
}

/** Deletes a message and its entry. */
export async function deleteListed(model: Model<MessageDoc>, lists: OwnerLists, doc: MessageDoc): Promise<void> {
  await model.deleteOne({ _id: doc._id });
  if (doc.listSlot !== undefined) await lists.remove(messageListId(doc), doc.listSlot, String(doc._id));
}

/** Lists the messages written before the lists existed, oldest first, once (a one-off start-up scan). */
export async function backfillMessageLists(models: Model<MessageDoc>[], lists: OwnerLists): Promise<number> {
  const MARKER = '$backfill:messages:v1';
  if (await lists.isMarked(MARKER)) return 0;
  let n = 0;
  for (const model of models) {
    for (const m of await model.find({}).sort({ createdAt: 1, _id: 1 }).lean<MessageDoc[]>()) {
      if (m.listSlot !== undefined) continue;
      const [listSlot] = await lists.allocate([messageListId(m)]);
      await model.updateOne({ _id: m._id }, { $set: { listSlot } });
      await lists.put(messageListId(m), listSlot!, String(m._id), { t: new Date(m.createdAt).getTime() });
      n++;
    }
  }
  await lists.mark(MARKER);
  return n;
}
