/**
 * Answer schemas of the reporting slice (`ApiOperation.response`; spec 001 sections 2, 7 and 9;
 * docs/architecture.md, Jobs): the queued report job, its state, the seller's monthly sales
 * screen and the admin dashboard, exactly as services/reporting sends them. The PDFs themselves
 * are media answers (`application/pdf`). Money is LKR rupees with two decimals (reporting keeps
 * integer cents and divides by 100 on the way out).
 */
import { z } from 'zod';
import { rupeesAnswer } from './answer-fields';
import { REPORT_KINDS, ReportJobStates, type ReportJobStatus, type SellerSales } from './reporting';

const rupees = rupeesAnswer;
const count = z.number().int().min(0);
const month = z
  .string()
  .regex(/^(0[1-9]|1[0-2])$/)
  .describe('Month, 01..12');

/** `POST .../create-pdf` (202; docs/architecture.md, Jobs): the id of the queued `report` job. */
export const ReportQueuedAnswerSchema = z.object({ jobId: z.uuid() });

/** `GET /reports/{jobId}`: where a report job stands; `downloadUrl` once completed. */
export const ReportJobStatusAnswerSchema = z.object({
  jobId: z.string(),
  kind: z.enum(REPORT_KINDS),
  state: z.enum(ReportJobStates),
  /** Percent done, 0..100. */
  progress: z.number().min(0).max(100),
  attemptsMade: count,
  /** Why the last attempt failed (failed jobs only). */
  failedReason: z.string().optional(),
  /** `/<prefix>/fetch-pdf?jobId=...` (completed jobs only). */
  downloadUrl: z.string().optional(),
}) satisfies z.ZodType<ReportJobStatus>;

/** The seller's part of a sales summary (spec 001 section 9, documented names). */
const sellerFields = {
  CompanyName: z.string(),
  OwnerName: z.string(),
  Address: z.string(),
  Email: z.string(),
  pNo: z.string(),
};
const totals = {
  /** The seller's order lines of the month. */
  TotalOrders: count,
  TotalIncome: rupees('Unit price × quantity, summed'),
  TotalOutgoings: rupees('20 % of the unit price per item order line, 10 % per package order line'),
  TotalProfit: rupees('TotalIncome − TotalOutgoings'),
  /** Report date, MM/DD/YYYY (Sri Lanka). */
  Date: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/),
};

/** Fields of every sales row (spec 001 section 7 report columns). */
const rowFields = {
  /** 1-based row number, oldest order first. */
  No: z.number().int().min(1),
  /** yyyy-mm-dd (Sri Lanka). */
  OrderDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  OrderID: z.string(),
  /** The item's or package's name ('Removed item' / 'Removed package' when gone). */
  ItemName: z.string(),
};
const rowMoney = {
  Quantity: z.number().int().min(1),
  UnitPrice: rupees('Unit price paid'),
  TotalPrice: rupees('UnitPrice × Quantity'),
};

/**
 * One kind of the monthly sales screen (spec 001 section 9): the seller's summary with the counts
 * of that kind, and one row per order line with that kind's own columns.
 */
function salesAnswer<K extends 'items' | 'packages', C extends z.ZodRawShape, R extends z.ZodRawShape>(kind: K, counts: C, rowColumns: R) {
  return z.object({
    kind: z.literal(kind),
    currency: z.literal('LKR'),
    month,
    year: z.number().int(),
    summary: z.object({
      ...sellerFields,
      TotalOrders: totals.TotalOrders,
      ...counts,
      TotalIncome: totals.TotalIncome,
      TotalOutgoings: totals.TotalOutgoings,
      TotalProfit: totals.TotalProfit,
      Date: totals.Date,
      /**
       * Cash on delivery not collected yet (issue 29; README "Cash on delivery"): the seller's order
       * lines of this kind, of any month, confirmed and not cancelled, whose cash the courier has not
       * collected. Never in the totals: a line counts in the month its cash is collected.
       */
      pendingCashOnDelivery: z.object({ orders: count, amount: rupees('What the couriers are to collect for them') }).optional(),
    }),
    rows: z.array(z.object({ ...rowFields, ...rowColumns, ...rowMoney })),
  });
}

/** `GET /reports/sellerSales?kind=items`: distinct items and units sold; rows with Brand and SKU. */
const ItemSalesAnswerSchema = salesAnswer(
  'items',
  { TotalItems: count.describe('Distinct items sold'), TotalStockSold: count.describe('Units sold') },
  { Brand: z.string(), SKU: z.string() },
);

/** `GET /reports/sellerSales?kind=packages`: distinct packages sold; rows with the Description. */
const PackageSalesAnswerSchema = salesAnswer(
  'packages',
  { TotalPackages: count.describe('Distinct packages sold') },
  { Description: z.string() },
);

/** `GET /reports/sellerSales`: the same figures as the item or package sales PDF, by `kind`. */
export const SellerSalesAnswerSchema = z.discriminatedUnion('kind', [
  ItemSalesAnswerSchema,
  PackageSalesAnswerSchema,
]) satisfies z.ZodType<SellerSales>;

/** `GET /Admin/dashboard` (spec 001 section 2): counts, this month's revenue and a 12-month series. */
export const AdminDashboardAnswerSchema = z.object({
  customers: count,
  /** Approved sellers. */
  sellers: count,
  /** Sellers waiting for approval. */
  sellerRequests: count,
  /** Approved sellers asking to be deleted. */
  deletionRequests: count,
  items: count,
  packages: count,
  /** Confirmed checkouts. */
  orders: count,
  reviews: count,
  revenueThisMonth: rupees("Confirmed checkouts' totals this month (Sri Lanka time)"),
  currency: z.literal('LKR'),
  /** The last 12 months, oldest first, ending with the current month. */
  monthly: z.array(
    z.object({
      /** yyyy-mm. */
      month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
      revenue: rupees("Confirmed checkouts' totals of the month"),
      orders: count,
    }),
  ),
});
