/**
 * Contact messages (spec 000 and 001 section 7 "Messages"; docs/architecture.md, Departures from the documents:
 * the signed-in seller's own messages, not one fixed seller's): `POST /contact/add`
 * (customer → admin), `GET /contact/get` and `DELETE /contact/delete/{id}` (admin),
 * `POST /contactsel/add` (customer → an existing seller), `GET /contactsel/get` and
 * `DELETE /contactsel/delete/{id}` (the signed-in seller's own). Messages are stored and answered
 * as the plain text sent (no HTML escaping or interpretation here: the web app renders text).
 * The two senders are limited per account here (`perHour` messages an hour per account and form,
 * counted in Redis once a message is about to be stored; the next answers 429 CONTACT_LIMITED with
 * Retry-After; issue 27 item 8) and per IP at the gateway. Lists are newest first, a bare array or
 * `{ items, total, page, limit }` with `page`/`limit`, read from the messages read model
 * (domain/messageSearch.ts; 503 while OpenSearch does not answer); a message card carries the
 * sender's photo, joined at read time.
 * Someone else's message, or a malformed id, answers 404.
 *
 * Each message sent also starts a conversation with the same id (issue 30 item 6;
 * threads/conversation.ts): the sender and the recipient reply in it under `/threads/{id}`;
 * deleting the message takes that conversation off the deleting seller's or team's list as well. The
 * forms may name the item the message is about (`itemid`; to a seller, one of that seller's
 * items, else 404 'Item not found'), which the thread keeps with the item's name, or one of the
 * customer's orders (`orderid`; to a seller, one with a line of that seller, else 404 'Order not
 * found'; store/orderRefs.ts).
 */
import {
  CONTACT_LIMITED,
  ContactSellerStartSchema,
  ContactStartSchema,
  THREAD_ITEM_NOT_FOUND,
  THREAD_ORDER_NOT_FOUND,
  type ContactView,
} from '@market/contracts';
import {
  AttemptLimit,
  byIds,
  notFound,
  objectIdParam,
  pageRequest,
  requireCaller,
  searchPage,
  type SearchIndex,
  sendList,
} from '@market/platform';
import type { Redis } from 'ioredis';
import { Router, type Response } from 'express';
import { Types, type Model } from 'mongoose';
import { messageListSearch, messageOwner, type MessageRow } from '../domain/messageSearch';
import { messageView, type MessageFacts } from '../domain/messageView';
import { startThread } from '../domain/threads';
import { archiveForMessageDelete, storeNewThread, type ThreadDeps } from '../threads/conversation';
import { normalId } from '../domain/rules';
import type { ReadModels } from '../store/readModels';
import { createIndexed, deleteIndexed, type MessageDoc } from '../store/messages';
import type { OrderRefDoc } from '../store/orderRefs';

/** The per-account limit of the contact forms: Redis, and messages per hour per account and form (config CONTACT_MESSAGES_PER_HOUR). */
export interface ContactLimits {
  redis: Redis;
  perHour: number;
}

