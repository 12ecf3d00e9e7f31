/**
 * Bench 6 of issue 9, the web app as a customer's browser gets it:
 * - initial JavaScript per route: every script the page loads until the network is idle, summed
 *   as gzip -9 bytes (what a compressing static server sends), in Debian's Chromium;
 * - Lighthouse (mobile preset, simulated throttling: Lighthouse's standard figure) for
 *   /Customer/AllItmes, signed in as the demo customer, median of BENCH_LIGHTHOUSE_RUNS (3) runs.
 * The web app is the production build (`npm run build -w frontend`), served as in the end-to-end
 * tests, against real services seeded with BENCH_WEB_DEVICES (24) real devices and their photos
 * through the public API (scripts/seed).
 *
 *   npx tsx bench/web.ts
 */
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { CHROMIUM, startE2E } from '../frontend/e2e/harness';
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMER_USERNAME } from '../scripts/seed/people';
import { seed } from '../scripts/seed/seed';
import { benchMain } from './lib/main';
import type { BenchSection } from './lib/section';
import { testServers } from '@market/platform/testing';

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
  score: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export async function run(): Promise<BenchSection> {
  execFileSync('npm', ['run', '--silent', 'build', '-w', 'frontend'], { stdio: 'ignore' });
  const e2e = await startE2E(SERVICES);
  try {
    await seed({
      gatewayUrl: e2e.stack.gatewayUrl,
      maildevUrl: testServers().maildevUrl,
      admin: e2e.stack.admin,
      deviceLimit: Number(process.env.BENCH_WEB_DEVICES ?? 24),
    });
    const login = await fetch(`${e2e.stack.gatewayUrl}/Customer/loginCustomer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEMO_CUSTOMER_USERNAME, password: DEMO_CUSTOMER_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`demo customer login answered ${login.status}`);
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const items = (await (await fetch(`${e2e.stack.gatewayUrl}/items/getItems?page=1&limit=1`)).json()) as { items: { _id: string }[] };
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
    for (const route of routes) {
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

    const lighthouse = (await import('lighthouse')).default;
    const chromeLauncher = await import('chrome-launcher');
    const runs: LighthouseRun[] = [];
    for (let i = 0; i < Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3); i++) {
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      try {
        const result = await lighthouse(`${e2e.webUrl}/Customer/AllItmes`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          extraHeaders: { Cookie: cookie },
        });
        const audits = result!.lhr.audits;
        runs.push({
          lcpMs: Math.round(audits['largest-contentful-paint']!.numericValue!),
          fcpMs: Math.round(audits['first-contentful-paint']!.numericValue!),
          tbtMs: Math.round(audits['total-blocking-time']!.numericValue!),
          score: Math.round((result!.lhr.categories.performance!.score ?? 0) * 100),
        });
      } finally {
        chrome.kill();
      }
    }
    const lcp = median(runs.map((r) => r.lcpMs));
    return {
      id: 'web',
      title: 'Web app: initial JavaScript per route, Lighthouse on /Customer/AllItmes',
      notes: [
        'Initial JavaScript: every script a fresh browser context loads for the route until the network is idle (signed in as the demo customer), gzip -9 sizes; routes the customer may not see still load the app before redirecting.',
        `Lighthouse ${runs.length} runs on /Customer/AllItmes (mobile preset, simulated throttling), median LCP ${lcp} ms; per run LCP/FCP/TBT ms and score: ${runs.map((r) => `${r.lcpMs}/${r.fcpMs}/${r.tbtMs} (${r.score})`).join(', ')}.`,
        'The web app is served gzip-compressed by an Express static server (no HTTP/2), as in the end-to-end tests, on loopback.',
      ],
      columns: ['route', 'scripts', 'raw KiB', 'gzip KiB', 'gzip vs /'],
      rows: js.map((r) => [r.route, r.scripts, r.rawKiB, r.gzipKiB, (r.gzipKiB / js[0]!.gzipKiB).toFixed(2)]),
      data: { js, lighthouse: runs, medianLcpMs: lcp },
      charts: [
        { yTitle: 'initial JS gzip KiB', points: js.map((r) => ({ x: r.route.replace('/Customer/', '…/').slice(0, 18), y: r.gzipKiB })) },
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

benchMain(module, run);
