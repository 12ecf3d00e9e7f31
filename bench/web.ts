/**
 * The `web` bench of `npm run bench`, the web app as a customer's browser gets it:
 * - `js`: initial JavaScript per route: every script the page loads until the network is idle,
 *   summed as gzip -9 bytes (what a compressing static server sends), in Debian's Chromium;
 * - `pages`: per customer page, the time from navigation start to the
 *   page's main content shown (a selector per page inside `<main>`, or its empty-state text,
 *   checked every animation frame; not the load event), in a fresh browser context (nothing
 *   cached) signed in as the demo customer, median of BENCH_WEB_PAGE_RUNS (5) runs;
 * - `lighthouse`: Lighthouse (mobile preset, simulated throttling: Lighthouse's standard figure)
 *   for /Customer/AllItmes, signed in as the demo customer, median of BENCH_LIGHTHOUSE_RUNS (3);
 *   and, as a guest (issue 32, Speed), for home, the item list and an item's page: LCP, FCP, TBT, CLS.
 * The web app is the production build, served as in the end-to-end tests, against real services
 * seeded with BENCH_WEB_DEVICES (24) real devices and their photos through the public API
 * (scripts/seed).
 *
 * Settings: BENCH_WEB_PARTS (`js,pages,lighthouse`) chooses the parts; E2E_WEB_DIST builds into
 * (and serves from) that directory instead of `frontend/dist`; BENCH_WEB_BUILD=0 serves the
 * build already there.
 *
 *   npx tsx bench/web.ts
 *   BENCH_WEB_PARTS=js E2E_WEB_DIST=/tmp/web-me npx tsx bench/web.ts
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { E2E } from '../frontend/e2e/harness';
import { CHROMIUM, startE2E } from '../frontend/e2e/harness';
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMER_USERNAME } from '../scripts/seed/people';
import { Session } from '../scripts/seed/api';
import { seed } from '../scripts/seed/seed';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';
import { testServers } from '@market/platform/testing';
import type { Page } from '@market/contracts';

const SERVICES = ['identity', 'notifications', 'catalogue', 'cart', 'ordering', 'reviews', 'reporting'];

interface RouteJs {
  route: string;
  scripts: number;
  rawKiB: number;
  gzipKiB: number;
}

interface LighthouseRun {
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Cumulative layout shift (unitless). */
  cls: number;
  score: number;
}

const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/**
 * One Lighthouse run (mobile preset: simulated slow 4G and 4× CPU slowdown, Lighthouse's
 * standard figure) of the performance category on `url`, in a fresh headless Chromium.
 * @param cookie - sent with every request (a signed-in customer), none for a guest
 */
async function lighthouseRun(url: string, cookie?: string): Promise<LighthouseRun> {
  const lighthouse = (await import('lighthouse')).default;
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const audits = result!.lhr.audits;
    return {
      lcpMs: Math.round(audits['largest-contentful-paint']!.numericValue!),
      fcpMs: Math.round(audits['first-contentful-paint']!.numericValue!),
      tbtMs: Math.round(audits['total-blocking-time']!.numericValue!),
      cls: Math.round(audits['cumulative-layout-shift']!.numericValue! * 1000) / 1000,
      score: Math.round((result!.lhr.categories.performance!.score ?? 0) * 100),
    };
  } finally {
    chrome.kill();
  }
}

/** A customer page and what shows that its main content is there. */
interface PageSpec {
  name: string;
  path: string;
  /** CSS selector inside `<main>` of the content (any visible match counts). */
  css?: string;
  /** Or a text inside `<main>` (the page's empty state). */
  texts?: string[];
}

interface PageTime {
  page: string;
  path: string;
  runsMs: number[];
  medianMs: number;
  /** Medians over the runs, ms from navigation start. */
  domContentLoadedMs: number;
  meAnsweredMs: number;
}