/** The message routes (see the module comment). */
export function messageRoutes(
  contact: Model<MessageDoc>,
  contactsel: Model<MessageDoc>,
  rm: ReadModels,
  index: SearchIndex<MessageRow>,
  limits: ContactLimits,
  threads: ThreadDeps,
  orderRefs: Model<OrderRefDoc>,
): Router {
  const r = Router();
  // One counter per form: a customer who wrote to sellers can still reach the admin.
  const toAdmin = new AttemptLimit(limits.redis, { keyPrefix: 'rl:contact-admin', points: limits.perHour, durationSeconds: 3600 });
  const toSellers = new AttemptLimit(limits.redis, { keyPrefix: 'rl:contact-seller', points: limits.perHour, durationSeconds: 3600 });

  async function views(rows: MessageFacts[]): Promise<ContactView[]> {
    if (rows.length === 0) return [];
    const customers = await byIds(
      rm.customers,
      rows.map((m) => m.customerid),
    );
    return rows.map((m) => messageView(m, customers.get(m.customerid)));
  }

  /**
   * The item a new thread is about: none when not named; else a live item of the read model (of
   * `sellerid` when given).
   * @throws HttpError 404 THREAD_ITEM_NOT_FOUND for an unknown, deleted or other seller's item
   */
  async function aboutItem(itemid: string | undefined, sellerid?: string): Promise<{ id: string; title: string } | null> {
    if (!itemid) return null;
    const id = normalId(itemid);
    const item = await rm.items.findById(id).lean();
    if (!item || item.deleted || (sellerid !== undefined && item.SellerID !== sellerid)) throw notFound(THREAD_ITEM_NOT_FOUND);
    return { id, title: [item.Item_name, item.Brand && `(${item.Brand})`].filter(Boolean).join(' ') };
  }

  /**
   * What a new thread is about: the item (see aboutItem) or the order `orderid` of `customerId`
   * (with a line of `sellerid` when given), or nothing.
   * @throws HttpError 404 THREAD_ITEM_NOT_FOUND / THREAD_ORDER_NOT_FOUND
   */
  async function aboutOf(
    body: { itemid?: string; orderid?: string },
    customerId: string,
    sellerid?: string,
  ): Promise<{ kind: 'item' | 'order'; id: string; title: string } | null> {
    if (!body.orderid) {
      const item = await aboutItem(body.itemid, sellerid);
      return item && { kind: 'item', ...item };
    }
    const order = await orderRefs.findById(body.orderid).lean<OrderRefDoc>();
    if (!order || order.customerId !== customerId || (sellerid !== undefined && !order.sellerIds.includes(sellerid)))
      throw notFound(THREAD_ORDER_NOT_FOUND);
    return { kind: 'order', id: order._id, title: `Order ${order._id}` };
  }

  /** One page of a message list (`owner`: see domain/messageSearch.ts), newest first. */
  async function list(res: Response, owner: string, query: unknown): Promise<void> {
    const page = pageRequest(query);
    const found = await searchPage(index, messageListSearch(owner), page);
    sendList(res, page, await views(found.views.map((m) => ({ ...m, createdAt: new Date(m.createdAt) }))), found.total);
  }

  r.post('/contact/add', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const body = ContactStartSchema.parse(req.body);
    const about = await aboutOf(body, caller.id);
    await toAdmin.consume(caller.id, CONTACT_LIMITED);
    const doc = await createIndexed(contact, index, {
      _id: new Types.ObjectId(),
      name: body.name,
      email: body.email,
      message: body.message,
      customerid: caller.id,
      createdAt: new Date(),
    });
    await storeNewThread(
      threads,
      startThread({
        id: String(doc._id),
        kind: 'admin',
        customerid: caller.id,
        customerName: doc.name,
        customerEmail: doc.email,
        about,
        text: doc.message,
        at: doc.createdAt,
      }),
    );
    res.status(201).json((await views([doc]))[0]);
  });

  r.get('/contact/get', async (req, res) => {
    requireCaller(req, 'admin');
    await list(res, messageOwner({}), req.query);
  });

  r.delete('/contact/delete/:id', async (req, res) => {
    const caller = requireCaller(req, 'admin');
    const doc = await contact.findById(objectIdParam(req.params.id)).lean<MessageDoc>();
    if (!doc) throw notFound();
    await deleteIndexed(contact, index, doc);
    await archiveForMessageDelete(threads, caller, String(doc._id));
    res.json({ message: 'Successfully Deleted' });
  });

  r.post('/contactsel/add', async (req, res) => {
    const caller = requireCaller(req, 'customer');
    const body = ContactSellerStartSchema.parse(req.body);
    const sellerid = normalId(body.sellerid);
    const seller = await rm.sellers.findById(sellerid).lean();
    if (!seller || seller.deleted) throw notFound('Seller not found');
    const about = await aboutOf(body, caller.id, sellerid);
    await toSellers.consume(caller.id, CONTACT_LIMITED);
    const doc = await createIndexed(contactsel, index, {
      _id: new Types.ObjectId(),
      name: body.name,
      email: body.email,
      message: body.message,
      customerid: caller.id,
      sellerid,
      createdAt: new Date(),
    });
    await storeNewThread(
      threads,
      startThread({
        id: String(doc._id),
        kind: 'seller',
        customerid: caller.id,
        customerName: doc.name,
        customerEmail: doc.email,
        sellerid,
        sellerName: seller.companyname,
        about,
        text: doc.message,
        at: doc.createdAt,
      }),
    );
    res.status(201).json((await views([doc]))[0]);
  });

  r.get('/contactsel/get', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    await list(res, messageOwner({ sellerid: caller.id }), req.query);
  });

  r.delete('/contactsel/delete/:id', async (req, res) => {
    const caller = requireCaller(req, 'seller');
    // By `_id`, then the owner checked in code (README "Local infrastructure").
    const doc = await contactsel.findById(objectIdParam(req.params.id)).lean<MessageDoc>();
    if (!doc || doc.sellerid !== caller.id) throw notFound();
    await deleteIndexed(contactsel, index, doc);
    await archiveForMessageDelete(threads, caller, String(doc._id));
    res.json({ message: 'Successfully Deleted' });
  });

  return r;
}
