/**
 * Orders, package orders, payment history and customer-order records (spec 000 and 001
 * section 7): every list answers only what the caller may see — a customer
 * their own, a seller the orders of their items and packages, an admin all — with paging and
 * filters (month and year of TransitTime in Sri Lanka time, status, who cancelled, OrderID). Sellers move their
 * own orders along (Confirmed → Shipped with courier and tracking, or Cancelled; Shipped →
 * Delivered), and a customer cancels an own Confirmed order (issue 31 item 2): the use case
 * fulfilment/changeStatus.ts, which records OrderStatusChanged (and OrderCancelled, starting the
 * cancellation saga). The documented `POST .../addOrder` and
 * `POST /orderhistory/addItems` are retired (410): orders come only from the checkout command,
 * never with client prices. Every list is a search read model on OpenSearch (README "Search"),
 * newest first with exact totals; a single record is read by `_id`.
 */
import {
  ADD_ORDER_RETIRED,
  HistoryListQuerySchema,
  OrderListQuerySchema,
  OrderStatusChangeSchema,
  OrderCustomerCancelSchema,
  OrderCodOutcomeSchema,
  OrderResolveSchema,
  colomboMonthRange,
  colomboYear,
  type OrderStatus,
} from '@market/contracts';
import {
  badRequest,
  byIds,
  type Caller,
  forbidden,
  HttpError,
  notFound,
  objectIdParam,
  type OutboxHint,
  pageRequest,
  type PageRequest,
  requireCaller,
  searchPage,
  sendList,
} from '@market/platform';
import { Router, type Request } from 'express';
import { Types, type Model } from 'mongoose';
import type { CheckoutDoc } from '../store/checkouts';
import { recordCodOutcome } from '../fulfilment/cashOnDelivery';
import { changeOrderStatus } from '../fulfilment/changeStatus';
import { orderListSearch, type OrderListFilters, type OrderListOwner } from '../domain/orderSearch';
import { customerOrdersSearch, transactionSearch } from '../domain/transactionSearch';
import {
  type CustomerOrdersDoc,
  codHistoryView,
  itemOrderView,
  packageOrderView,
  type HistoryDoc,
  type ItemOrderDoc,
  type OrderBook,
  type OrderKind,
  type OrderSearch,
  type PackageOrderDoc,
} from '../store/orders';
import { orderCustomer, type OrderCustomer, type ReadModels } from '../store/readModels';
import { withReturnInfo, type ReturnInfoDeps } from '../returns/orderInfo';

const DAY_MS = 86_400_000;

/** The instant a Sri Lanka day `YYYY-MM-DD` starts, ms. */
const colomboDayStart = (day: string) => Date.parse(`${day}T00:00:00+05:30`);

function scope(caller: Caller): Record<string, string> {
  if (caller.role === 'customer') return { CustomerID: caller.id };
  if (caller.role === 'seller') return { SellerID: caller.id };
  return {};
}

/** Whose orders the caller sees: a customer's own, a seller's, or every order for an admin. */
export function listOwner(caller: Caller): OrderListOwner {
  if (caller.role === 'customer') return { customerId: caller.id };
  if (caller.role === 'seller') return { sellerId: caller.id };
  return 'everyone';
}

/** The filters of an order list: status, OrderID, and a month or a year of placedAt (Sri Lanka time). */
export function orderFilters(req: Request): OrderListFilters {
  const q = OrderListQuerySchema.parse(req.query);
  const out: OrderListFilters = {};
  if (q.status) out.status = q.status;
  if (q.cancelledBy) out.cancelledBy = q.cancelledBy;
  if (q.OrderID) out.OrderID = q.OrderID;
  if (q.SellerID) out.sellerId = q.SellerID;
  if (q.customer) out.customer = q.customer;
  if (q.sort) out.sort = q.sort;
  // Days asked for (issue 30 item 8), from the start of `from` to the end of `to`, Sri Lanka time.
  if (q.from) out.from = colomboDayStart(q.from);
  if (q.to) out.to = colomboDayStart(q.to) + DAY_MS;
  if (out.from !== undefined && out.to !== undefined && out.from >= out.to)
    throw badRequest('from must not be after to', { from: 'from must not be after to' });
  if (!q.from && !q.to && (q.month || q.year)) {
    const year = q.year ?? colomboYear();
    if (q.month) out.month = `${year}-${String(Number(q.month)).padStart(2, '0')}`;
    else {
      out.from = colomboMonthRange(year, 1).from.getTime();
      out.to = colomboMonthRange(year + 1, 1).from.getTime();
    }
  }
  return out;
}

/**
 * @param search - the orders, transactions and customer-orders read models every list here reads
 *   (events/orderProjection.ts, events/transactionProjection.ts); 503 while OpenSearch is down
 * @param returnInfo - the returns and the return window, for the answers' `Return` and
 *   `ReturnableUntil` (issue 31 item 3; returns/orderInfo.ts); without it answers carry neither
 */
