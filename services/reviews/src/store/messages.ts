/**
 * Contact messages (spec 000 and 001 section 3): `contact` (a customer to the admin) and
 * `contactsel` (a customer to a seller). Stored as the plain text that was sent; the web app
 * renders it as text, never as HTML.
 *
 * Their lists are the messages read model (domain/messageSearch.ts), written here on the request
 * path only: a message is created and deleted by this service's own routes and nothing else
 * changes it, so the writing request indexes it (refresh=wait_for) and no events are needed; the
 * recipient sees a new message, and their own deletion, at once. `npm run search:rebuild`
 * rebuilds the index from these two collections ({@link rebuildMessageIndex}).
 */
import { type IndexOp, type SearchIndex } from '@market/platform';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { MESSAGE_VERSION, messageSearchDoc, type MessageRow } from '../domain/messageSearch';

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
}

const fields = {
  name: { type: String, required: true },
  email: { type: String, required: true },
  message: { type: String, required: true },
  customerid: { type: String, required: true },
  createdAt: { type: Date, required: true },
};

const contactSchema = new Schema<MessageDoc>(fields, { collection: 'contact', versionKey: false });
const contactSellerSchema = new Schema<MessageDoc>(
  { ...fields, sellerid: { type: String, required: true } },
  { collection: 'contactsel', versionKey: false },
);

/** `contact`: messages from customers to the admin (created once per connection). */
export function contactModel(conn: Connection): Model<MessageDoc> {
  return (conn.models.Contact as Model<MessageDoc> | undefined) ?? conn.model<MessageDoc>('Contact', contactSchema);
}

/** `contactsel`: messages from customers to a seller (created once per connection). */
export function contactSellerModel(conn: Connection): Model<MessageDoc> {
  return (conn.models.ContactSeller as Model<MessageDoc> | undefined) ?? conn.model<MessageDoc>('ContactSeller', contactSellerSchema);
}

const putOp = (m: MessageDoc): IndexOp => ({ kind: 'put', id: String(m._id), doc: messageSearchDoc(m), version: MESSAGE_VERSION.written });

/**
 * Stores a new message and indexes it (visible to the next list). When the index cannot be
 * written the message is removed again, so a stored message is never missing from its list.
 * @throws HttpError 503 when OpenSearch does not answer
 */
export async function createIndexed(model: Model<MessageDoc>, index: SearchIndex<MessageRow>, doc: MessageDoc): Promise<MessageDoc> {
  const created = (await model.create(doc)).toObject<MessageDoc>();
  try {
    await index.bulk([putOp(created)], { refresh: 'wait_for' });
  } catch {
    await model.deleteOne({ _id: created._id });
    throw index.unavailable();
  }
  return created;
}

/**
 * Deletes a message: its tombstone in the index first (so a message never stays listed once
 * gone), then the document.
 * @throws HttpError 503 when OpenSearch does not answer (nothing deleted)
 */
export async function deleteIndexed(model: Model<MessageDoc>, index: SearchIndex<MessageRow>, doc: MessageDoc): Promise<void> {
  try {
    await index.bulk([{ kind: 'delete', id: String(doc._id), version: MESSAGE_VERSION.deleted }], { refresh: 'wait_for' });
  } catch {
    throw index.unavailable();
  }
  await model.deleteOne({ _id: doc._id });
}

/**
 * Rebuilds the messages index with no downtime: a fresh concrete index (`<alias>-<timestamp>`)
 * gets every stored message, the alias moves to it in one call, then messages written or deleted
 * meanwhile (through the old index) are applied to it, and the old index is deleted.
 * @returns the new index, the replaced ones and how many messages it lists
 */
export async function rebuildMessageIndex(
  index: SearchIndex<MessageRow>,
  models: Model<MessageDoc>[],
): Promise<{ alias: string; index: string; replaced: string[]; count: number }> {
  const fresh = `${index.alias}-${Date.now()}`;
  await index.ensure();
  const old = Object.keys((await index.client.indices.getAlias({ name: index.alias })).body as Record<string, unknown>);
  await index.createIndex(fresh, false);
  const copyAll = async () => {
    for (const model of models) {
      let batch: IndexOp[] = [];
      for await (const m of model.find({}).lean<MessageDoc>().cursor()) {
        batch.push(putOp(m as MessageDoc));
        if (batch.length === 1_000) {
          await index.bulk(batch, { index: fresh });
          batch = [];
        }
      }
      await index.bulk(batch, { index: fresh });
    }
  };
  await copyAll();
  await index.client.indices.updateAliases({
    body: { actions: [...old.map((i) => ({ remove: { index: i, alias: index.alias } })), { add: { index: fresh, alias: index.alias } }] },
  });
  // Written before the swap to the old index only: copy again (a second put is a no-op), and
  // tombstone what was deleted since the first copy.
  await copyAll();
  await index.client.indices.refresh({ index: fresh });
  const listed = await index.searchAll({ query: { match_all: {} } }, Number.MAX_SAFE_INTEGER);
  const gone: IndexOp[] = [];
  for (const v of listed.views) {
    const exists = await Promise.all(models.map((m) => m.exists({ _id: v._id })));
    if (!exists.some(Boolean)) gone.push({ kind: 'delete', id: v._id, version: MESSAGE_VERSION.deleted });
  }
  await index.bulk(gone, { index: fresh });
  await index.client.indices.refresh({ index: fresh });
  for (const i of old) await index.client.indices.delete({ index: i });
  return { alias: index.alias, index: fresh, replaced: old, count: listed.total - gone.length };
}
