/**
 * Reporting through the gateway on real processes: a seller's monthly item and
 * package figures to the cent against orders this test placed (a rejected checkout never counts),
 * the PDFs' text (unpdf), scoping (another seller's report → 404, admin-only reports → 403),
 * a failing job retried then shown failed, the monthly delivery e-mailing each seller once even
 * when run twice, the dashboard (an OpenSearch read model), and the rebuilds from the topics (the
 * read models', the dashboard index's) giving the same figures.
 */
import { MONTHLY_DELIVERY_KIND, type AdminDashboard } from '@market/contracts';
import { connectMongo } from '@market/platform';
import { TEST_SECRETS, mailsTo, testServers, waitFor } from '@market/platform/testing';
import { spawn } from 'node:child_process';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buy,
  decided,
  download,
  finished,
  listedItem,
  pdfText,
  reportQueue,
  salesWithRows,
  startReportingWorld,
  thisMonth,
  type CatalogueWorld,
  type CheckoutBody,
  type Client,
  packageBody,
} from '@market/testing';

let world: CatalogueWorld;
let sellerA: { client: Client; id: string; email: string; company: string };
let sellerB: { client: Client; id: string; email: string; company: string };
let buyer: Client;
const bought: CheckoutBody[] = [];
let rejected: CheckoutBody;
let packageId: string;
const m = thisMonth();
const monthQuery = `&month=${m.month}&year=${m.year}`;

const cents = (rupees: number) => Math.round(rupees * 100);
const rs = (c: number) =>
  `Rs. ${Math.floor(c / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(c % 100).padStart(2, '0')}`;

/**
 * The dashboard as the service computed it before it had a search index: counting and scanning
 * its read models (the test's oracle for the index). Revenue and orders in cents per month.
 */
async function scannedDashboard(): Promise<Omit<AdminDashboard, 'currency' | 'revenueThisMonth'>> {
  const db = await connectMongo({ url: testServers().mongoUrl, dbName: `reporting-${world.stack.dbSuffix}` });
  try {
    const c = (name: string, filter: Record<string, unknown>) => db.collection(name).countDocuments(filter);
    const monthly = new Map<string, { revenue: number; orders: number }>();
    let orders = 0;
    for await (const o of db.collection('rm_orders').find({ status: 'Confirmed' })) {
      orders++;
      const m = monthly.get(o.month as string) ?? { revenue: 0, orders: 0 };
      m.revenue += (o.amountCents as number) - ((o.refundedCents as number | undefined) ?? 0);
      m.orders++;
      monthly.set(o.month as string, m);
    }
    const dashboard = (await world.admin.request('get', '/Admin/dashboard')).body;
    return {
      customers: await c('rm_customers', { deleted: { $ne: true } }),
      sellers: await c('rm_sellers', { state: 'approved' }),
      sellerRequests: await c('rm_sellers', { state: 'requested' }),
      deletionRequests: await c('rm_sellers', { state: 'approved', requestDelete: true }),
      items: await c('rm_items', { deleted: { $ne: true } }),
      packages: await c('rm_packages', { deleted: { $ne: true } }),
      reviews: await c('rm_reviews', { deleted: { $ne: true } }),
      orders,
      monthly: dashboard.monthly.map(({ month }) => ({
        month,
        revenue: (monthly.get(month)?.revenue ?? 0) / 100,
        orders: monthly.get(month)?.orders ?? 0,
      })),
    };
  } finally {
    await db.close();
  }
}

/** Waits until the dashboard's figures equal the scan (other test files' events keep arriving). */
async function dashboardMatchesScan(): Promise<void> {
  let last: unknown;
  await waitFor(
    async () => {
      const { currency: _c, revenueThisMonth: _r, ...shown } = (await world.admin.request('get', '/Admin/dashboard')).body;
      const scanned = await scannedDashboard();
      last = { shown, scanned };
      return isDeepStrictEqual(shown, scanned) || undefined;
    },
    30_000,
    500,
    'dashboard figures equal to a scan of the read models',
  ).catch((err: Error) => {
    throw new Error(`${err.message}: ${JSON.stringify(last)}`);
  });
}

async function seller() {
  const s = await world.newSeller();
  const profile = await s.client.get<{ email: string; companyname: string }>(`/orgSeller/get/${s.id}`);
  return { ...s, email: profile.body.email, company: profile.body.companyname };
}

