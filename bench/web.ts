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
 *   With BENCH_WEB_BEFORE_DIST (another build, e.g. an earlier commit's), the guest pages are
 *   measured on both builds in the same run, runs alternating between them, each build served by
 *   its own server (`<dist>/.ssr/server.mjs`, as `npm start` runs it) against the same stack;
 * - `ssr` (issue 32, Speed, "server rendering cost"): the build's own server in a child process
 *   serving /Customer/AllItmes with its render cache off (RENDER_CACHE_MS=0: rendered per request)
 *   and on (the default 30 s), side by side: one request at a time for BENCH_SECONDS (10), then 20
 *   concurrent connections as long; pages per second of the server process's own CPU time
 *   (/proc: one core's worth) and the latency percentiles; answers that fell back to the shell are
 *   counted (a render that failed is not a render).
 * The web app is the production build, served as in the end-to-end tests, against real services
 * seeded with BENCH_WEB_DEVICES (24) real devices and their photos through the public API
 * (scripts/seed). The machine's 1-minute load average is noted beside the figures (other work on
 * the machine slows the observed run Lighthouse simulates from).
 *
 * Settings: BENCH_WEB_PARTS (`js,pages,lighthouse`; `ssr` on request) chooses the parts;
 * E2E_WEB_DIST builds into (and serves from) that directory instead of `frontend/dist`;
 * BENCH_WEB_BUILD=0 serves the build already there; BENCH_WEB_BEFORE_DIST as above.
 *
 *   npx tsx bench/web.ts
 *   BENCH_WEB_PARTS=js E2E_WEB_DIST=/tmp/web-me npx tsx bench/web.ts
 *   BENCH_WEB_PARTS=lighthouse,ssr BENCH_WEB_BUILD=0 E2E_WEB_DIST=.data/web-dist-me BENCH_WEB_BEFORE_DIST=.data/web-dist-before npx tsx bench/web.ts
 */
import { execFileSync, spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { E2E } from '../frontend/e2e/harness';
import { CHROMIUM, startE2E } from '../frontend/e2e/harness';
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMER_USERNAME } from '../scripts/seed/people';
import { Session } from '../scripts/seed/api';
import { seed } from '../scripts/seed/seed';
import { clockTicks, procStat } from './lib/cpu';
import { hammer, type HammerResult } from './lib/hammer';
import { benchMain, benchSettings } from './lib/main';
import type { BenchSection } from './lib/section';
import { freePort, testServers } from '@market/platform/testing';
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

/** The machine's 1-minute load average, rounded (2 cores: above 2 means waiting for a core). */
const load = () => Math.round(loadavg()[0]! * 10) / 10;

interface BuildServer {
  url: string;
  pid: number;
  /** Pages the server could not render and answered with the app's shell, so far. */
  shellAnswers(): number;
  stop(): Promise<void>;
}

/**
 * Serves a web build with its own server (`<dist>/.ssr/server.mjs`, as `npm start` and the image
 * run it) in a child process on 127.0.0.1:`port`, its pages calling `apiUrl`.
 * @param env - further settings of the server (e.g. RENDER_CACHE_MS)
 * @throws when the server exits before it listens
 */
async function serveBuild(dist: string, port: number, apiUrl: string, env: Record<string, string> = {}): Promise<BuildServer> {
  const child = spawn(process.execPath, [path.join(dist, '.ssr', 'server.mjs')], {
    env: { ...process.env, WEB_DIST: dist, PORT: String(port), HOST: '127.0.0.1', API_URL: apiUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let shells = 0;
  child.stderr!.on('data', (chunk: Buffer) => {
    shells += (String(chunk).match(/served as the shell|the shell is served/g) ?? []).length;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (String(chunk).includes('web: serving')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the web server of ${dist} exited (${code}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    shellAnswers: () => shells,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

interface SsrCost {
  cache: string;
  concurrency: number;
  /** Pages answered per second of the server process's CPU time (user + system). */
  pagesPerCpuSecond: number;
  load: HammerResult;
  shellAnswers: number;
  loadAvg: number;
}

/**
 * Server rendering cost of `path` (issue 32, Speed): the build's server with its render cache off
 * and on, one request at a time and 20 concurrent, BENCH_SECONDS each.
 */
async function ssrCost(dist: string, apiUrl: string, pagePath: string): Promise<SsrCost[]> {
  const { seconds } = benchSettings();
  const ticks = clockTicks();
  const costs: SsrCost[] = [];
  for (const [cache, env] of [
    ['off (rendered per request)', { RENDER_CACHE_MS: '0' }],
    ['on (30 s)', {}],
  ] as const) {
    const server = await serveBuild(dist, await freePort(), apiUrl, env);
    try {
      const url = `${server.url}${pagePath}`;
      const html = await (await fetch(url)).text();
      if (!html.includes('id="ssr-data"')) throw new Error(`${url} was not rendered on the server`);
      await hammer(url, { connections: 1, amount: 20 });
      for (const concurrency of [1, 20]) {
        const shellsBefore = server.shellAnswers();
        const cpuBefore = procStat(server.pid)!.ticks;
        const result = await hammer(url, { connections: concurrency, duration: seconds });
        const cpuSeconds = (procStat(server.pid)!.ticks - cpuBefore) / ticks;
        costs.push({
          cache,
          concurrency,
          pagesPerCpuSecond: Math.round(result.n / Math.max(cpuSeconds, 1 / ticks)),
          load: result,
          shellAnswers: server.shellAnswers() - shellsBefore,
          loadAvg: load(),
        });
        process.stderr.write(`web bench: ssr cache ${cache}, ${concurrency} at a time: ${JSON.stringify(costs.at(-1))}\n`);
      }
    } finally {
      await server.stop();
    }
  }
  return costs;
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
  const beforeDist =
    PARTS.has('lighthouse') && process.env.BENCH_WEB_BEFORE_DIST ? path.resolve(process.env.BENCH_WEB_BEFORE_DIST) : undefined;
  const beforePort = beforeDist ? await freePort() : undefined;
  const e2e = await startE2E(SERVICES, { extraWebOrigins: beforePort ? [`http://127.0.0.1:${beforePort}`] : [] });
  let before: BuildServer | undefined;
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
    // With a build to compare, both builds' runs alternate (which goes first too), so a change of
    // the machine's load falls on both.
    if (beforeDist) before = await serveBuild(beforeDist, beforePort!, e2e.stack.gatewayUrl);
    const builds = before
      ? [
          { build: 'after', url: e2e.webUrl },
          { build: 'before', url: before.url },
        ]
      : [{ build: 'this build', url: e2e.webUrl }];
    const guest: { page: string; path: string; build: string; runs: (LighthouseRun & { loadAvg: number })[] }[] = [];
    for (const p of PARTS.has('lighthouse') ? publicPages : []) {
      const rows = builds.map((b) => ({
        ...p,
        path: p.path.replace(itemId, '{id}'),
        build: b.build,
        runs: [] as (LighthouseRun & { loadAvg: number })[],
      }));
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++)
        for (const k of i % 2 ? [...builds.keys()].reverse() : builds.keys()) {
          const loadAvg = load();
          rows[k]!.runs.push({ ...(await lighthouseRun(`${builds[k]!.url}${p.path}`)), loadAvg });
        }
      for (const row of rows) process.stderr.write(`web bench: lighthouse ${p.page} (${row.build}) ${JSON.stringify(row.runs)}\n`);
      guest.push(...rows);
    }
    const ssr = PARTS.has('ssr')
      ? await ssrCost(
          path.resolve(process.env.E2E_WEB_DIST ?? path.resolve(__dirname, '..', 'frontend', 'dist')),
          e2e.stack.gatewayUrl,
          '/Customer/AllItmes',
        )
      : [];
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
        'The web app is served gzip-compressed by its Express server (frontend/server/webServer.ts, no HTTP/2), as in the end-to-end tests, on loopback.',
        ...(beforeDist
          ? [
              `Guest pages on two builds in this run, runs alternating: "after" is the build served by the e2e harness (${process.env.E2E_WEB_DIST ?? 'frontend/dist'}), "before" is ${beforeDist} served by its own .ssr/server.mjs; same stack, same seeded data.`,
            ]
          : []),
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
                  "Public pages as a guest: Lighthouse mobile (simulated slow 4G, 4× CPU), median of the runs (goal LCP ≤ 2000 ms, CLS ≤ 0.05); load: the machine's 1-minute load average at each run (2 cores)",
                columns: ['page', 'path', 'build', 'LCP ms', 'FCP ms', 'TBT ms', 'CLS', 'score', 'runs LCP ms', 'load'],
                rows: guest.map((g) => [
                  g.page,
                  g.path,
                  g.build,
                  median(g.runs.map((r) => r.lcpMs)),
                  median(g.runs.map((r) => r.fcpMs)),
                  median(g.runs.map((r) => r.tbtMs)),
                  median(g.runs.map((r) => r.cls)),
                  median(g.runs.map((r) => r.score)),
                  g.runs.map((r) => r.lcpMs).join(' / '),
                  g.runs.map((r) => r.loadAvg).join(' / '),
                ]),
              },
            ]
          : []),
        ...(ssr.length
          ? [
              {
                title:
                  'Server rendering of /Customer/AllItmes (the web server in one process, i.e. one core): render cache off and on, one request at a time and 20 concurrent',
                columns: [
                  'render cache',
                  'concurrent',
                  'pages / CPU s',
                  'pages / s',
                  'p50 ms',
                  'p95 ms',
                  'p99 ms',
                  'non-2xx',
                  'shell answers',
                  'load',
                ],
                rows: ssr.map((c) => [
                  c.cache,
                  c.concurrency,
                  c.pagesPerCpuSecond,
                  c.load.reqPerSec,
                  c.load.p50,
                  c.load.p95,
                  c.load.p99,
                  c.load.non2xx + c.load.errors,
                  c.shellAnswers,
                  c.loadAvg,
                ]),
              },
            ]
          : []),
      ],
      data: { js, pages, pageGoalMs: PAGE_GOAL_MS, lighthouse: runs, medianLcpMs: lcp, guestLighthouse: guest, ssr, beforeDist },
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
    await before?.stop();
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
