/**
 * What each report shows, built from the read models only (docs/architecture.md, Jobs: never from rows a
 * client sent): the seller's monthly item and package sales, the admin's customers, sellers,
 * transactions and review reports. Each becomes a {@link ReportSpec} whose rows come from a
 * database cursor; the seller's screen reads the same figures as JSON ({@link sellerSales}).
 */
import {
  MONTH_NAMES,
  colomboClock,
  DELIVERY_AND_VAT_CENTS,
  colomboDate,
  rupees,
  type ItemSalesRow,
  type PackageSalesRow,
  type ReportJobParams,
  type ReportKind,
  type SalesSummary,
  type SellerSales,
} from '@market/contracts';
import { notFound } from '@market/platform';
import type { Model } from 'mongoose';
import { SalesAccumulator, type SalesTotals } from '../domain/figures';
import { rs } from '../domain/money';
import { keyOf, usDate } from '../domain/time';
import type { Cell, Column, ReportSpec } from '../pdf/render';
import { refundedOf, type ItemRM, type OrderRM, type PackageRM, type ReadModels, type SaleRM, type SellerRM } from '../store/readModels';

export const NO_SALES = 'No sales in this month';

const BATCH = 500;

const TITLES: Record<ReportKind, string> = {
  items: 'Monthly Sales Report',
  packages: 'Monthly Package Sales Report',
  customers: 'Customer Monthly Report',
  sellers: 'Monthly Seller Report',
  transactions: 'Transaction Report',
  reviews: 'Review and Rating Report',
  packingSlip: 'Packing Slip',
};

const monthLabel = (p: ReportJobParams) => `${MONTH_NAMES[Number(p.month) - 1]} ${p.year}`;

/** Caches look-ups by `_id` for the length of one report (a distinct item is read once). */
function byId<T>(model: Model<T>, projection: Record<string, 1>) {
  const cache = new Map<string, T | null>();
  return async (id: string): Promise<T | null> => {
    if (!cache.has(id)) cache.set(id, (await model.findById(id, projection).lean<T>()) ?? null);
    return cache.get(id)!;
  };
}

/**
 * The seller's sale lines a month counts: not cancelled, and a cash-on-delivery line only once its
 * cash is collected (then in the month of collection; README "Cash on delivery").
 */
function salesFilter(sellerId: string, kind: 'item' | 'package', p: ReportJobParams) {
  return { sellerId, kind, month: keyOf(p.year, p.month), status: { $ne: 'Cancelled' }, cod: { $ne: 'Pending' } };
}

/**
 * The seller's cash-on-delivery lines of a kind whose cash is not collected yet, of any month, not
 * cancelled: how many and what they collect (cents; unit price × quantity, the delivery and VAT
 * being the marketplace's). Shown apart from the month's totals.
 */
async function pendingCashOnDelivery(
  rm: ReadModels,
  sellerId: string,
  kind: 'item' | 'package',
): Promise<{ orders: number; cents: number }> {
  let orders = 0;
  let cents = 0;
  const filter = { sellerId, kind, cod: 'Pending', status: { $ne: 'Cancelled' } };
  for await (const s of rm.sales.find(filter, { quantity: 1, unitPriceCents: 1 }).lean<SaleRM>().cursor({ batchSize: BATCH })) {
    orders++;
    cents += s.unitPriceCents * s.quantity;
  }
  return { orders, cents };
}

/**
 * The refunds of the seller's returns of a kind paid in the month (issue 31 item 3): how many and
 * how much (cents), from the return refunds kept by return id (store/readModels.ts).
 */
async function returnRefundsOf(rm: ReadModels, sellerId: string, kind: 'item' | 'package', p: ReportJobParams) {
  let returns = 0;
  let cents = 0;
  const filter = { sellerId, kind, month: keyOf(p.year, p.month) };
  for await (const r of rm.returnRefunds.find(filter, { amountCents: 1 }).lean().cursor({ batchSize: BATCH })) {
    returns++;
    cents += r.amountCents;
  }
  return { returns, cents };
}

/** One pass over the seller's sale lines of the month: the totals. */
async function totalsOf(rm: ReadModels, filter: Record<string, unknown>): Promise<SalesTotals> {
  const acc = new SalesAccumulator();
  const cursor = rm.sales
    .find(filter, { orderId: 1, kind: 1, productId: 1, quantity: 1, unitPriceCents: 1 })
    .lean<SaleRM>()
    .cursor({ batchSize: BATCH });
  for await (const s of cursor) acc.add(s as SaleRM);
  return acc.totals();
}

