/**
 * The web app's server in production (issue 32 item 2): replaces `vite preview` under `npm start`
 * and nginx in the `web` image, and serves the end-to-end tests (e2e/harness.ts). One Express app:
 * - `/assets/*` (hashed names) with `Cache-Control: public, max-age=31536000, immutable`, the other
 *   files of the build as they are; all compressed;
 * - the public pages (src/entry-server.tsx, `isPublicPath`) rendered on the server with their
 *   content, head tags and JSON-LD, their page's stylesheets linked (written in when small and
 *   without url()); every other path (the signed-in areas) gets the app's shell (index.html),
 *   which the browser renders as before; a rendered page goes without the app's
 *   `<script type="module">` and modulepreloads and is marked `<html data-rendered>`: its first
 *   inline script adds them once the page has painted (vite.config.ts, preloadRoutePages), so its
 *   stylesheet and pictures come first on a slow link;
 * - `/robots.txt` and `/sitemap.xml` (the items' pages and the listings, from the catalogue's
 *   public listing through the gateway);
 * - on every HTML answer the security headers of issue 27 item 4 (server/securityHeaders.ts) with a
 *   fresh style nonce written into the page.
 *
 * Stateless: it holds no session and forwards no cookie (the rendered pages are the guest's, the
 * same for everyone in a language: the `lang` cookie, issue 33 item 1, picks English, Sinhala or
 * Tamil, written as `<html lang>` on every page and kept apart in the render cache), so any number of replicas can stand behind a load balancer. A rendered page
 * is kept {@link RENDER_CACHE_MS} in memory per replica (the nonce is put in per answer, so a kept
 * page never reuses one); HTML answers say `Cache-Control: no-cache`, as a shared cache would hand
 * one answer's nonce to everyone. The sitemap is kept {@link SITEMAP_CACHE_MS}.
 */
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROUTE_PAGES, SSR_DIR } from './routePages.js';
import { NONCE_PLACEHOLDER, POLICY_FILE, securityHeaders, styleAttributeHashes, type PolicyInputs } from './securityHeaders.js';

/** How long a rendered public page is served again before it is rendered anew (ms). */
export const RENDER_CACHE_MS = 30_000;
/** The page's language from the `lang` cookie (the web app's i18n/languages.ts): en, si or ta; en otherwise. */
export function languageOf(req: Request): 'en' | 'si' | 'ta' {
  const value = /(?:^|;\s*)lang=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  return value === 'si' || value === 'ta' ? value : 'en';
}
/** How long the sitemap is kept (ms). */
export const SITEMAP_CACHE_MS = 10 * 60_000;
/** Rendered pages kept at most (the oldest go first). */
const RENDER_CACHE_ENTRIES = 500;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A page's stylesheet at most this long (characters) is written into the page instead of linked. */
const INLINE_CSS_MAX = 8 * 1024;
/** Where a kept page says how old its reads are (ms) when sent: the browser reads them again when they are not fresh (src/main.tsx). */
const AGE_PLACEHOLDER = '__SSR_AGE_MS__';

export interface WebServerOptions {
  /** The web build (frontend/dist or E2E_WEB_DIST): index.html, assets, security-headers.json and `.ssr/`. */
  dist: string;
  /**
   * The gateway as browsers reach it, written into each page (`window.__MARKET_CONFIG__`) and used
   * for the server's own reads; default: the build's VITE_API_URL.
   */
  apiUrl?: string;
  /** The gateway as this server reaches it, when that differs (e.g. http://gateway:8070 in a cluster). */
  internalApiUrl?: string;
  /** The public origin of the web app (canonical links, sitemap); default: the request's Host. */
  siteUrl?: string;
  /** Sends HSTS (served over https). */
  production?: boolean;
  /** How long a rendered page is kept (ms, default {@link RENDER_CACHE_MS}); 0 renders every request (the bench's comparison, bench/web.ts). */
  renderCacheMs?: number;
  /** Logs a page that could not be rendered (default: console.warn). */
  log?: (message: string) => void;
}

/**
 * What src/entry-server.tsx's `render` answers (its RenderResult), as far as this server reads it;
 * written out here because the bundle is loaded at run time (and this file is also compiled
 * outside the web app's TypeScript settings, with the tests).
 */
type RenderResult =
  | { kind: 'page'; status: number; html: string; hoisted: string; data: unknown; head: unknown }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'shell'; reason: string };