/** The goal: every customer page shows its content within this many ms on localhost. */
const PAGE_GOAL_MS = 500;
const PARTS = new Set((process.env.BENCH_WEB_PARTS ?? 'js,pages,lighthouse').split(','));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function run(): Promise<BenchSection> {
  if (process.env.BENCH_WEB_BUILD !== '0') {
    const frontend = path.resolve(__dirname, '..', 'frontend');
    if (process.env.E2E_WEB_DIST)
      execFileSync('npx', ['vite', 'build', '--outDir', path.resolve(process.env.E2E_WEB_DIST), '--emptyOutDir'], {
        cwd: frontend,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: 'ignore',
      });
    else execFileSync('npm', ['run', '--silent', 'build', '-w', 'frontend'], { stdio: 'ignore' });
  }
  const e2e = await startE2E(SERVICES);
  try {
    await seed({
      gatewayUrl: e2e.stack.gatewayUrl,
      maildevUrl: testServers().maildevUrl,
      admin: e2e.stack.admin,
      deviceLimit: Number(process.env.BENCH_WEB_DEVICES ?? 24),
    });
    const customer = new Session(e2e.stack.gatewayUrl);
    await customer.call('post', '/Customer/loginCustomer', {
      body: { username: DEMO_CUSTOMER_USERNAME, password: DEMO_CUSTOMER_PASSWORD },
    });
    const cookie = customer.cookie!;
    const items = (await customer.call('get', '/items/getItems', { query: { page: 1, limit: 1 } })) as Page<{ _id: string }>;
    const itemId = items.items[0]!._id;

    const routes = [
      '/',
      '/CustomerLogin',
      '/Customer/AllItmes',
      `/Customer/ItemDetails/${itemId}`,
      '/Customer/MyShoppingCart',
      '/Seller/Home',
      '/Admin/Home',
    ];
    const js: RouteJs[] = [];
    for (const route of PARTS.has('js') ? routes : []) {
      const page = await e2e.newPage();
      const [name, value] = cookie.split('=') as [string, string];
      await page.context().addCookies([{ name, value, url: e2e.stack.gatewayUrl }]);
      const bodies: Promise<Buffer>[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') bodies.push(res.body());
      });
      await page.goto(route, { waitUntil: 'networkidle' });
      const all = await Promise.all(bodies);
      js.push({
        route: route.replace(itemId, '{id}'),
        scripts: all.length,
        rawKiB: kib(all.reduce((s, b) => s + b.length, 0)),
        gzipKiB: kib(all.reduce((s, b) => s + gzipSync(b, { level: 9 }).length, 0)),
      });
      await page.context().close();
    }

    const pages = PARTS.has('pages') ? await pageTimes(e2e, customer, itemId) : [];

    const runs: LighthouseRun[] = [];
    for (let i = 0; i < (PARTS.has('lighthouse') ? LIGHTHOUSE_RUNS : 0); i++)
      runs.push(await lighthouseRun(`${e2e.webUrl}/Customer/AllItmes`, cookie));
    // The public pages as a guest opens them (issue 32, Speed): no cookie, as a search engine or a
    // link preview gets them.
    const publicPages = [
      { page: 'home', path: '/Customer/Home' },
      { page: 'item list', path: '/Customer/AllItmes' },
      { page: 'item details', path: `/Customer/ItemDetails/${itemId}` },
    ];
    const guest: { page: string; path: string; runs: LighthouseRun[] }[] = [];
    for (const p of PARTS.has('lighthouse') ? publicPages : []) {
      const pageRuns: LighthouseRun[] = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) pageRuns.push(await lighthouseRun(`${e2e.webUrl}${p.path}`));
      process.stderr.write(`web bench: lighthouse ${p.page} ${JSON.stringify(pageRuns)}\n`);
      guest.push({ ...p, path: p.path.replace(itemId, '{id}'), runs: pageRuns });
    }
    const lcp = runs.length ? median(runs.map((r) => r.lcpMs)) : NaN;
    return {
      id: 'web',
      title: 'Web app: initial JavaScript per route, customer page times, Lighthouse on /Customer/AllItmes',
      notes: [
        `Parts measured: ${[...PARTS].join(', ')}.`,
        'Initial JavaScript: every script a fresh browser context loads for the route until the network is idle (signed in as the demo customer), gzip -9 sizes; routes the customer may not see still load the app before redirecting.',
        runs.length
          ? `Lighthouse ${runs.length} runs on /Customer/AllItmes (mobile preset, simulated throttling), median LCP ${lcp} ms; per run LCP/FCP/TBT ms and score: ${runs.map((r) => `${r.lcpMs}/${r.fcpMs}/${r.tbtMs} (${r.score})`).join(', ')}.`
          : 'Lighthouse not run (BENCH_WEB_PARTS).',
        'The web app is served gzip-compressed by an Express static server (no HTTP/2), as in the end-to-end tests, on loopback.',
      ],
      columns: ['route', 'scripts', 'raw KiB', 'gzip KiB', 'gzip vs /'],
      rows: js.map((r) => [r.route, r.scripts, r.rawKiB, r.gzipKiB, (r.gzipKiB / js[0]!.gzipKiB).toFixed(2)]),
      tables: [
        ...(pages.length
          ? [
              {
                title: `Customer pages: navigation start → main content shown (ms, fresh context, goal ≤ ${PAGE_GOAL_MS} ms)`,
                columns: ['page', 'path', 'median ms', 'runs ms', `≤ ${PAGE_GOAL_MS} ms`, 'DOMContentLoaded ms', '`me` answered ms'],
                rows: pages.map((p) => [
                  p.page,
                  p.path,
                  Number.isNaN(p.medianMs) ? 'timeout' : p.medianMs,
                  p.runsMs.map((ms) => (Number.isNaN(ms) ? 'timeout' : ms)).join(' / '),
                  p.medianMs <= PAGE_GOAL_MS ? 'yes' : 'no',
                  p.domContentLoadedMs,
                  p.meAnsweredMs,
                ]),
              },
            ]
          : []),
        ...(guest.length
          ? [
              {
                title:
                  'Public pages as a guest: Lighthouse mobile (simulated slow 4G, 4× CPU), median of the runs (goal LCP ≤ 2000 ms, CLS ≤ 0.05)',
                columns: ['page', 'path', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS', 'score', 'runs LCP ms'],
                rows: guest.map((g) => [
                  g.page,
                  g.path,
                  median(g.runs.map((r) => r.lcpMs)),
                  median(g.runs.map((r) => r.fcpMs)),
                  median(g.runs.map((r) => r.tbtMs)),
                  median(g.runs.map((r) => r.cls)),
                  median(g.runs.map((r) => r.score)),
                  g.runs.map((r) => r.lcpMs).join(' / '),
                ]),
              },
            ]
          : []),
      ],
      data: { js, pages, pageGoalMs: PAGE_GOAL_MS, lighthouse: runs, medianLcpMs: lcp, guestLighthouse: guest },
      charts: [
        { yTitle: 'initial JS gzip KiB', points: js.map((r) => ({ x: r.route.replace('/Customer/', '…/').slice(0, 18), y: r.gzipKiB })) },
        { yTitle: 'content shown ms (median)', points: pages.map((p) => ({ x: p.page.slice(0, 18), y: p.medianMs })) },
        {
          yTitle: 'ms (median of runs)',
          points: [
            { x: 'LCP', y: lcp },
            { x: 'FCP', y: median(runs.map((r) => r.fcpMs)) },
            { x: 'TBT', y: median(runs.map((r) => r.tbtMs)) },
          ],
        },
      ],
    };
  } finally {
    await e2e.stop();
  }
}