/** The seller's sale lines of the month, oldest first, with their product's names. */
async function* saleRows(rm: ReadModels, filter: Record<string, unknown>, kind: 'item' | 'package') {
  const item = byId<ItemRM>(rm.items, { Item_name: 1, Brand: 1, Stock_keeping_unit: 1 });
  const pkg = byId<PackageRM>(rm.packages, { packageName: 1, description: 1 });
  const cursor = rm.sales.find(filter).sort({ placedAt: 1, _id: 1 }).lean<SaleRM>().cursor({ batchSize: BATCH });
  let no = 0;
  for await (const raw of cursor) {
    const s = raw as SaleRM;
    no++;
    const base = { No: no, OrderDate: colomboDate(s.placedAt), OrderID: s.orderId, Quantity: s.quantity, unitCents: s.unitPriceCents };
    if (kind === 'item') {
      const i = await item(s.productId);
      yield { ...base, ItemName: i?.Item_name ?? 'Removed item', Brand: i?.Brand ?? '', SKU: i?.Stock_keeping_unit ?? '', Description: '' };
    } else {
      const p = await pkg(s.productId);
      yield { ...base, ItemName: p?.packageName ?? 'Removed package', Brand: '', SKU: '', Description: p?.description ?? '' };
    }
  }
}

async function sellerOf(rm: ReadModels, sellerId: string): Promise<SellerRM> {
  const s = await rm.sellers.findById(sellerId).lean<SellerRM>();
  if (!s || s.state === 'deleted') throw notFound('No such seller');
  return s;
}

function summaryOf(seller: SellerRM, kind: 'item' | 'package', t: SalesTotals, now: Date): SalesSummary {
  return {
    CompanyName: seller.companyname,
    OwnerName: seller.ownername,
    Address: seller.address,
    Email: seller.email,
    pNo: seller.mobile,
    TotalOrders: t.orders,
    ...(kind === 'item' ? { TotalItems: t.products, TotalStockSold: t.units } : { TotalPackages: t.products }),
    TotalIncome: rupees(t.incomeCents),
    TotalOutgoings: rupees(t.outgoingsCents),
    TotalProfit: rupees(t.profitCents),
    Date: usDate(now),
  };
}

/** The seller's monthly sales as the screen shows them: the summary and every row. */
export async function sellerSales(
  rm: ReadModels,
  sellerId: string,
  kind: 'items' | 'packages',
  p: ReportJobParams,
  now = new Date(),
): Promise<SellerSales> {
  const k = kind === 'items' ? 'item' : 'package';
  const seller = await sellerOf(rm, sellerId);
  const filter = salesFilter(sellerId, k, p);
  const totals = await totalsOf(rm, filter);
  const pending = await pendingCashOnDelivery(rm, sellerId, k);
  const rows: (ItemSalesRow | PackageSalesRow)[] = [];
  for await (const r of saleRows(rm, filter, k)) {
    const money = { UnitPrice: rupees(r.unitCents), TotalPrice: rupees(r.unitCents * r.Quantity) };
    const common = { No: r.No, OrderDate: r.OrderDate, OrderID: r.OrderID, ItemName: r.ItemName };
    rows.push(
      k === 'item'
        ? { ...common, Brand: r.Brand, SKU: r.SKU, Quantity: r.Quantity, ...money }
        : { ...common, Description: r.Description, Quantity: r.Quantity, ...money },
    );
  }
  return {
    kind,
    currency: 'LKR',
    month: p.month,
    year: p.year,
    summary: { ...summaryOf(seller, k, totals, now), pendingCashOnDelivery: { orders: pending.orders, amount: rupees(pending.cents) } },
    rows: rows as SellerSales['rows'],
  };
}