/** The exports of the server-rendering bundle (`<dist>/.ssr/entry-server.mjs`) this server uses. */
interface SsrModule {
  render: (url: string, opts: { styleNonce: string; siteUrl: string; language: string }) => Promise<RenderResult>;
  headHtml: (head: unknown) => string;
  scriptJson: (value: unknown) => string;
  SSR_DATA_ID: string;
}

/** The stylesheets a page module needs, from the build's manifest (`.vite/manifest.json`): its own and its imports'. */
function stylesheetsOf(manifest: Record<string, { css?: string[]; imports?: string[] }>, entry: string): string[] {
  const seen = new Set<string>();
  const css = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const file of manifest[key].css ?? []) css.add(`/${file}`);
    for (const imported of manifest[key].imports ?? []) walk(imported);
  };
  walk(entry);
  return [...css];
}

/**
 * Builds the web app's Express app over a build.
 * @throws when the build has no index.html or no security-headers.json (an older build)
 */
export async function createWebApp(opts: WebServerOptions) {
  const log = opts.log ?? ((m: string) => void process.stderr.write(`web: ${m}\n`));
  const renderCacheMs = opts.renderCacheMs ?? RENDER_CACHE_MS;
  const indexFile = path.join(opts.dist, 'index.html');
  const policyFile = path.join(opts.dist, POLICY_FILE);
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run \`npm run build -w frontend\` first`);
  if (!existsSync(policyFile)) throw new Error(`${policyFile} is missing: build the web app again (npm run build -w frontend)`);
  const inputs = JSON.parse(readFileSync(policyFile, 'utf8')) as PolicyInputs;
  const apiUrl = opts.apiUrl ?? inputs.gatewayUrl;

  // The page's configuration: the gateway browsers call, allowed by its hash like the build's inline scripts.
  const configCode = `window.__MARKET_CONFIG__=${JSON.stringify({ apiUrl }).replace(/</g, '\\u003c')}`;
  const configHash = `'sha256-${createHash('sha256').update(configCode, 'utf8').digest('base64')}'`;
  const policy: PolicyInputs = { ...inputs, gatewayUrl: apiUrl, scriptHashes: [...inputs.scriptHashes, configHash] };
  const shell = readFileSync(indexFile, 'utf8').replace('<head>', `<head><script nonce="${NONCE_PLACEHOLDER}">${configCode}</script>`);

  // The server renderer reads the gateway's address from the same configuration as the browser.
  (globalThis as { __MARKET_CONFIG__?: { apiUrl: string } }).__MARKET_CONFIG__ = { apiUrl };
  if (opts.internalApiUrl && opts.internalApiUrl !== apiUrl) routeFetches(apiUrl, opts.internalApiUrl);
  const ssrFile = path.join(opts.dist, SSR_DIR, 'entry-server.mjs');
  const ssr = existsSync(ssrFile) ? ((await import(pathToFileURL(ssrFile).href)) as SsrModule) : undefined;
  if (!ssr) log(`${ssrFile} is missing: every page is served as the app's shell (no server rendering); build the web app again`);
  const manifestFile = path.join(opts.dist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { css?: string[] }>) : {};
  const entryCss = new Set(stylesheetsOf(manifest, 'index.html'));
  // A rendered page paints before the app's scripts load: index.html's first script loads them
  // after the load event when <html> says `data-rendered` (vite.config.ts, preloadRoutePages), so
  // the page goes without the build's module script and modulepreloads. An older build has no such
  // loader and keeps them.
  const loadsAppAfterPaint = shell.includes("hasAttribute('data-rendered')");
  const pageShell = loadsAppAfterPaint
    ? shell
        .replace('<html ', '<html data-rendered ')
        .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    : shell;

  // A page's own small stylesheet (home's Showcase, 3 KiB) goes into the page: on a slow link a
  // second render-blocking request to the origin waits for a connection of its own (Lighthouse:
  // about 300 ms of home's first paint). Only files without url(), whose addresses are relative to the file.
  const inlined = new Map<string, string | undefined>();
  const inlineCss = (href: string): string | undefined => {
    if (!inlined.has(href)) {
      const file = path.join(opts.dist, href);
      const css = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
      inlined.set(href, css !== undefined && css.length <= INLINE_CSS_MAX && !/url\(|<\//i.test(css) ? css : undefined);
    }
    return inlined.get(href);
  };

  const siteOf = (req: Request) => opts.siteUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;

  /** The HTML of a rendered page (with the nonce placeholder), or the shell's. */
  function pageHtml(result: Extract<RenderResult, { kind: 'page' }>, pathname: string): string {
    const page = ROUTE_PAGES.find(([pattern]) => pattern.test(pathname.toLowerCase()))?.[1];
    const links = (page ? stylesheetsOf(manifest, page) : [])
      .filter((href) => !entryCss.has(href))
      .map((href) => {
        const css = inlineCss(href);
        return css === undefined
          ? `<link rel="stylesheet" crossorigin href="${href}" nonce="${NONCE_PLACEHOLDER}">`
          : `<style nonce="${NONCE_PLACEHOLDER}" data-href="${href}">${css}</style>`;
      })
      .join('');
    return pageShell
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      .replace('</head>', `    ${ssr!.headHtml(result.head)}\n    ${links}${result.hoisted}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${result.html}</div><script type="application/json" id="${ssr!.SSR_DATA_ID}" data-age-ms="${AGE_PLACEHOLDER}">${ssr!.scriptJson(result.data)}</script>`,
      );
  }

  type Answer = { status: number; html: string; styleHashes: string[] };
  const shellAnswer: Answer = { status: 200, html: shell, styleHashes: [] };
  const rendered = new Map<string, Answer & { at: number }>();
  async function renderPage(req: Request): Promise<Answer | { redirect: string; status: number }> {
    const url = new URL(req.originalUrl, siteOf(req));
    const language = languageOf(req);
    const key = `${language} ${url.host}${url.pathname}${url.search}`;
    const kept = rendered.get(key);
    if (kept && Date.now() - kept.at < renderCacheMs) return kept;
    if (!ssr) return shellAnswer;
    let result: RenderResult;
    try {
      result = await ssr.render(url.href, { styleNonce: NONCE_PLACEHOLDER, siteUrl: siteOf(req), language });
    } catch (err) {
      log(`server rendering of ${url.pathname} failed, the shell is served: ${String((err as Error).stack ?? err)}`);
      return shellAnswer;
    }
    if (result.kind === 'redirect') return { redirect: result.location, status: result.status };
    const answer =
      result.kind === 'page'
        ? { at: Date.now(), status: result.status, html: pageHtml(result, url.pathname), styleHashes: styleAttributeHashes(result.html) }
        : { ...shellAnswer, at: Date.now() };
    if (result.kind === 'shell' && result.reason !== 'not a public page') log(`${url.pathname}: served as the shell (${result.reason})`);
    rendered.delete(key);
    if (renderCacheMs > 0) rendered.set(key, answer);
    if (rendered.size > RENDER_CACHE_ENTRIES) rendered.delete(rendered.keys().next().value!);
    return answer;
  }

  const app = express();
  app.disable('x-powered-by');
  // No validator on pages: a 304 would bring back a body whose nonce is older than the new answer's policy.
  app.set('etag', false);
  app.set('trust proxy', true);
  app.use(compression());
  // Every answer, files included, carries the headers (nosniff matters most on the scripts); a
  // page's answer then puts its own nonce and style hashes in the policy.
  app.use((_req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.nonce = nonce;
    res.set(securityHeaders(policy, { styleNonce: nonce, production: !!opts.production }));
    next();
  });
  // Probes (k8s/base/web.yaml, docker-compose.yml): alive, and ready once pages can be rendered.
  app.get('/healthz', (_req, res) => void res.type('text/plain').set('Cache-Control', 'no-store').send('ok'));
  app.get(
    '/readyz',
    (_req, res) =>
      void res
        .status(ssr ? 200 : 503)
        .type('text/plain')
        .set('Cache-Control', 'no-store')
        .send(ssr ? 'ready' : 'no rendering bundle'),
  );
  app.get('/robots.txt', (req, res) => {
    res
      .type('text/plain')
      .set('Cache-Control', 'public, max-age=3600')
      .send(robotsTxt(siteOf(req)));
  });
  let sitemap: { at: number; site: string; xml: string } | undefined;
  app.get('/sitemap.xml', async (req, res) => {
    const site = siteOf(req);
    try {
      if (!sitemap || sitemap.site !== site || Date.now() - sitemap.at >= SITEMAP_CACHE_MS)
        sitemap = { at: Date.now(), site, xml: await sitemapXml(opts.internalApiUrl ?? apiUrl, site) };
      res
        .type('application/xml')
        .set('Cache-Control', `public, max-age=${SITEMAP_CACHE_MS / 1000}`)
        .send(sitemap.xml);
    } catch (err) {
      log(`sitemap: ${String(err)}`);
      res.status(503).type('text/plain').set('Retry-After', '60').send('The sitemap is not available right now.');
    }
  });
  const files = express.static(opts.dist, {
    index: false,
    setHeaders(res, file) {
      if (file.startsWith(path.join(opts.dist, 'assets') + path.sep)) res.setHeader('Cache-Control', IMMUTABLE);
    },
  });
  // index.html asked for by name is a page like any other (below), never the file with its placeholder.
  app.use((req, res, next) => (req.path === '/index.html' ? next() : files(req, res, next)));
  app.use(async (req: Request, res: Response) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('Method Not Allowed');
      return;
    }
    const nonce = res.locals.nonce as string;
    if (path.extname(req.path) && !req.accepts('html')) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    const answer = req.path === '/index.html' ? shellAnswer : await renderPage(req);
    if ('redirect' in answer) {
      res.redirect(answer.status, answer.redirect);
      return;
    }
    res.set(securityHeaders(policy, { styleNonce: nonce, production: !!opts.production, styleAttributeHashes: answer.styleHashes }));
    const age = 'at' in answer ? Date.now() - (answer.at as number) : 0;
    // The page's language comes from the cookie.
    res.vary('Cookie');
    res
      .status(answer.status)
      .type('html')
      .set('Cache-Control', 'no-cache')
      .send(
        answer.html
          .replaceAll(NONCE_PLACEHOLDER, nonce)
          .replace(AGE_PLACEHOLDER, String(age))
          .replace(/(<html\b[^>]*?\blang=")en"/, `$1${languageOf(req)}"`),
      );
  });
  return app;
}

