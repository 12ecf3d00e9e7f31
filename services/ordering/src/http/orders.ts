/**
 * Orders, package orders, payment history and customer-order records (spec 000 and 001
 * section 7): every list answers only what the caller may see — a customer
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
  colomboMonthRange,
  colomboYear,
  type OrderStatus,
} from '@market/contracts';
import {
  byIds,
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
  searchPage,
  type SearchIndex,
  sendList,
  updateAggregate,
} from '@market/platform';
import { Router, type Request } from 'express';
import type { Model } from 'mongoose';
import { orderCancelled } from '../cancellation/events';
import { transactionSearch, type TransactionView } from '../domain/transactionSearch';
import { filterListId, monthKey, statusKey } from '../store/orderFilters';
import {
  CUSTOMER_ORDERS_LIST,
  type CustomerOrdersDoc,
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
import { orderCustomer, type OrderCustomer, type ReadModels } from '../store/readModels';

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

interface OrderFilters {
  status?: string;
  OrderID?: string;
  /** The placedAt range of the month or year asked for, ms. */
  from?: number;
  to?: number;
  /** The month sub-list keys of that range, newest first (store/orderFilters.ts). */
  months?: string[];
}

/** The filters of an order list: status, and the placedAt range of a month or a year (Sri Lanka time). */
function orderFilters(req: Request): OrderFilters {
  const q = OrderListQuerySchema.parse(req.query);
  const out: OrderFilters = {};
  if (q.status) out.status = q.status;
  if (q.OrderID) out.OrderID = q.OrderID;
  if (q.month || q.year) {
    const year = q.year ?? colomboYear();
    const range = q.month
      ? colomboMonthRange(year, Number(q.month))
      : { from: colomboMonthRange(year, 1).from, to: colomboMonthRange(year + 1, 1).from };
    out.from = range.from.getTime();
    out.to = range.to.getTime();
    out.months = q.month ? [monthKey(year, Number(q.month))] : Array.from({ length: 12 }, (_, i) => monthKey(year, 12 - i));
  }
  return out;
}

/** Most lines one checkout's orders are read for (a checkout's lines are numbered from 1). */
const MAX_CHECKOUT_LINES = 1000;

/**
 * @param transactions - the admin transaction search index (events/transactionProjection.ts)
 */