async function salesReport(
  rm: ReadModels,
  kind: 'items' | 'packages',
  sellerId: string,
  p: ReportJobParams,
  now: Date,
): Promise<ReportSpec> {
  const k = kind === 'items' ? 'item' : 'package';
  const seller = await sellerOf(rm, sellerId);
  const filter = salesFilter(sellerId, k, p);
  const t = await totalsOf(rm, filter);
  const s = summaryOf(seller, k, t, now);
  const pending = await pendingCashOnDelivery(rm, sellerId, k);
  const refunds = await returnRefundsOf(rm, sellerId, k, p);
  const columns: Column[] =
    k === 'item'
      ? [
          { header: 'No', width: 4 },
          { header: 'Order Date', width: 9 },
          { header: 'OrderID', width: 12 },
          { header: 'Item Name', width: 18 },
          { header: 'Brand', width: 9 },
          { header: 'SKU', width: 17 },
          { header: 'Quantity', width: 7, align: 'right' },
          { header: 'Unit Price', width: 12, align: 'right' },
          { header: 'Total Price', width: 13, align: 'right' },
        ]
      : [
          { header: 'No', width: 4 },
          { header: 'Order Date', width: 9 },
          { header: 'OrderID', width: 11 },
          { header: 'Item Name', width: 18 },
          { header: 'Description', width: 26 },
          { header: 'Quantity', width: 7, align: 'right' },
          { header: 'Unit Price', width: 12, align: 'right' },
          { header: 'Total Price', width: 13, align: 'right' },
        ];
  return {
    title: TITLES[kind],
    heading: seller.companyname,
    subtitle: [`Report date: ${s.Date}`, `Month: ${monthLabel(p)} · Currency: LKR`],
    summary: [
      ['Company Name', s.CompanyName],
      ['Owner Name', s.OwnerName],
      ['Address', s.Address],
      ['E-mail', s.Email],
      ['Phone', s.pNo],
      ['Date', s.Date],
      ['Total Orders', String(s.TotalOrders)],
      ...(k === 'item'
        ? ([
            ['Total Items', String(s.TotalItems)],
            ['Total Stock Sold', String(s.TotalStockSold)],
          ] as [string, string][])
        : ([['Total Packages', String(s.TotalPackages)]] as [string, string][])),
      ['Total Income', rs(t.incomeCents)],
      ['Total Outgoings', rs(t.outgoingsCents)],
      ['Total Profit', rs(t.profitCents)],
      ['Cash on delivery not yet collected', `${pending.orders} · ${rs(pending.cents)}`],
      ['Refunds of returns', `${refunds.returns} · ${rs(refunds.cents)}`],
    ],
    columns,
    // One row per sale line (an order with two lines has two rows).
    rowCount: t.lines,
    emptyText: NO_SALES,
    rows: async function* () {
      for await (const r of saleRows(rm, filter, k)) {
        const money = [{ cents: r.unitCents }, { cents: r.unitCents * r.Quantity }];
        yield k === 'item'
          ? [String(r.No), r.OrderDate, r.OrderID, r.ItemName, r.Brand, r.SKU, String(r.Quantity), ...money]
          : [String(r.No), r.OrderDate, r.OrderID, r.ItemName, r.Description, String(r.Quantity), ...money];
      }
    },
  };
}

const adminHeading = 'Administrator';

async function customersReport(rm: ReadModels, p: ReportJobParams, now: Date): Promise<ReportSpec> {
  const filter = { month: keyOf(p.year, p.month), deleted: { $ne: true } };
  const count = await rm.customers.countDocuments(filter);
  const all = await rm.customers.countDocuments({ deleted: { $ne: true } });
  return {
    title: TITLES.customers,
    heading: adminHeading,
    subtitle: [`Report date: ${usDate(now)}`, `Month: ${monthLabel(p)}`],
    summary: [
      [`Registered in ${monthLabel(p)}`, String(count)],
      ['All customers', String(all)],
    ],
    columns: [
      { header: 'No', width: 4 },
      { header: 'First Name', width: 12 },
      { header: 'Last Name', width: 12 },
      { header: 'Username', width: 12 },
      { header: 'E-mail', width: 20 },
      { header: 'Phone', width: 10 },
      { header: 'Address', width: 20 },
      { header: 'Registered', width: 9 },
    ],
    rowCount: count,
    emptyText: 'No customers registered in this month',
    rows: async function* () {
      let no = 0;
      for await (const c of rm.customers.find(filter).sort({ newlyAddeddate: 1, _id: 1 }).lean().cursor({ batchSize: BATCH })) {
        yield [String(++no), c.firstName, c.lastName, c.username, c.email, c.phoneNumber, c.address, colomboDate(c.newlyAddeddate)];
      }
    },
  };
}

async function sellersReport(rm: ReadModels, p: ReportJobParams, now: Date): Promise<ReportSpec> {
  const filter = { month: keyOf(p.year, p.month), state: 'approved' };
  const count = await rm.sellers.countDocuments(filter);
  const all = await rm.sellers.countDocuments({ state: 'approved' });
  return {
    title: TITLES.sellers,
    heading: adminHeading,
    subtitle: [`Report date: ${usDate(now)}`, `Month: ${monthLabel(p)}`],
    summary: [
      [`Accepted in ${monthLabel(p)}`, String(count)],
      ['All sellers', String(all)],
    ],
    columns: [
      { header: 'No', width: 4 },
      { header: 'Company Name', width: 16 },
      { header: 'Owner Name', width: 14 },
      { header: 'E-mail', width: 20 },
      { header: 'Mobile', width: 10 },
      { header: 'Address', width: 22 },
      { header: 'Accepted', width: 9 },
    ],
    rowCount: count,
    emptyText: 'No sellers accepted in this month',
    rows: async function* () {
      let no = 0;
      for await (const s of rm.sellers.find(filter).sort({ acceptedDate: 1, _id: 1 }).lean().cursor({ batchSize: BATCH })) {
        yield [String(++no), s.companyname, s.ownername, s.email, s.mobile, s.address, s.acceptedDate ? colomboDate(s.acceptedDate) : ''];
      }
    },
  };
}

