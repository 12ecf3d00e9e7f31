/**
 * Orders, package orders, payment history and customer-order records (spec 000 and 001
 * section 7; issue 5 "Reading"): every list answers only what the caller may see — a customer
 * their own, a seller the orders of their items and packages, an admin all — with paging and
 * filters (month and year of TransitTime in Sri Lanka time, status, OrderID). Sellers move their
 * own orders along (Confirmed → Shipped or Cancelled, Shipped → Delivered), recorded as
 * OrderStatusChanged; a cancellation also records OrderCancelled, which starts the cancellation
 * saga (stock back, refund, e-mail: cancellation/saga.ts). The documented `POST .../addOrder` and
 * `POST /orderhistory/addItems` are retired (410): orders come only from the checkout command,
 * never with client prices.
 */
import {
  ADD_ORDER_RETIRED,
  HistoryListQuerySchema,
  OrderListQuerySchema,
  OrderStatusChangeSchema,
  SELLER_STATUS_MOVES,
  type OrderStatus,
} from '@market/contracts';
import {
  type Caller,
  conflict,
  forbidden,
  HttpError,
  type ListEntry,
  newestFirst,
  notFound,
  objectIdParam,
  type OutboxHint,
  pageRequest,
  type PageRequest,
  pendingEvent,
  requireCaller,
  sendList,
  updateAggregate,
} from '@market/platform';
import { Router, type Request } from 'express';
import type { Model } from 'mongoose';
import { orderCancelled } from '../cancellation/events';
import { colomboMonthRange, colomboYear } from '../domain/time';
import {
  historyListId,
  historyView,
  itemOrderView,
  listOrder,
  orderListId,
  packageOrderView,
  type ListOwner,
  type OrderKind,
  type HistoryDoc,
  type ItemOrderDoc,
  type OrderBook,
  type PackageOrderDoc,
} from '../store/orders';
import { customerName, type ReadModels } from '../store/readModels';

function scope(caller: Caller): Record<string, string> {
  if (caller.role === 'customer') return { CustomerID: caller.id };
  if (caller.role === 'seller') return { SellerID: caller.id };
  return {};
}

/** The caller's list: a customer's own orders, a seller's, or every order for an admin. */
function listOwner(caller: Caller): ListOwner {
  if (caller.role === 'customer') return { by: 'c', id: caller.id };
  if (caller.role === 'seller') return { by: 's', id: caller.id };
  return { by: 'a' };
}

/** The filters of an order list: status, and the placedAt range of a month or a year (Sri Lanka time). */
function orderFilters(req: Request): { status?: string; OrderID?: string; from?: number; to?: number } {
  const q = OrderListQuerySchema.parse(req.query);
  const out: { status?: string; OrderID?: string; from?: number; to?: number } = {};
  if (q.status) out.status = q.status;
  if (q.OrderID) out.OrderID = q.OrderID;
  if (q.month || q.year) {
    const year = q.year ?? colomboYear();
    const range = q.month
      ? colomboMonthRange(year, Number(q.month))
      : { from: colomboMonthRange(year, 1).from, to: colomboMonthRange(year + 1, 1).from };
    out.from = range.from.getTime();
    out.to = range.to.getTime();
  }
  return out;
}

/** Most lines one checkout's orders are read for (a checkout's lines are numbered from 1). */
const MAX_CHECKOUT_LINES = 1000;