/**
 * Times every customer page: for each, BENCH_WEB_PAGE_RUNS fresh contexts with the
 * demo customer's session cookie; ms from navigation start (`performance.now()`'s origin) to the
 * first animation frame at which the page's content is in `<main>` and laid out.
 * @param customer - the signed-in demo customer (its session cookie opens the pages)
 * @param itemId - an item of the seeded catalogue (item page, its reviews, the checkout's line)
 */
async function pageTimes(e2e: E2E, customer: Session, itemId: string): Promise<PageTime[]> {
  const gw = e2e.stack.gatewayUrl;
  const cookie = customer.cookie!;
  const history = (await customer.call('get', '/orderhistory/getItems', { query: { page: 1, limit: 1 } })) as Page<{ _id: string }>;
  const session = await customer.request('post', '/checkout/session', { body: { items: [{ itemId, quantity: 1 }] } });
  if (session.status !== 201) throw new Error(`checkout session answered ${session.status}`);
  const { checkoutId } = session.body;
  const pages: PageSpec[] = [
    { name: 'home', path: '/Customer/Home', css: '[data-testid=product-tile], [data-testid=item-card]' },
    { name: 'all items', path: '/Customer/AllItmes', css: '[data-testid=item-card]', texts: ['No Result Found!'] },
    { name: 'discounted items', path: '/Customer/DiscountedItems', css: '[data-testid=item-card]', texts: ['No Result Found!'] },
    { name: 'packages', path: '/Customer/Packages', css: '.mantine-Card-root', texts: ['No Result Found!'] },
    { name: 'item', path: `/Customer/ItemDetails/${itemId}`, css: 'h2' },
    { name: 'item reviews', path: `/Customer/ItemReviews/${itemId}`, css: '[data-testid=review-card]', texts: ['No reviews yet.'] },
    { name: 'cart', path: '/Customer/MyShoppingCart', css: '[data-testid=line-total]', texts: ['Your cart is empty.'] },
    { name: 'wishlist', path: '/Customer/Mywishlist', css: '.mantine-Card-root', texts: ['Your wishlist is empty.'] },
    { name: 'wallet', path: '/Customer/MyWallet', css: '.mantine-Card-root .mantine-Badge-root', texts: ['No saved cards yet.'] },
    { name: 'checkout', path: '/Customer/SelectPayment', css: 'input[type=radio]', texts: ['No saved cards yet.'] },
    { name: 'orders', path: '/Customer/MyOrders', css: '[data-testid=order-card]', texts: ['You have no orders yet.'] },
    {
      name: 'package orders',
      path: '/Customer/MyPackageOrders',
      css: '[data-testid=order-card]',
      texts: ['You have no package orders yet.'],
    },
    { name: 'payment history', path: '/Customer/paymentHistory', css: 'tbody tr', texts: ['No Result Found!'] },
    ...(history.items[0]
      ? [{ name: 'payment details', path: `/Customer/purchaseHistoryExtended/${history.items[0]._id}`, texts: ['Receipt number:'] }]
      : []),
    { name: 'profile', path: '/Customer/MyProfile', css: 'h2, h3' },
    { name: 'my reviews', path: '/Customer/MyReviews', css: '[data-testid=review-card]', texts: ['No Result Found!'] },
    { name: 'contact us', path: '/Customer/ContactUs', css: 'textarea' },
  ];
  const [name, value] = cookie.split('=') as [string, string];
  const times: PageTime[] = [];
  for (const spec of pages) {
    const runsMs: number[] = [];
    // Where the time goes: DOMContentLoaded (the app's JavaScript ran) and the `me` answer.
    const dclRuns: number[] = [];
    const meRuns: number[] = [];
    for (let i = 0; i < Number(process.env.BENCH_WEB_PAGE_RUNS ?? 5); i++) {
      const page = await e2e.newPage();
      await page.context().addCookies([{ name, value, url: gw }]);
      await page.addInitScript((id) => sessionStorage.setItem('market.checkoutId', id), checkoutId);
      await page.goto(spec.path, { waitUntil: 'commit' });
      // Runs in the page (a string: this file is type-checked without the DOM library).
      const shown = await page
        .waitForFunction(
          `(() => {
          const main = document.querySelector('main');
          if (!main) return false;
          const css = ${JSON.stringify(spec.css ?? '')};
          const at = () => {
            const nav = performance.getEntriesByType('navigation')[0];
            const me = performance.getEntriesByType('resource').find((r) => r.name.includes('/me'));
            return [performance.now(), nav ? nav.domContentLoadedEventEnd : 0, me ? me.responseEnd : 0];
          };
          if (css) for (const el of main.querySelectorAll(css)) if (el.getClientRects().length > 0) return at();
          for (const t of ${JSON.stringify(spec.texts ?? [])}) if (main.innerText.includes(t)) return at();
          return false;
        })()`,
          undefined,
          { polling: 'raf', timeout: 20_000 },
        )
        .catch(async (err: unknown) => {
          // A page that never shows its content is reported (as a timeout), not a failed bench.
          const main = await page.evaluate('document.querySelector("main")?.innerText.slice(0, 300) ?? "(no main)"');
          process.stderr.write(`web bench: ${spec.name} (${spec.path}) did not show its content: ${String(err)}; main: ${String(main)}\n`);
          return null;
        });
      const [shownMs, dclMs, meMs] = shown ? ((await shown.jsonValue()) as number[]) : [NaN, NaN, NaN];
      runsMs.push(Math.round(shownMs!));
      dclRuns.push(Math.round(dclMs!));
      meRuns.push(Math.round(meMs!));
      await page.context().close();
    }
    process.stderr.write(`web bench: ${spec.name} ${runsMs.join(' / ')} ms\n`);
    times.push({
      page: spec.name,
      path: spec.path.replace(itemId, '{id}').replace(/[0-9a-f]{24}$/, '{id}'),
      runsMs,
      medianMs: runsMs.some(Number.isNaN) ? NaN : median(runsMs),
      domContentLoadedMs: median(dclRuns),
      meAnsweredMs: median(meRuns),
    });
  }
  return times;
}

benchMain(module, run);