async function transactionsReport(rm: ReadModels, p: ReportJobParams, now: Date): Promise<ReportSpec> {
  const filter = { month: keyOf(p.year, p.month) };
  let count = 0;
  let paid = 0;
  let refunded = 0;
  let refundedCents = 0;
  for await (const t of rm.transactions
    .find(filter, { amountCents: 1, status: 1, refundedCents: 1, PaymentType: 1, collectedCents: 1 })
    .lean()
    .cursor({ batchSize: BATCH })) {
    count++;
    // Cash on delivery: paid is the cash collected so far (nothing is refunded).
    if (t.PaymentType === 'CashOnDelivery') {
      paid += t.collectedCents ?? 0;
      continue;
    }
    // A seller's cancellation refunds part or all of a payment: paid is what was kept.
    const back = refundedOf(t);
    if (back > 0) refunded++;
    refundedCents += back;
    paid += t.amountCents - back;
  }
  const customer = byId(rm.customers, { firstName: 1, lastName: 1, deleted: 1 });
  return {
    title: TITLES.transactions,
    heading: adminHeading,
    subtitle: [`Report date: ${usDate(now)}`, `Month: ${monthLabel(p)} · Currency: LKR`],
    summary: [
      ['Transactions', String(count)],
      ['Refunded', String(refunded)],
      ['Total refunded', rs(refundedCents)],
      ['Total paid', rs(paid)],
    ],
    columns: [
      { header: 'No', width: 4 },
      { header: 'Transaction Time', width: 14 },
      { header: 'Payment Type', width: 12 },
      { header: 'Receipt No', width: 12 },
      { header: 'Customer First Name', width: 13 },
      { header: 'Customer Last Name', width: 13 },
      // Wide enough for "PartiallyRefunded" (issue 30 item 5: it was cut to an ellipsis).
      { header: 'Status', width: 14 },
      { header: 'Total', width: 13, align: 'right' },
    ],
    rowCount: count,
    emptyText: 'No transactions in this month',
    rows: async function* () {
      let no = 0;
      for await (const t of rm.transactions.find(filter).sort({ at: 1, _id: 1 }).lean().cursor({ batchSize: BATCH })) {
        const c = await customer(t.customerId);
        const gone = !c || c.deleted;
        const time = `${colomboDate(t.at)} ${colomboClock(t.at)}`;
        yield [
          String(++no),
          time,
          t.PaymentType,
          t.RecieptNo,
          gone ? 'Former' : c.firstName,
          gone ? 'customer' : c.lastName,
          t.status,
          { cents: t.amountCents },
        ];
      }
    },
  };
}

async function reviewsReport(rm: ReadModels, itemId: string, now: Date): Promise<ReportSpec> {
  const item = await rm.items.findById(itemId).lean<ItemRM>();
  if (!item) throw notFound('No such item');
  const filter = { itemid: itemId, deleted: { $ne: true } };
  let count = 0;
  let stars = 0;
  for await (const r of rm.reviews.find(filter, { noofstars: 1 }).lean().cursor({ batchSize: BATCH })) {
    count++;
    stars += r.noofstars;
  }
  const customer = byId(rm.customers, { firstName: 1, lastName: 1, deleted: 1 });
  return {
    title: TITLES.reviews,
    heading: adminHeading,
    subtitle: [`Report date: ${usDate(now)}`, `Item: ${item.Item_name} (${item.Brand})`],
    summary: [
      ['Item', item.Item_name],
      ['Brand', item.Brand],
      ['SKU', item.Stock_keeping_unit],
      ['Reviews', String(count)],
      // Spec 001 section 9: the average is the sum over the count, truncated.
      ['Rating', count ? `${Math.trunc(stars / count)}/5` : 'No Ratings yet!'],
    ],
    columns: [
      { header: 'No', width: 4 },
      { header: 'Customer Name', width: 16 },
      { header: 'Review', width: 56 },
      { header: 'Rating', width: 7 },
      { header: 'Date', width: 10 },
    ],
    rowCount: count,
    emptyText: 'No reviews of this item yet',
    rows: async function* () {
      let no = 0;
      for await (const r of rm.reviews.find(filter).sort({ date: 1, _id: 1 }).lean().cursor({ batchSize: BATCH })) {
        const c = await customer(r.customerid);
        const name = !c || c.deleted ? 'Former customer' : `${c.firstName} ${c.lastName}`;
        yield [String(++no), name, r.description.replace(/\s+/g, ' '), `${r.noofstars}/5`, colomboDate(r.date)];
      }
    },
  };
}

