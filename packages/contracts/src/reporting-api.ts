/**
 * The reporting slice's operations (spec 001 section 7 "Reports" and "Customers (admin)";
 * docs/architecture.md, Jobs): each report is a `report` job — `create-pdf` answers 202 `{ jobId }`,
 * `GET /reports/{jobId}` its state, `fetch-pdf` the PDF, `fetch-csv` the same rows as CSV — plus
 * the admin dashboard and the seller's monthly sales figures.
 */
import type { ApiOperation, Audience } from './api';
import {
  FetchPdfQuerySchema,
  MonthlyReportRequestSchema,
  REPORT_FILE_NAMES,
  REPORT_KINDS,
  REPORT_PREFIXES,
  REPORT_AUDIENCE,
  REPORT_CSV_FILE_NAMES,
  PackingSlipRequestSchema,
  ReviewReportRequestSchema,
  SellerSalesQuerySchema,
  type ReportKind,
} from './reporting';
import {
  AdminDashboardAnswerSchema,
  ReportJobStatusAnswerSchema,
  ReportQueuedAnswerSchema,
  SellerSalesAnswerSchema,
} from './reporting-answers';

const TITLES: Record<ReportKind, string> = {
  items: "The signed-in seller's monthly item sales",
  packages: "The signed-in seller's monthly package sales",
  customers: "Customers registered in a month (month of newlyAddeddate), with the month's total",
  sellers: 'Sellers accepted in a month (month of acceptedDate), with the total',
  transactions: 'Payment transactions of a month',
  reviews: 'Reviews and ratings of one item',
  packingSlip:
    'The packing slip of an own order line: deliver-to address, lines with SKU and quantity, cash to collect or paid, received-by line',
};

function reportOperations(kind: ReportKind) {
  const prefix = REPORT_PREFIXES[kind];
  const audience: Audience[] = [REPORT_AUDIENCE[kind]];
  const tag = 'Reports';
  return [
    {
      method: 'post',
      path: `/${prefix}/create-pdf`,
      tag,
      summary: `${TITLES[kind]}: enqueue the PDF ${kind === 'packingSlip' ? '(`{ orderLineId }`)' : '(month 01..12 and year, default this month)'}. Rows a client sends are ignored`,
      audience,
      body: kind === 'reviews' ? ReviewReportRequestSchema : kind === 'packingSlip' ? PackingSlipRequestSchema : MonthlyReportRequestSchema,
      headers: [
        {
          name: 'Idempotency-Key',
          description: '8 to 200 characters: a retry with the same key (after a 503 or a lost answer) answers the same job',
        },
      ],
      response: ReportQueuedAnswerSchema,
      responses: {
        202: '`{ jobId }`',
        400: '`{ error, fields }`',
        403: 'Not for this role',
        ...((kind === 'reviews'
          ? { 404: 'No such item' }
          : kind === 'packingSlip'
            ? { 404: 'Order not found (absent, or not yours)' }
            : {}) as Record<number, string>),
      },
    },
    {
      method: 'get',
      path: `/${prefix}/fetch-pdf`,
      tag,
      summary: `The PDF of job \`jobId\` (or the caller's latest), \`attachment; filename="${REPORT_FILE_NAMES[kind]}"\``,
      audience,
      query: FetchPdfQuerySchema,
      responseMedia: 'application/pdf',
      responses: { 200: 'application/pdf', 404: 'No such report of yours, or not ready yet', 403: 'Not for this role' },
    },
    {
      method: 'get',
      path: `/${prefix}/fetch-csv`,
      tag,
      summary:
        `The table of job \`jobId\`'s report (or the caller's latest) as CSV, \`attachment; filename="${REPORT_CSV_FILE_NAMES[kind]}"\`: ` +
        'UTF-8 with a byte order mark, the column headers then every row, amounts in rupees with two decimals (`249999.99`). ' +
        'Who may read it: as fetch-pdf',
      audience,
      added: true,
      query: FetchPdfQuerySchema,
      responseMedia: 'text/csv',
      responses: {
        200: 'text/csv',
        404: 'No such report of yours, not ready yet, or rendered before CSVs were kept (generate it again)',
        403: 'Not for this role',
      },
    },
  ] as const satisfies readonly ApiOperation[];
}

export const REPORTING_OPERATIONS = [
  ...REPORT_KINDS.flatMap(reportOperations),
  {
    method: 'get',
    path: '/reports/{jobId}',
    tag: 'Reports',
    summary:
      'State of an own report job: `{ jobId, kind, state (waiting|active|completed|failed), progress, attemptsMade, failedReason?, downloadUrl? }`',
    audience: ['seller', 'admin'],
    added: true,
    response: ReportJobStatusAnswerSchema,
    responses: { 200: 'The job state', 404: 'No such job of yours' },
  },
  {
    method: 'get',
    path: '/reports/sellerSales',
    tag: 'Reports',
    summary: "The signed-in seller's monthly sales screen: summary and rows (same figures as the PDF)",
    audience: ['seller'],
    added: true,
    query: SellerSalesQuerySchema,
    response: SellerSalesAnswerSchema,
    responses: { 200: '`{ kind, currency, month, year, summary, rows }`', 400: '`{ error, fields }`' },
  },
  {
    method: 'get',
    path: '/Admin/dashboard',
    tag: 'Reports',
    summary:
      'Dashboard counts (customers, sellers, seller requests, deletion requests, items, packages, orders, reviews), revenue this month and a 12-month series',
    audience: ['admin'],
    added: true,
    response: AdminDashboardAnswerSchema,
    responses: { 200: 'The dashboard', 403: 'Admins only' },
  },
] as const satisfies readonly ApiOperation[];