export function orderRoutes(
  book: OrderBook,
  rm: ReadModels,
  nudge: (hint?: OutboxHint) => void,
  transactions: SearchIndex<TransactionView>,
): Router {
  const r = Router();

  /** The customers of orders by id: name, delivery address and phone (store/readModels.ts). */
  async function names(customerIds: string[]): Promise<Map<string, OrderCustomer>> {
    // By `_id` (platform's byIds: `$in` would scan the collection on the local FerretDB).
    const byId = await byIds(rm.customers, customerIds);
    return new Map(customerIds.map((id) => [id, orderCustomer(byId.get(id))]));
  }

  /** Payment-history records with their customer's name (the admin's transactions). */
  async function named<T extends { CustomerID: string }>(records: T[]): Promise<(T & { CustomerName: string })[]> {
    const who = await names(records.map((h) => h.CustomerID));
    return records.map((h) => ({ ...h, CustomerName: who.get(h.CustomerID)!.CustomerName }));
  }

  /** The selling companies' name and logo by seller id, as package orders show them ('Former seller' once deleted). */
  async function companies(sellerIds: string[]): Promise<(sellerId: string) => { companyname: string; logo: string }> {
    const sellers = (await Promise.all([...new Set(sellerIds)].map((id) => rm.sellers.findById(id).lean()))).filter((s) => s !== null);
    const byId = new Map(
      sellers.map((s) => [s._id, { companyname: s.deleted ? 'Former seller' : s.companyname, logo: s.deleted ? '' : s.logo }]),
    );
    return (sellerId) => byId.get(sellerId) ?? { companyname: '', logo: '' };
  }

  /** A page of a list with holes: its total from the head, its rows by walking from the newest bucket. */
  async function densePage(listId: string, page: PageRequest): Promise<{ keys: string[]; total: number }> {
    const { total } = await book.lists.page(listId, 0, 0);
    const keys: string[] = [];
    let passed = 0;
    if (page.limit > 0)
      for await (const [k] of book.lists.walk(listId)) {
        if (passed++ < page.skip) continue;
        keys.push(k);
        if (keys.length >= page.limit) break;
      }
    return { keys, total };
  }

  /**
   * A page over several lists one after the other (months newest first): each list's total from
   * its head, then only the lists the page covers are read.
   */
  async function concatenatedPage(listIds: string[], page: PageRequest): Promise<{ keys: string[]; total: number }> {
    const totals = await Promise.all(listIds.map((id) => book.lists.page(id, 0, 0).then((p) => p.total)));
    const keys: string[] = [];
    let skip = page.skip;
    let want = page.limit;
    for (const [i, id] of listIds.entries()) {
      const n = totals[i]!;
      if (want <= 0) break;
      if (skip >= n) {
        skip -= n;
        continue;
      }
      const p = await book.lists.page(id, skip, Math.min(want, n - skip));
      keys.push(...p.rows.map(([k]) => k));
      want -= p.rows.length;
      skip = 0;
    }
    return { keys, total: totals.reduce((a, b) => a + b, 0) };
  }

  /**
   * One page of the caller's orders of a kind, newest first, and how many match. Served from the
   * owner-keyed list (packages/platform/src/lists): without filters, or with a month, one head and
   * one or two bucket reads (the month sub-lists, store/orderFilters.ts; a year reads its twelve
   * month heads first); one status reads its status sub-list from the newest bucket past the
   * holes of orders that moved on; a status within a month or
   * year walks the owner's rows of that period; an OrderID names the checkout's lines by their
   * derived ids. The orders themselves are then read by `_id`.
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
    } else if (!f.status && !f.months) {
      const p = await book.lists.page(orderListId(kind, owner), page.skip, page.limit);
      keys = p.rows.map(([k]) => k);
      total = p.total;
    } else if (!f.months) {
      // One status: the owner's status sub-list (store/orderFilters.ts), newest buckets first,
      // past the holes of orders that moved on to another status.
      ({ keys, total } = await densePage(filterListId(kind, owner, statusKey(f.status!)), page));
    } else if (!f.status) {
      // A month, or the months of a year: the owner's month sub-lists, newest month first.
      ({ keys, total } = await concatenatedPage(
        f.months.map((m) => filterListId(kind, owner, m)),
        page,
      ));
    } else {
      // A status within a month or a year: walk the owner's rows of that period.
      const found: [string, ListEntry][] = [];
      for (const m of f.months)
        for await (const row of book.lists.walk(filterListId(kind, owner, m))) if (matches(String(row[1].s), row[1].t)) found.push(row);
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
        // A cancellation starts its saga (cancellation/saga.ts): stock back, refund, e-mail.
        ...(status === 'Cancelled' ? [orderCancelled(kind, order, v + 1, at)] : []),
      ]);
      if (!written) throw conflict('This order was changed meanwhile, please try again');
      nudge({ model, id: order._id });
      await listOrder(book, kind, order);
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
    if (q && caller.role === 'admin') {
      // Every record of the marketplace, searched: the search index (domain/transactionSearch.ts).
      const { views, total } = await searchPage(transactions, transactionSearch(q), page);
      sendList(res, page, await named(views), total);
      return;
    }
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
    sendList(res, page, await named(rows.map(historyView)), total);
  });

  r.get('/orderhistory/get/:id', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'admin');
    const h = await book.history.findOne({ _id: objectIdParam(req.params.id), ...scope(caller) }).lean<HistoryDoc>();
    if (!h) throw notFound();
    res.json((await named([historyView(h)]))[0]);
  });

  r.get('/customerOrders/getCusOrder', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'admin');
    const page = pageRequest(req.query);
    let rows: CustomerOrdersDoc[];
    let total: number;
    if (caller.role === 'customer') {
      // The customer's own record, by `_id`.
      const own = await book.customerOrders.findById(caller.id).lean<CustomerOrdersDoc>();
      total = own ? 1 : 0;
      rows = own && page.skip === 0 && page.limit > 0 ? [own] : [];
    } else {
      // Every record, newest first: the admins' owner-keyed list (store/orders.ts), read by `_id`.
      const p = await book.lists.page(CUSTOMER_ORDERS_LIST, page.skip, page.limit);
      const found = await Promise.all(p.rows.map(([id]) => book.customerOrders.findById(id).lean<CustomerOrdersDoc>()));
      rows = found.filter((c): c is CustomerOrdersDoc => c !== null);
      total = p.total;
    }
    sendList(
      res,
      page,
      rows.map((c) => ({ _id: c._id, CustomerID: c.CustomerID, Orders: c.Orders })),
      total,
    );
  });

  return r;
}