/**
 * The packing slip of one order line (issue 29), printed by its seller and put in the parcel:
 * the order number and line, the date (Sri Lanka), the seller, where to deliver (the checkout's
 * copy of the address, or "No delivery address given"), what to collect in cash for a
 * cash-on-delivery line not yet collected (its total, plus the checkout's delivery and VAT on its
 * first line) or how it was paid, a received-by line, and the line's products with SKU and quantity
 * (a package lists its items). From reporting's read models only.
 * @throws {HttpError} 404 when the order line is not one of `sellerId`'s
 */
async function packingSlip(rm: ReadModels, orderLineId: string, sellerId: string, now: Date): Promise<ReportSpec> {
  const sale = await rm.sales.findById(orderLineId).lean<SaleRM>();
  if (!sale || sale.sellerId !== sellerId) throw notFound('Order not found');
  const order = await rm.orders.findById(sale.orderId).lean<OrderRM>();
  const seller = await sellerOf(rm, sellerId);
  const to = order?.deliverTo;
  const first = order?.lines[0]?.lineId === orderLineId;
  const totalCents = sale.unitPriceCents * sale.quantity + (first ? DELIVERY_AND_VAT_CENTS : 0);
  const payment =
    order?.paymentType === 'CashOnDelivery'
      ? sale.cod === 'Collected'
        ? ['Payment', `Cash on delivery, collected ${rs(totalCents)}`]
        : ['Cash on delivery', `COLLECT ${rs(totalCents)} IN CASH`]
      : ['Payment', `Paid${order?.paymentType ? ` by ${order.paymentType === 'PayPal' ? 'PayPal' : 'card'}` : ''}`];
  const rows: Cell[][] = [];
  if (sale.kind === 'item') {
    const item = await rm.items.findById(sale.productId).lean<ItemRM>();
    rows.push([item?.Item_name ?? 'Removed item', item?.Stock_keeping_unit ?? '', String(sale.quantity)]);
  } else {
    const pkg = await rm.packages.findById(sale.productId).lean<PackageRM>();
    rows.push([pkg?.packageName ?? 'Removed package', 'Package', String(sale.quantity)]);
  }
  return {
    title: TITLES.packingSlip,
    heading: seller.companyname,
    subtitle: [`Order ${sale.orderId} · line ${orderLineId}`, `Ordered ${colomboDate(sale.placedAt)} · printed ${usDate(now)}`],
    summary: [
      ['Deliver to', to ? to.recipient : 'No delivery address given'],
      ...((to
        ? [
            ['Address', [to.line1, to.line2].filter((l) => l).join(', ')],
            ['City', `${to.city} ${to.postalCode}, ${to.district} District`],
            ['Phone', to.phone],
          ]
        : []) as [string, string][]),
      payment as [string, string],
      ['Received by', '______________________   Date: ____________'],
    ],
    columns: [
      { header: 'Product', width: 60 },
      { header: 'SKU', width: 25 },
      { header: 'Quantity', width: 15, align: 'right' },
    ],
    rowCount: rows.length,
    emptyText: 'No products',
    rows: async function* () {
      yield* rows;
    },
  };
}

/**
 * The report of `kind` for `requesterId` (the seller of a sales report).
 * @throws {HttpError} 404 when the seller or the review report's item is unknown
 */
export async function buildReport(
  rm: ReadModels,
  kind: ReportKind,
  requesterId: string,
  p: ReportJobParams,
  now = new Date(),
): Promise<ReportSpec> {
  switch (kind) {
    case 'items':
    case 'packages':
      return salesReport(rm, kind, requesterId, p, now);
    case 'customers':
      return customersReport(rm, p, now);
    case 'sellers':
      return sellersReport(rm, p, now);
    case 'transactions':
      return transactionsReport(rm, p, now);
    case 'reviews':
      return reviewsReport(rm, p.itemId ?? '', now);
    case 'packingSlip':
      return packingSlip(rm, p.orderLineId ?? '', requesterId, now);
  }
}