/** Sends the server renderer's reads of `from` (the public gateway address) to `to`. */
function routeFetches(from: string, to: string): void {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return original(url.startsWith(from) ? `${to}${url.slice(from.length)}` : input, init);
  };
}

/** robots.txt: the shop's public pages are open to crawlers, the signed-in areas are not. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /$',
    'Allow: /Customer/Home',
    'Allow: /Customer/AllItmes',
    'Allow: /Customer/AllItemsFilterBy/',
    'Allow: /Customer/DiscountedItems',
    'Allow: /Customer/Packages',
    'Allow: /Customer/ItemDetails/',
    'Allow: /Customer/ItemReviews/',
    'Disallow: /Customer/',
    'Disallow: /Seller/',
    'Disallow: /Admin/',
    'Disallow: /SellerLogin',
    'Disallow: /AdminLogin',
    '',
    `Sitemap: ${new URL('/sitemap.xml', siteUrl).href}`,
    '',
  ].join('\n');
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * sitemap.xml (sitemaps.org 0.9): the landing page, home, the listings, the packages page and every
 * item's page, the items read page by page (100, the gateway's largest page) from
 * `GET /items/getItems`; a package has no page of its own, the packages page lists them.
 * @throws when the gateway does not answer
 */
export async function sitemapXml(gatewayUrl: string, siteUrl: string): Promise<string> {
  const urls: { loc: string; lastmod?: string }[] = [
    '/',
    '/Customer/Home',
    '/Customer/AllItmes',
    '/Customer/DiscountedItems',
    '/Customer/Packages',
  ].map((p) => ({ loc: new URL(p, siteUrl).href }));
  for (let page = 1; ; page++) {
    const res = await fetch(`${gatewayUrl}/items/getItems?page=${page}&limit=100`);
    if (!res.ok) throw new Error(`GET /items/getItems answered ${res.status}`);
    const body = (await res.json()) as { items: { _id: string; createdAt?: string }[]; total: number };
    for (const item of body.items)
      urls.push({
        loc: new URL(`/Customer/ItemDetails/${encodeURIComponent(item._id)}`, siteUrl).href,
        lastmod: item.createdAt?.slice(0, 10),
      });
    if (body.items.length === 0 || page * 100 >= body.total || page >= 500) break;
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((u) => `  <url><loc>${xmlEscape(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`),
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * Starts the web server.
 * @returns its address and a function that stops it
 */
export async function startWebServer(
  opts: WebServerOptions & { port: number; host?: string },
): Promise<{ url: string; close: () => Promise<void> }> {
  const app = await createWebApp(opts);
  const host = opts.host ?? '127.0.0.1';
  const server: Server = app.listen(opts.port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return { url: `http://${host}:${opts.port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