export function orderRoutes(
  book: OrderBook,
  rm: ReadModels,
  nudge: (hint?: OutboxHint) => void,
  search: OrderSearch,
  checkouts: Model<CheckoutDoc>,
  returnInfo?: ReturnInfoDeps,
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

  /**
   * One page of the caller's orders of a kind, newest first, and how many match: the orders read
   * model (domain/orderSearch.ts), one search per page.
   * @throws HttpError 400 for a bad filter or a page past the search window, 503 while OpenSearch is down
   */
  async function orderPage(kind: OrderKind, req: Request, caller: Caller, page: PageRequest) {
    const { views, total } = await searchPage(search.orders, orderListSearch(kind, listOwner(caller), orderFilters(req)), page);
    return { rows: views, total };
  }

  r.get('/Orders/getOrders', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'seller', 'admin');
    const page = pageRequest(req.query);
    const { rows, total } = await orderPage('item', req, caller, page);
    const who = await names(rows.map((o) => o.CustomerID));
    sendList(
      res,
      page,
      await withReturnInfo(
        returnInfo,
        rows.map((o) => itemOrderView(o, who.get(o.CustomerID)!)),
      ),
      total,
    );
  });

  r.get('/PackageOrders/getOrders', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'seller', 'admin');
    const page = pageRequest(req.query);
    const { rows, total } = await orderPage('package', req, caller, page);
    const who = await names(rows.map((o) => o.CustomerID));
    const company = await companies(rows.map((o) => o.SellerID));
    sendList(
      res,
      page,
      await withReturnInfo(
        returnInfo,
        rows.map((o) => packageOrderView(o, who.get(o.CustomerID)!, company(o.SellerID))),
      ),
      total,
    );
  });

  /** A line as a seller's write answers it: the order with its customer (and company for a package order). */
  async function lineView(kind: OrderKind, updated: ItemOrderDoc) {
    const who = await names([updated.CustomerID]);
    const view =
      kind === 'item'
        ? itemOrderView(updated, who.get(updated.CustomerID)!)
        : packageOrderView(
            updated as unknown as PackageOrderDoc,
            who.get(updated.CustomerID)!,
            (await companies([updated.SellerID]))(updated.SellerID),
          );
    return (await withReturnInfo(returnInfo, [view]))[0]!;
  }

  /**
   * One order with its payment (issue 30 item 8): its customer, its seller or an admin; 404 for
   * anyone else. The payment is the checkout's history record, read by `_id` through the checkout.
   */
  function detailRoute(path: string, kind: OrderKind) {
    r.get(path, async (req, res) => {
      const caller = requireCaller(req, 'customer', 'seller', 'admin');
      const id = lineIdOf(req);
      if (!id) throw notFound();
      const model = (kind === 'item' ? book.itemOrders : book.packageOrders) as unknown as Model<ItemOrderDoc>;
      const order = await model.findById(id).lean<ItemOrderDoc>();
      const mine =
        caller.role === 'admin' ||
        (caller.role === 'customer' && order?.CustomerID === caller.id) ||
        (caller.role === 'seller' && order?.SellerID === caller.id);
      if (!order || !mine) throw notFound();
      const c = await checkouts.findById(order.OrderID).lean<CheckoutDoc>();
      const h = c?.payment ? await book.history.findById(new Types.ObjectId(c.payment.historyId)).lean<HistoryDoc>() : null;
      if (!h) throw notFound();
      const pay = await codHistoryView(book, h);
      res.json({
        ...(await lineView(kind, order)),
        Payment: {
          _id: pay._id,
          RecieptNo: pay.RecieptNo,
          PaymentType: pay.PaymentType,
          status: pay.status,
          Amount: pay.Amount,
          ...(pay.RefundedAmount !== undefined ? { RefundedAmount: pay.RefundedAmount } : {}),
          ...('CollectedAmount' in pay ? { CollectedAmount: pay.CollectedAmount } : {}),
        },
      });
    });
  }

  /** The `{id}` of a seller's line route when it has an order line's form, else null (404). */
  const lineIdOf = (req: Request): string | null =>
    typeof req.params.id === 'string' && /^[A-Z0-9]{1,32}-[IP]\d{1,4}$/.test(req.params.id) ? req.params.id : null;

  function statusRoute(path: string, kind: 'item' | 'package') {
    r.put(path, async (req, res) => {
      const caller = requireCaller(req, 'seller');
      const id = lineIdOf(req);
      const { status, courier, courierName, trackingNumber, expectedDelivery, version } = OrderStatusChangeSchema.parse(req.body);
      if (!id) throw notFound();
      // The shipment is optional for the documented client's `{ status }` (fulfilment/changeStatus.ts).
      const shipment =
        courier && trackingNumber
          ? { courier, trackingNumber, ...(courierName ? { courierName } : {}), ...(expectedDelivery ? { expectedDelivery } : {}) }
          : undefined;
      const updated = await changeOrderStatus(
        { book, nudge },
        { actor: { sellerId: caller.id }, kind, orderLineId: id, status: status as OrderStatus, shipment, version },
      );
      res.json(await lineView(kind, updated));
    });
  }

  /**
   * The customer cancels an own Confirmed, unshipped line with a reason (issue 31 item 2): the
   * cancellation saga gives the stock back, refunds once and e-mails the customer and the seller.
   * 404 for another's line, 409 once shipped, not Confirmed, or changed since `version`.
   */
  function customerCancelRoute(path: string, kind: 'item' | 'package') {
    r.put(path, async (req, res) => {
      const caller = requireCaller(req, 'customer');
      const id = lineIdOf(req);
      const { reason, version } = OrderCustomerCancelSchema.parse(req.body);
      if (!id) throw notFound();
      const updated = await changeOrderStatus(
        { book, nudge },
        { actor: { customerId: caller.id, reason }, kind, orderLineId: id, status: 'Cancelled', version },
      );
      res.json(await lineView(kind, updated));
    });
  }
  customerCancelRoute('/Orders/cancel/:id', 'item');
  customerCancelRoute('/PackageOrders/cancel/:id', 'package');
  detailRoute('/Orders/get/:id', 'item');
  detailRoute('/PackageOrders/get/:id', 'package');
  statusRoute('/Orders/status/:id', 'item');
  statusRoute('/PackageOrders/status/:id', 'package');

  /** An admin finishes any seller's order its seller cannot (issue 30; contracts' ADMIN_STATUS_MOVES), with the reason kept. */
  function resolveRoute(path: string, kind: 'item' | 'package') {
    r.put(path, async (req, res) => {
      const caller = requireCaller(req, 'admin');
      const id = lineIdOf(req);
      const { status, reason } = OrderResolveSchema.parse(req.body);
      if (!id) throw notFound();
      const updated = await changeOrderStatus(
        { book, nudge },
        { actor: { note: { by: 'admin', adminId: caller.id, reason } }, kind, orderLineId: id, status },
      );
      res.json(await lineView(kind, updated));
    });
  }
  resolveRoute('/Orders/resolve/:id', 'item');
  resolveRoute('/PackageOrders/resolve/:id', 'package');

  /** Cash on delivery: collected or refused at the door (fulfilment/cashOnDelivery.ts; issue 29). */
  function codRoute(path: string, kind: 'item' | 'package') {
    r.put(path, async (req, res) => {
      const caller = requireCaller(req, 'seller', 'admin');
      const id = lineIdOf(req);
      const { outcome } = OrderCodOutcomeSchema.parse(req.body);
      if (!id) throw notFound();
      // An admin records the outcome of any seller's order (issue 30: one whose seller left).
      const actor =
        caller.role === 'seller'
          ? { sellerId: caller.id }
          : { note: { by: 'admin' as const, adminId: caller.id, reason: `Cash on delivery ${outcome} (recorded by the marketplace)` } };
      const updated = await recordCodOutcome({ book, nudge }, { actor, kind, orderLineId: id, outcome });
      res.json(await lineView(kind, updated));
    });
  }
  codRoute('/Orders/cod/:id', 'item');
  codRoute('/PackageOrders/cod/:id', 'package');

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
    // The caller's records (a customer's own, every record for an admin), searched by receipt
    // number or payment type with `q`: the transactions read model (domain/transactionSearch.ts).
    const { views, total } = await searchPage(
      search.transactions,
      transactionSearch(q, caller.role === 'customer' ? caller.id : undefined),
      page,
    );
    sendList(res, page, await named(views), total);
  });

  r.get('/orderhistory/get/:id', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'admin');
    const h = await book.history.findOne({ _id: objectIdParam(req.params.id), ...scope(caller) }).lean<HistoryDoc>();
    if (!h) throw notFound();
    res.json((await named([await codHistoryView(book, h)]))[0]);
  });

  r.get('/customerOrders/getCusOrder', async (req, res) => {
    const caller = requireCaller(req, 'customer', 'admin');
    const page = pageRequest(req.query);
    if (caller.role === 'customer') {
      // The customer's own record, by `_id`.
      const own = await book.customerOrders.findById(caller.id).lean<CustomerOrdersDoc>();
      const rows = own && page.skip === 0 && page.limit > 0 ? [own] : [];
      sendList(
        res,
        page,
        rows.map((c) => ({ _id: c._id, CustomerID: c.CustomerID, Orders: c.Orders })),
        own ? 1 : 0,
      );
      return;
    }
    // Every record, newest first: the customer-orders read model (events/transactionProjection.ts).
    const { views, total } = await searchPage(search.customerOrders, customerOrdersSearch(), page);
    sendList(res, page, views, total);
  });

  return r;
}