export function orderRoutes(book: OrderBook, rm: ReadModels, nudge: (hint?: OutboxHint) => void): Router {
  const r = Router();

  async function names(customerIds: string[]): Promise<Map<string, string>> {
    // One read by `_id` per customer: FerretDB 1.x answers `$in` by scanning the collection.
    const rows = await Promise.all([...new Set(customerIds)].map((id) => rm.customers.findById(id).lean()));
    const byId = new Map(rows.filter((c) => c !== null).map((c) => [c._id, c]));
    return new Map(customerIds.map((id) => [id, customerName(byId.get(id))]));
  }

  /** The selling companies' name and logo by seller id, as package orders show them ('Former seller' once deleted). */
  async function companies(sellerIds: string[]): Promise<(sellerId: string) => { companyname: string; logo: string }> {
    const sellers = (await Promise.all([...new Set(sellerIds)].map((id) => rm.sellers.findById(id).lean()))).filter((s) => s !== null);
    const byId = new Map(
      sellers.map((s) => [s._id, { companyname: s.deleted ? 'Former seller' : s.companyname, logo: s.deleted ? '' : s.logo }]),
    );
    return (sellerId) => byId.get(sellerId) ?? { companyname: '', logo: '' };
  }

  /**
   * One page of the caller's orders of a kind, newest first, and how many match. Served from the
   * owner-keyed list (store/ownerLists.ts): without filters one head and one or two bucket reads;
   * with a status or month filter a walk over this owner's buckets (grows with the owner's orders,
   * never with the collection); an OrderID names the checkout's lines by their derived ids. The
   * orders themselves are then read by `_id`.
   */
  async function orderPage<T extends ItemOrderDoc | PackageOrderDoc>(kind: OrderKind, req: Request, caller: Caller, page: PageRequest) {
    const model = (kind === 'item' ? book.itemOrders : book.packageOrders) as unknown as Model<T>;
    const f = orderFilters(req);
    const owner = listOwner(caller);
    const matches = (status: string, t: number) =>
      (!f.status || status === f.status) && (f.from === undefined || (t >= f.from && t < f.to!));
    let keys: string[];
    let total: number;
    if (f.OrderID) {
      const mine = scope(caller);
      const found: [string, ListEntry][] = [];
      for (let n = 1; n <= MAX_CHECKOUT_LINES; n++) {
        const o = await model.findById(`${f.OrderID}-${kind === 'item' ? 'I' : 'P'}${n}`).lean<T>();
        if (!o) break;
        const t = new Date(o.placedAt).getTime();
        if (Object.entries(mine).every(([k, v]) => o[k as keyof T] === v) && matches(o.status, t)) {
          found.push([o._id, { n, t, s: o.status }]);
        }
      }
      found.sort(newestFirst);
      keys = found.slice(page.skip, page.skip + page.limit).map(([k]) => k);
      total = found.length;
    } else if (!f.status && f.from === undefined) {
      const p = await book.lists.page(orderListId(kind, owner), page.skip, page.limit);
      keys = p.rows.map(([k]) => k);
      total = p.total;
    } else {
      const found: [string, ListEntry][] = [];
      for await (const row of book.lists.walk(orderListId(kind, owner))) {
        if (matches(String(row[1].s), row[1].t)) found.push(row);
      }
      found.sort(newestFirst);
      keys = found.slice(page.skip, page.skip + page.limit).map(([k]) => k);
      total = found.length;
    }
    const rows = (await Promise.all(keys.map((k) => model.findById(k).lean<T>()))).filter((o): o is NonNullable<typeof o> => o !== null);
    return { rows: rows as T[], total };
  }

  r.get('/Orders/getOrders', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'seller', 'admin');
    const page = pageRequest(req.query);
    const { rows, total } = await orderPage<ItemOrderDoc>('item', req, caller, page);
    const who = await names(rows.map((o) => o.CustomerID));
    sendList(
      res,
      page,
      rows.map((o) => itemOrderView(o, who.get(o.CustomerID)!)),
      total,
    );
  });

  r.get('/PackageOrders/getOrders', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'seller', 'admin');
    const page = pageRequest(req.query);
    const { rows, total } = await orderPage<PackageOrderDoc>('package', req, caller, page);
    const who = await names(rows.map((o) => o.CustomerID));
    const company = await companies(rows.map((o) => o.SellerID));
    sendList(
      res,
      page,
      rows.map((o) => packageOrderView(o, who.get(o.CustomerID)!, company(o.SellerID))),
      total,
    );
  });

  function statusRoute(path: string, model: Model<ItemOrderDoc> | Model<PackageOrderDoc>, kind: 'item' | 'package') {
    r.put(path, async (req, res) => {
      const caller = requireCaller(req, 'seller');
      const id = typeof req.params.id === 'string' && /^[A-Z0-9]{1,32}-[IP]\d{1,4}$/.test(req.params.id) ? req.params.id : null;
      const { status } = OrderStatusChangeSchema.parse(req.body);
      if (!id) throw notFound();
      const order = await (model as Model<ItemOrderDoc>).findById(id).lean<ItemOrderDoc>();
      if (!order || order.SellerID !== caller.id) throw notFound();
      if (!SELLER_STATUS_MOVES[order.status].includes(status as OrderStatus)) {
        throw conflict(`An order that is ${order.status} cannot be marked ${status}`);
      }
      const at = new Date();
      const written = await updateAggregate(model, order._id, order.aggregateVersion, { $set: { status, statusChangedAt: at } }, (v) => [
        pendingEvent('OrderStatusChanged', order.OrderID, v, {
          orderId: order.OrderID,
          orderLineId: order._id,
          kind,
          status,
          sellerId: order.SellerID,
          customerId: order.CustomerID,
        }),
        // A cancellation starts its saga (issue 16; cancellation/saga.ts): stock back, refund, e-mail.
        ...(status === 'Cancelled' ? [orderCancelled(kind, order, v + 1, at)] : []),
      ]);
      if (!written) throw conflict('This order was changed meanwhile, please try again');
      nudge({ model, id: order._id });
      await listOrder(book, kind, { ...order, status, statusChangedAt: at });
      const who = await names([order.CustomerID]);
      const updated = { ...order, status, statusChangedAt: at };
      res.json(
        kind === 'item'
          ? itemOrderView(updated, who.get(order.CustomerID)!)
          : packageOrderView(
              updated as unknown as PackageOrderDoc,
              who.get(order.CustomerID)!,
              (await companies([order.SellerID]))(order.SellerID),
            ),
      );
    });
  }
  statusRoute('/Orders/status/:id', book.itemOrders, 'item');
  statusRoute('/PackageOrders/status/:id', book.packageOrders, 'package');

  for (const path of ['/Orders/addOrder', '/PackageOrders/addOrder', '/orderhistory/addItems']) {
    r.post(path, (req) => {
      requireCaller(req, 'customer', 'seller', 'admin');
      throw new HttpError(410, ADD_ORDER_RETIRED);
    });
  }

  r.get('/orderhistory/getItems', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'seller', 'admin');
    if (caller.role === 'seller') throw forbidden();
    const page = pageRequest(req.query);
    const { q } = HistoryListQuerySchema.parse(req.query);
    // The caller's list (store/orders.ts), read by `_id`; a search walks that list's entries,
    // which carry the receipt number and payment type.
    const listId = historyListId(caller.role === 'customer' ? { by: 'c', id: caller.id } : { by: 'a' });
    let keys: string[];
    let total: number;
    if (!q) {
      const p = await book.lists.page(listId, page.skip, page.limit);
      keys = p.rows.map(([k]) => k);
      total = p.total;
    } else {
      const needle = q.toLowerCase();
      const found: [string, ListEntry][] = [];
      for await (const row of book.lists.walk(listId)) {
        if ([row[1].r, row[1].p].some((v) => String(v).toLowerCase().includes(needle))) found.push(row);
      }
      found.sort(newestFirst);
      keys = found.slice(page.skip, page.skip + page.limit).map(([k]) => k);
      total = found.length;
    }
    const rows = (await Promise.all(keys.map((k) => book.history.findById(k).lean<HistoryDoc>()))).filter(
      (h): h is HistoryDoc => h !== null,
    );
    sendList(res, page, rows.map(historyView), total);
  });

  r.get('/orderhistory/get/:id', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'admin');
    const h = await book.history.findOne({ _id: objectIdParam(req.params.id), ...scope(caller) }).lean<HistoryDoc>();
    if (!h) throw notFound();
    res.json(historyView(h));
  });

  r.get('/customerOrders/getCusOrder', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'admin');
    const page = pageRequest(req.query);
    const filter = caller.role === 'customer' ? { _id: caller.id } : {};
    const [rows, total] = await Promise.all([
      book.customerOrders.find(filter).sort({ _id: 1 }).skip(page.skip).limit(page.limit).lean(),
      book.customerOrders.countDocuments(filter),
    ]);
    sendList(
      res,
      page,
      rows.map((c) => ({ _id: c._id, CustomerID: c.CustomerID, Orders: c.Orders })),
      total,
    );
  });

  return r;
}