beforeAll(async () => {
  world = await startReportingWorld();
  buyer = world.customer;
  [sellerA, sellerB] = await Promise.all([seller(), seller()]);
  const x = await listedItem(sellerA.client, buyer, { Item_name: 'Galaxy S24 Ultra', Brand: 'Samsung', Price: 249999.99, Quantity: 10 });
  const y = await listedItem(sellerA.client, buyer, { Item_name: 'Buds FE', Brand: 'Samsung', Price: 1234.5, Quantity: 10 });
  const w = await listedItem(sellerA.client, buyer, { Item_name: 'Last Unit Watch', Brand: 'Huawei', Price: 500, Quantity: 1 });
  const z = await listedItem(sellerB.client, buyer, { Item_name: 'Pixel 9', Brand: 'Google', Price: 199000, Quantity: 5 });
  const pkg = await sellerA.client.request('post', '/Packages/addPackage', {
    body: packageBody([x, y]),
  });
  expect(pkg.status).toBe(201);
  packageId = pkg.body._id;

  bought.push(
    await buy(buyer, {
      items: [
        { itemId: x, quantity: 2 },
        { itemId: y, quantity: 1 },
      ],
    }),
  );
  bought.push(await buy(buyer, { items: [{ itemId: y, quantity: 3 }], packages: [{ packageId, quantity: 1 }] }));
  bought.push(await buy(buyer, { items: [{ itemId: z, quantity: 1 }] }));
  // The last unit of W: two checkouts opened while it is in stock, both paid; one is rejected.
  const other = (await world.newCustomer()).client;
  const [s1, s2] = await Promise.all(
    [buyer, other].map(async (c) => (await c.request('post', '/checkout/session', { body: { items: [{ itemId: w, quantity: 1 }] } })).body),
  );
  await Promise.all([
    buyer.request('post', '/paypal-transaction-complete', { body: { checkoutId: s1!.checkoutId } }),
    other.request('post', '/paypal-transaction-complete', { body: { checkoutId: s2!.checkoutId } }),
  ]);
  const outcomes = await Promise.all([decided(buyer, s1!.checkoutId), decided(other, s2!.checkoutId)]);
  expect(outcomes.map((o) => o.status).sort()).toEqual(['Confirmed', 'Rejected']);
  bought.push(outcomes.find((o) => o.status === 'Confirmed')!);
  rejected = outcomes.find((o) => o.status === 'Rejected')!;
  for (const b of bought) expect(b.status).toBe('Confirmed');
}, 240_000);

afterAll(async () => {
  await world?.stack.stop();
});

/** The seller A lines of the confirmed checkouts, as the test placed them. */
function placedLines(kind: 'item' | 'package') {
  return bought.flatMap((b) =>
    b.lines.filter((l) => l.kind === kind && (kind === 'package' || !/Pixel/.test(l.name))).map((l) => ({ ...l, OrderID: b.OrderID })),
  );
}

