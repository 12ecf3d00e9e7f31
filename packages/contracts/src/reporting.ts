/**
 * Contracts of the reporting slice (spec 001 sections 2, 7 and 9; docs/architecture.md, Jobs):
 * the report kinds with their documented paths and download names, the `create-pdf` request
 * schemas (month `01`..`12` and year, default the current month in Sri Lanka; the item of the
 * review report), the `report` job parameters, and the shapes of the dashboard and the seller's
 * monthly sales screen. Money on the wire is LKR rupees with two decimals; reporting keeps cents.
 */
import { z } from 'zod';
import type { AdminDashboardAnswerSchema } from './reporting-answers';

/** The reports the marketplace renders, by job `kind`. */
export const REPORT_KINDS = ['items', 'packages', 'customers', 'sellers', 'transactions', 'reviews', 'packingSlip'] as const;
export const ReportKindSchema = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKindSchema>;

/** Job `kind` of the monthly scheduled delivery of every seller's reports (not a PDF of its own). */
export const MONTHLY_DELIVERY_KIND = 'monthly-seller-reports';

/** Documented path prefix of each report (`POST /<prefix>/create-pdf`, `GET /<prefix>/fetch-pdf`). */
export const REPORT_PREFIXES = {
  items: 'items',
  packages: 'Packages',
  customers: 'Customer',
  sellers: 'orgSeller',
  transactions: 'orderhistory',
  reviews: 'review',
  /** A seller's packing slip of one order line (issue 29): `/Orders/packing-slip/create-pdf`. */
  packingSlip: 'Orders/packing-slip',
} as const satisfies Readonly<Record<ReportKind, string>>;

/** Documented download names (spec 001 section 7). */
export const REPORT_FILE_NAMES: Readonly<Record<ReportKind, string>> = {
  items: 'MonthlySalesReport.pdf',
  packages: 'MonthlyPackageSalesReport.pdf',
  customers: 'CustomerMonthlyReport.pdf',
  sellers: 'MonthlySellerReport.pdf',
  transactions: 'TransactionReport.pdf',
  reviews: 'ReviewAndRatingReport.pdf',
  /** The route names the file after its order line: `packing-slip-<orderLineId>.pdf`. */
  packingSlip: 'PackingSlip.pdf',
};

/**
 * Download names of the CSV beside each PDF (`GET /<prefix>/fetch-csv`): the
 * PDF's name with `.csv`.
 */
export const REPORT_CSV_FILE_NAMES: Readonly<Record<ReportKind, string>> = Object.fromEntries(
  Object.entries(REPORT_FILE_NAMES).map(([k, name]) => [k, name.replace(/\.pdf$/, '.csv')]),
) as Record<ReportKind, string>;

/** Who may ask for each report: sellers their own sales, admins the rest (docs/architecture.md, Authorization). */
export const REPORT_AUDIENCE: Readonly<Record<ReportKind, 'seller' | 'admin'>> = {
  items: 'seller',
  packages: 'seller',
  customers: 'admin',
  sellers: 'admin',
  transactions: 'admin',
  reviews: 'admin',
  packingSlip: 'seller',
};

/** Report constants (spec 001 section 9), in percent of the unit price of each order line. */
export const ITEM_OUTGOINGS_PERCENT = 20;
export const PACKAGE_OUTGOINGS_PERCENT = 10;

export const MONTH_INVALID = 'Month must be 01 to 12';
export const YEAR_INVALID = 'Year must be between 2000 and 2100';

/** Month names of the month selector, index 0 = January (`01`). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `01`..`12`; also accepts 1..12 as a number or an unpadded text. */
export const MonthSchema = z
  .union([z.string(), z.number()], { error: MONTH_INVALID })
  .transform((v) => String(v).trim().padStart(2, '0'))
  .pipe(z.string().regex(/^(0[1-9]|1[0-2])$/, MONTH_INVALID));

export const YearSchema = z.coerce.number({ error: YEAR_INVALID }).int(YEAR_INVALID).min(2000, YEAR_INVALID).max(2100, YEAR_INVALID);

/**
 * Body of `POST .../create-pdf` of a monthly report. Anything else a client sends (the documents'
 * rows and summary) is ignored: rows are computed on the server (docs/architecture.md, Departures
 * from the documents).
 */
export const MonthlyReportRequestSchema = z.object({
  month: MonthSchema.optional(),
  year: YearSchema.optional(),
});
export type MonthlyReportRequest = z.input<typeof MonthlyReportRequestSchema>;

export const ITEM_ID_REQUIRED = 'Choose the item of the report';