describe('seller monthly item sales', () => {
  it('has every figure to the cent, from the confirmed orders only', async () => {
    const lines = placedLines('item');
    expect(lines).toHaveLength(4);
    const sales = await salesWithRows(sellerA.client, 'items', 4, monthQuery);
    const income = lines.reduce((n, l) => n + cents(l.unitPrice) * l.quantity, 0);
    const outgoings = lines.reduce((n, l) => n + Math.round(cents(l.unitPrice) * 0.2), 0);
    // By hand: 2 × 249,999.99 + 1,234.50 + 3 × 1,234.50 + 500.00; 20 % of each line's unit price.
    expect(income).toBe(49_999_998 + 123_450 + 370_350 + 50_000);
    expect(outgoings).toBe(5_000_000 + 24_690 + 24_690 + 10_000);
    expect(sales.summary).toMatchObject({
      CompanyName: sellerA.company,
      OwnerName: 'Kamala Silva',
      Email: sellerA.email,
      pNo: '0712345678',
      Address: '45 Kandy Road, Kadawatha',
      // Three checkouts: the first has two of A's item lines and counts once.
      TotalOrders: 3,
      TotalItems: 3,
      TotalStockSold: 7,
      TotalIncome: income / 100,
      TotalOutgoings: outgoings / 100,
      TotalProfit: (income - outgoings) / 100,
    });
    expect(sales.currency).toBe('LKR');
    const row = sales.rows.find((r) => r.OrderID === bought[0]!.OrderID && r.ItemName === 'Galaxy S24 Ultra');
    expect(row).toMatchObject({ Brand: 'Samsung', Quantity: 2, UnitPrice: 249999.99, TotalPrice: 499999.98 });
    expect(sales.rows.some((r) => r.OrderID === rejected.OrderID)).toBe(false);
  });

  it('renders the PDF through a report job: 202, progress, state, download with the documented name', async () => {
    const created = await sellerA.client.post<{ jobId: string }>('/items/create-pdf', {
      month: m.month,
      year: m.year,
      // The documents' client sent rows and a summary: ignored.
      rows: [{ OrderID: 'FAKE', TotalPrice: 1 }],
    });
    expect(created.status).toBe(202);
    const state = await finished(sellerA.client, created.body.jobId);
    expect(state).toMatchObject({ state: 'completed', progress: 100, kind: 'items' });
    const pdf = await download(world.stack.gatewayUrl, sellerA.client, `/items/fetch-pdf?jobId=${created.body.jobId}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="MonthlySalesReport.pdf"');
    // Without a job id: the caller's latest.
    const latest = await download(world.stack.gatewayUrl, sellerA.client, '/items/fetch-pdf');
    expect(latest.bytes.equals(pdf.bytes)).toBe(true);

    const { text, pages } = await pdfText(pdf.bytes);
    const sales = (await sellerA.client.request('get', '/reports/sellerSales', { query: { kind: 'items', month: m.month, year: m.year } }))
      .body;
    expect(text).toContain('Lanka Electronics Marketplace');
    expect(text).toContain('Monthly Sales Report');
    expect(text).toContain(sellerA.company);
    expect(text).toContain(`Month: ${m.label}`);
    expect(text).toContain(`Total Income: ${rs(cents(sales.summary.TotalIncome))}`);
    expect(text).toContain(`Total Outgoings: ${rs(cents(sales.summary.TotalOutgoings))}`);
    expect(text).toContain(`Total Profit: ${rs(cents(sales.summary.TotalProfit))}`);
    expect(text).toContain('Total Stock Sold: 7');
    expect(text).toMatch(new RegExp(`${bought[0]!.OrderID} Galaxy S24 Ultra Samsung \\S+ 2 Rs\\. 249,999\\.99 Rs\\. 499,999\\.98`));
    expect(text).not.toContain('FAKE');
    expect(text).toContain(`Page 1 of ${pages}`);

    // The CSV beside it: the same rows, amounts in rupees, same authorization.
    const csv = await download(world.stack.gatewayUrl, sellerA.client, `/items/fetch-csv?jobId=${created.body.jobId}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="MonthlySalesReport.csv"');
    const csvLines = csv.bytes
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csvLines[0]).toBe('No,Order Date,OrderID,Item Name,Brand,SKU,Quantity,Unit Price,Total Price');
    // Every sale line, as on the screen: the report's rowCount is its number of lines, not of orders.
    expect(
      csvLines.filter((l) => l !== ''),
      'the CSV (and the PDF) lack sale lines: rowCount must count lines',
    ).toHaveLength(1 + sales.rows.length);
    expect(csvLines).toContainEqual(
      expect.stringMatching(new RegExp(`,${bought[0]!.OrderID},Galaxy S24 Ultra,Samsung,[^,]+,2,249999\\.99,499999\\.98$`)),
    );
    expect((await download(world.stack.gatewayUrl, sellerA.client, '/items/fetch-csv')).bytes.equals(csv.bytes)).toBe(true);
    expect((await download(world.stack.gatewayUrl, sellerB.client, `/items/fetch-csv?jobId=${created.body.jobId}`)).status).toBe(404);
    expect((await download(world.stack.gatewayUrl, buyer, `/items/fetch-csv?jobId=${created.body.jobId}`)).status).toBe(403);
    expect((await download(world.stack.gatewayUrl, world.admin, `/items/fetch-csv?jobId=${created.body.jobId}`)).status).toBe(403);

    await mkdir(path.resolve('.data/reports-test'), { recursive: true });
    await copyFile(
      path.resolve('.data/reports', `${created.body.jobId}.pdf`),
      path.resolve('.data/reports-test/seller-item-report.pdf'),
    ).catch(() => undefined);
  });

  it('answers 404 to another seller and 404 while not ready', async () => {
    const created = await sellerA.client.request('post', '/items/create-pdf', { body: {} });
    const jobId = created.body.jobId;
    expect((await sellerB.client.request('get', '/reports/{jobId}', { params: { jobId } })).status).toBe(404);
    expect((await download(world.stack.gatewayUrl, sellerB.client, `/items/fetch-pdf?jobId=${jobId}`)).status).toBe(404);
    await finished(sellerA.client, jobId);
    expect((await download(world.stack.gatewayUrl, sellerB.client, `/items/fetch-pdf?jobId=${jobId}`)).status).toBe(404);
    // Seller B's own report holds only B's sale.
    const own = await salesWithRows(sellerB.client, 'items', 1, monthQuery);
    expect(own.rows[0]).toMatchObject({ ItemName: 'Pixel 9', UnitPrice: 199000 });
    expect((await download(world.stack.gatewayUrl, sellerB.client, '/items/fetch-pdf?jobId=nope')).status).toBe(404);
  });

  it('keeps the admin reports to admins and validates the month', async () => {
    expect((await sellerA.client.request('post', '/Customer/create-pdf', { body: {} })).status).toBe(403);
    expect((await buyer.request('post', '/orderhistory/create-pdf', { body: {} })).status).toBe(403);
    expect((await buyer.request('post', '/items/create-pdf', { body: {} })).status).toBe(403);
    expect((await world.admin.request('post', '/items/create-pdf', { body: {} })).status).toBe(403);
    const bad = await sellerA.client.post<{ error: string }>('/items/create-pdf', { month: '13' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Month must be 01 to 12');
  });
});

describe('package sales and admin reports', () => {
  it('has the package figures (10 % of the package price) and an empty report says so', async () => {
    const sales = await salesWithRows(sellerA.client, 'packages', 1, monthQuery);
    expect(sales.summary).toMatchObject({ TotalOrders: 1, TotalPackages: 1, TotalIncome: 2500, TotalOutgoings: 250, TotalProfit: 2250 });
    expect(sales.rows[0]).toMatchObject({
      ItemName: 'Galaxy Starter Kit',
      Description: 'Phone and earbuds together',
      Quantity: 1,
      UnitPrice: 2500,
    });

    const job = (await sellerA.client.request('post', '/Packages/create-pdf', { body: { month: m.month, year: String(m.year) } })).body
      .jobId;
    expect((await finished(sellerA.client, job)).state).toBe('completed');
    const pdf = await download(world.stack.gatewayUrl, sellerA.client, `/Packages/fetch-pdf?jobId=${job}`);
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="MonthlyPackageSalesReport.pdf"');
    const { text } = await pdfText(pdf.bytes);
    expect(text).toContain('Monthly Package Sales Report');
    expect(text).toContain('Total Packages: 1');
    expect(text).toContain('Total Outgoings: Rs. 250.00');
    expect(text).toContain('Galaxy Starter Kit Phone and earbuds together 1 Rs. 2,500.00 Rs. 2,500.00');

    const empty = (await sellerB.client.request('post', '/Packages/create-pdf', { body: {} })).body.jobId;
    await finished(sellerB.client, empty);
    const emptyText = (await pdfText((await download(world.stack.gatewayUrl, sellerB.client, `/Packages/fetch-pdf?jobId=${empty}`)).bytes))
      .text;
    expect(emptyText).toContain('No sales in this month');
    expect(emptyText).toContain('Total Income: Rs. 0.00');
    expect(emptyText).toContain('Page 1 of 1');
  });

  it('renders the customer, seller, transaction and review reports for the admin', async () => {
    const expectPdf = async (prefix: string, body: Record<string, unknown>, name: string, ...snippets: string[]) => {
      const created = await world.admin.post<{ jobId: string }>(`/${prefix}/create-pdf`, body);
      expect(created.status, prefix).toBe(202);
      expect((await finished(world.admin, created.body.jobId)).state).toBe('completed');
      const pdf = await download(world.stack.gatewayUrl, world.admin, `/${prefix}/fetch-pdf`);
      expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      const { text } = await pdfText(pdf.bytes);
      for (const s of snippets) expect(text, prefix).toContain(s);
      const csv = await download(world.stack.gatewayUrl, world.admin, `/${prefix}/fetch-csv?jobId=${created.body.jobId}`);
      expect(csv.status, prefix).toBe(200);
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="${name.replace(/\.pdf$/, '.csv')}"`);
      return csv.bytes.toString('utf8');
    };
    await expectPdf('orgSeller', {}, 'MonthlySellerReport.pdf', 'Monthly Seller Report', 'Administrator', sellerA.company, sellerB.email);
    await expectPdf('Customer', { month: m.month }, 'CustomerMonthlyReport.pdf', 'Customer Monthly Report', `Registered in ${m.label}`);
    const receipt = bought[0]!.receipt!.RecieptNo;
    const transactions = await expectPdf(
      'orderhistory',
      {},
      'TransactionReport.pdf',
      'Transaction Report',
      receipt,
      rs(cents(bought[0]!.Amount)),
    );
    expect(transactions).toContain(`,${receipt},`);
    expect(transactions).toContain(`,${(cents(bought[0]!.Amount) / 100).toFixed(2)}\r\n`);
    // Captured before its stock decision it read AwaitingStock; the confirmation made it Paid.
    expect(transactions).toMatch(new RegExp(`,${receipt},[^\r\n]*,Paid,`));
    const itemId = bought[0]!.lines[0]!.id;
    await expectPdf(
      'review',
      { itemid: itemId },
      'ReviewAndRatingReport.pdf',
      'Review and Rating Report',
      'Galaxy S24 Ultra',
      'No Ratings yet!',
    );
    expect((await world.admin.post('/review/create-pdf', {})).status).toBe(400);
  });

  it('shows the admin dashboard counts, revenue this month and the monthly series', async () => {
    const d = await world.admin.request('get', '/Admin/dashboard');
    expect(d.status).toBe(200);
    expect(d.body.sellers).toBeGreaterThanOrEqual(2);
    expect(d.body.items).toBeGreaterThanOrEqual(4);
    expect(d.body.packages).toBeGreaterThanOrEqual(1);
    expect(d.body.orders).toBeGreaterThanOrEqual(4);
    const ours = bought.reduce((n, b) => n + cents(b.Amount), 0);
    expect(cents(d.body.revenueThisMonth)).toBeGreaterThanOrEqual(ours);
    expect(d.body.monthly).toHaveLength(12);
    expect(d.body.monthly[11]!.month).toBe(`${m.year}-${m.month}`);
    expect(d.body.monthly[11]!.revenue).toBe(d.body.revenueThisMonth);
    expect((await sellerA.client.request('get', '/Admin/dashboard')).status).toBe(403);
    await dashboardMatchesScan();
  });
});

describe('report jobs that fail', () => {
  it('are retried, then shown failed with the reason', async () => {
    const { queue, close } = reportQueue(world.stack.dbSuffix);
    try {
      const job = await queue.add(
        'customers',
        { kind: 'customers', requestedBy: { id: 'another-admin', role: 'admin' }, params: { month: '13', year: m.year } },
        { jobId: `broken-${Date.now()}`, attempts: 3, backoff: { type: 'fixed', delay: 200 } },
      );
      const state = await finished(world.admin, job.id!, 30_000);
      expect(state.state).toBe('failed');
      expect(state.attemptsMade).toBe(3);
      expect(state.failedReason).toContain('Month must be 01 to 12');
      expect((await sellerA.client.request('get', '/reports/{jobId}', { params: { jobId: job.id! } })).status).toBe(404);
    } finally {
      await close();
    }
  });
});

describe('monthly delivery', () => {
  it('e-mails each seller their two reports once, even when the job runs twice', async () => {
    const { queue, close } = reportQueue(world.stack.dbSuffix);
    try {
      const data = {
        kind: MONTHLY_DELIVERY_KIND,
        requestedBy: { id: 'scheduler', role: 'admin' as const },
        params: { month: m.month, year: m.year },
      };
      for (const run of [1, 2]) {
        const job = await queue.add(MONTHLY_DELIVERY_KIND, data, { jobId: `monthly-test-${run}-${Date.now()}` });
        await waitFor(async () => (await job.getState()) === 'completed' || undefined, 60_000, 200, `monthly run ${run}`);
      }
      for (const s of [sellerA, sellerB]) {
        const mails = await waitFor(
          async () => {
            const all = await mailsTo(s.email);
            const monthly = all.filter((x) => /monthly sales reports/i.test(x.subject));
            return monthly.length > 0 ? monthly : undefined;
          },
          20_000,
          200,
          `monthly mail to ${s.email}`,
        );
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toContain(m.label);
        expect(mails[0]!.attachments?.map((a) => a.fileName).sort()).toEqual(['MonthlyPackageSalesReport.pdf', 'MonthlySalesReport.pdf']);
      }
      // A third run later still sends nothing more.
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await mailsTo(sellerA.email)).filter((x) => /monthly sales reports/i.test(x.subject))).toHaveLength(1);
    } finally {
      await close();
    }
  }, 120_000);
});

describe('rebuild', () => {
  it('drops the read models, replays the topics and gives the same figures', async () => {
    const before = {
      items: (await sellerA.client.request('get', '/reports/sellerSales', { query: { kind: 'items', month: m.month, year: m.year } })).body,
      packages: (await sellerA.client.request('get', '/reports/sellerSales', { query: { kind: 'packages', month: m.month, year: m.year } }))
        .body,
      other: (await sellerB.client.request('get', '/reports/sellerSales', { query: { kind: 'items', month: m.month, year: m.year } })).body,
    };
    const out = await new Promise<{ code: number | null; out: string }>((resolve) => {
      let text = '';
      const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '../src/rebuild.ts')], {
        env: {
          ...process.env,
          ...TEST_SECRETS,
          MONGO_URL: testServers().mongoUrl,
          MONGO_DB: `reporting-${world.stack.dbSuffix}`,
          KAFKA_TOPIC_PREFIX: world.stack.topicPrefix,
          LOG_LEVEL: 'warn',
          OTEL_SDK_DISABLED: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      child.once('exit', (code) => resolve({ code, out: text }));
    });
    expect(out.code, out.out.slice(-3000)).toBe(0);
    expect(out.out).toMatch(/read models rebuilt/);
    const after = {
      items: (await sellerA.client.request('get', '/reports/sellerSales', { query: { kind: 'items', month: m.month, year: m.year } })).body,
      packages: (await sellerA.client.request('get', '/reports/sellerSales', { query: { kind: 'packages', month: m.month, year: m.year } }))
        .body,
      other: (await sellerB.client.request('get', '/reports/sellerSales', { query: { kind: 'items', month: m.month, year: m.year } })).body,
    };
    expect(after).toEqual(before);
    expect(after.items.rows).toHaveLength(4);
    // The live service kept consuming during the rebuild: together they still count everything once.
    await dashboardMatchesScan();
  }, 600_000);

  it('npm run search:rebuild builds a fresh dashboard index from the topics and swaps the alias; the dashboard answers the same', async () => {
    const alias = `reporting-reporting-${world.stack.dbSuffix.toLowerCase()}-dashboard`;
    const aliasIndices = async () => Object.keys((await (await fetch(`${testServers().opensearchUrl}/_alias/${alias}`)).json()) as object);
    const old = await aliasIndices();
    expect(old).toHaveLength(1);
    const out = await new Promise<{ code: number | null; out: string }>((resolve) => {
      let text = '';
      const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(__dirname, '../src/searchRebuild.ts')], {
        env: {
          ...process.env,
          ...TEST_SECRETS,
          MONGO_URL: testServers().mongoUrl,
          MONGO_DB: `reporting-${world.stack.dbSuffix}`,
          KAFKA_TOPIC_PREFIX: world.stack.topicPrefix,
          LOG_LEVEL: 'warn',
          OTEL_SDK_DISABLED: 'true',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d: Buffer) => (text += d.toString()));
      child.stderr.on('data', (d: Buffer) => (text += d.toString()));
      child.once('exit', (code) => resolve({ code, out: text }));
    });
    expect(out.code, out.out.slice(-3000)).toBe(0);
    expect(out.out).toMatch(/search index rebuilt: .*dashboard/);
    const now = await aliasIndices();
    expect(now).toHaveLength(1);
    expect(old).not.toContain(now[0]);
    await dashboardMatchesScan();
  }, 600_000);
});