/**
 * Body of `POST /review/create-pdf`: the item (`itemId`, or the documents' `itemid`); the report
 * lists every review of that item, whatever its month.
 */
export const ReviewReportRequestSchema = z.preprocess(
  (v) => (v && typeof v === 'object' && !('itemId' in v) && 'itemid' in v ? { ...v, itemId: (v as { itemid: unknown }).itemid } : v),
  z.object({ itemId: z.string({ error: ITEM_ID_REQUIRED }).trim().min(1, ITEM_ID_REQUIRED).max(100) }),
);
export type ReviewReportRequest = z.input<typeof ReviewReportRequestSchema>;

export const ORDER_LINE_REQUIRED = 'orderLineId is required';

/**
 * `POST /Orders/packing-slip/create-pdf` (issue 29): the seller's own order line whose packing slip
 * to print (an item order `<OrderID>-I<n>` or a package order `<OrderID>-P<n>`).
 */
export const PackingSlipRequestSchema = z.object({
  orderLineId: z
    .string({ error: ORDER_LINE_REQUIRED })
    .trim()
    .regex(/^[A-Z0-9]{1,32}-[IP]\d{1,4}$/, 'orderLineId must be an order line such as K7Q2M9X4B1ZT-I1'),
});

/** `params` of a `report` job (see `ReportJobSchema` in jobs.ts): always a resolved month. */
export const ReportJobParamsSchema = z.object({
  month: MonthSchema,
  year: YearSchema,
  /** The review report's item. */
  itemId: z.string().optional(),
  /** The packing slip's order line (`<OrderID>-I<n>` / `-P<n>`). */
  orderLineId: z.string().optional(),
});
export type ReportJobParams = z.infer<typeof ReportJobParamsSchema>;

/** `GET .../fetch-pdf?jobId=`: without a job id, the caller's latest report of that kind. */
export const FetchPdfQuerySchema = z.object({ jobId: z.string().trim().min(1).max(100).optional() });

/** `GET /reports/sellerSales?month=&year=&kind=`: the signed-in seller's monthly sales screen. */
export const SellerSalesQuerySchema = MonthlyReportRequestSchema.extend({
  kind: z.enum(['items', 'packages']).default('items'),
});

/** States of a report job as `GET /reports/{jobId}` answers them. */
export const ReportJobStates = ['waiting', 'active', 'completed', 'failed'] as const;
export type ReportJobState = (typeof ReportJobStates)[number];

export interface ReportJobStatus {
  jobId: string;
  kind: string;
  state: ReportJobState;
  /** 0..100. */
  progress: number;
  attemptsMade: number;
  /** Why the last attempt failed (shown to the user). */
  failedReason?: string;
  /** Where to download it once completed. */
  downloadUrl?: string;
}

/** Summary of a seller's monthly sales (documented names; money in rupees). */
export interface SalesSummary {
  CompanyName: string;
  OwnerName: string;
  Address: string;
  Email: string;
  pNo: string;
  TotalOrders: number;
  /** Item report: distinct items sold. */
  TotalItems?: number;
  /** Package report: distinct packages sold. */
  TotalPackages?: number;
  /** Item report only: units sold. */
  TotalStockSold?: number;
  TotalIncome: number;
  TotalOutgoings: number;
  TotalProfit: number;
  /** Report date, MM/DD/YYYY (Sri Lanka). */
  Date: string;
  /**
   * Cash-on-delivery order lines of this kind shipped or waiting to ship whose cash is not collected
   * yet, of any month (issue 29): shown apart, never in the totals above; `amount` in rupees.
   */
  pendingCashOnDelivery?: { orders: number; amount: number };
}

/** One row of the seller's item sales (documented columns; money in rupees). */
export interface ItemSalesRow {
  No: number;
  OrderDate: string;
  OrderID: string;
  ItemName: string;
  Brand: string;
  SKU: string;
  Quantity: number;
  UnitPrice: number;
  TotalPrice: number;
}

/** One row of the seller's package sales. */
export interface PackageSalesRow {
  No: number;
  OrderDate: string;
  OrderID: string;
  ItemName: string;
  Description: string;
  Quantity: number;
  UnitPrice: number;
  TotalPrice: number;
}

/** `GET /reports/sellerSales`. */
export interface SellerSales {
  kind: 'items' | 'packages';
  currency: 'LKR';
  month: string;
  year: number;
  summary: SalesSummary;
  rows: ItemSalesRow[] | PackageSalesRow[];
}

/** `GET /Admin/dashboard`: counts, this month's revenue and a 12-month series for the chart (its answer schema's output). */
export type AdminDashboard = z.output<typeof AdminDashboardAnswerSchema>;
