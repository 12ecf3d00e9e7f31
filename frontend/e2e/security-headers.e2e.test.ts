/**
 * Issue 27 item 4 on the built web app as `npm start` serves it (`vite build` with
 * NODE_ENV=production, then the build's web server, frontend/server/webServer.ts), in front of a real stack: every HTML answer carries
 * the Content-Security-Policy (hashes of the inline scripts actually served, a fresh style nonce,
 * the gateway in connect-src and img-src, frame-ancestors 'none'), nosniff, Referrer-Policy and
 * X-Frame-Options, and no HSTS on the local http preview; Debian's Chromium shows the landing
 * page, a login, the item list, an item with its picture and the admin home without one CSP
 * violation, and refuses to show the app inside another site's frame (clickjacking).
 *
 * The build is this file's own (a temporary outDir, VITE_API_URL = this stack's gateway), because
 * connect-src must name the gateway the page calls and the stack's gateway port is chosen at run
 * time; it takes 15-40 s on a two-core machine.
 */
import { freePort, startTestStack, uniqueName, waitFor, type TestStack } from '@market/platform/testing';
import { acceptedSeller, Client, itemBody, newCustomer } from '@market/testing';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, login, onNewContext } from './harness';

const FRONTEND = path.resolve(__dirname, '..');
const VITE = path.resolve(FRONTEND, '..', 'node_modules', 'vite', 'bin', 'vite.js');

let stack: TestStack;
let webUrl: string;
let outDir: string;
let preview: ChildProcess | undefined;
let browser: Browser;

/** Runs the Vite CLI in frontend/ and resolves when it exits 0; rejects with its output otherwise. */
function vite(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITE, ...args], { cwd: FRONTEND, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b.toString()));
    child.stderr.on('data', (b: Buffer) => (output += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite ${args.join(' ')} exited ${code}:\n${output}`))));
  });
}

beforeAll(async () => {
  // The gateway must know the web app's origin (CORS), so the web port is chosen first.
  const port = await freePort();
  webUrl = `http://127.0.0.1:${port}`;
  stack = await startTestStack(['identity', 'notifications', 'catalogue'], { WEB_ORIGINS: webUrl });
  outDir = mkdtempSync(path.join(os.tmpdir(), 'web-security-headers-'));
  // The production build as scripts/web-build.ts makes it (NODE_ENV=production), aimed at this stack.
  await vite(['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    ...process.env,
    NODE_ENV: 'production',
    VITE_API_URL: stack.gatewayUrl,
  });
  // Served as scripts/start.ts serves it under `npm start`: the build's own web server (server/webServer.ts).
  preview = spawn(process.execPath, [path.join(outDir, '.ssr', 'server.mjs')], {
    cwd: FRONTEND,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', WEB_DIST: outDir },
    stdio: 'ignore',
  });
  await waitFor(async () => (await fetch(`${webUrl}/`)).ok, 30_000, 200, 'the web server');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'] });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  preview?.kill();
  await stack?.stop();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** The directives of a Content-Security-Policy header: name → its source list. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/**
 * 'sha256-…' of each inline <script> (no src) of `html`, computed here, apart from the code under
 * test; data blocks (JSON, JSON-LD of a server-rendered page) are not run, so no policy governs them.
 */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter((m) => !/\ssrc\s*=/i.test(m[1]!) && !/\stype="application\/(ld\+)?json"/i.test(m[1]!))
    .map((m) => `'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
}

/** The nonce the page's <meta property="csp-nonce"> carries (what Mantine puts on its <style> tags). */
function metaNonce(html: string): string | undefined {
  return /<meta\b[^>]*property="csp-nonce"[^>]*\snonce="([^"]*)"/.exec(html)?.[1];
}

describe('security headers of the web app under its web server (issue 27 item 4)', () => {
  it.each(['/', '/Admin/Dashboard', '/Customer/AllItmes?page=2'])(
    'answers %s (HTML) with the policy of the inline scripts it serves',
    async (route) => {
      const res = await fetch(`${webUrl}${route}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      const csp = directives(res.headers.get('content-security-policy'));

      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      // Scripts: the app's own files and exactly the inline scripts of this answer, nothing inline else.
      const hashes = inlineScriptHashes(html);
      expect(hashes.length).toBeGreaterThanOrEqual(2); // the route-chunk modulepreload and the gateway read preload
      expect([...(csp.get('script-src') ?? [])].sort()).toEqual(["'self'", ...hashes].sort());
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      // Styles: the app's files and Mantine's run-time <style> tags, which carry this answer's nonce.
      const nonce = metaNonce(html);
      expect(nonce).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
      // A server-rendered page also allows exactly its elements' style attributes (React writes inline styles as attributes there).
      const attributes = [
        ...new Set(
          [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) =>
            m[1]!
              .replace(/&quot;/g, '"')
              .replace(/&#x27;/g, "'")
              .replace(/&amp;/g, '&'),
          ),
        ),
      ];
      const attributeHashes = attributes.map((v) => `'sha256-${createHash('sha256').update(v, 'utf8').digest('base64')}'`);
      expect(csp.get('style-src')).toEqual([
        "'self'",
        `'nonce-${nonce}'`,
        ...(attributeHashes.length ? ["'unsafe-hashes'", ...attributeHashes] : []),
      ]);
      // The gateway this build calls (VITE_API_URL): its reads and its item pictures.
      expect(csp.get('connect-src')).toContain(stack.gatewayUrl);
      expect(csp.get('img-src')).toContain(stack.gatewayUrl);

      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      // HSTS only in production (nginx in the image): never for http://127.0.0.1.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('gives every HTML answer a nonce of its own, and the app files nosniff', async () => {
    const [a, b] = await Promise.all(['/', '/index.html'].map((p) => fetch(`${webUrl}${p}`, { headers: { accept: 'text/html' } })));
    const [htmlA, htmlB] = await Promise.all([a!.text(), b!.text()]);
    expect(metaNonce(htmlA)).not.toEqual(metaNonce(htmlB));
    expect(directives(b!.headers.get('content-security-policy')).get('style-src')).toContain(`'nonce-${metaNonce(htmlB)}'`);
    // A nonce must not be reused from a cache: no validator that could bring back an old body.
    expect(a!.headers.get('etag')).toBeNull();
    expect(a!.headers.get('cache-control')).toBe('no-cache');

    // The shell names the app's script; a rendered page (`/`) loads it from its first inline script after painting.
    const script = /<script type="module"[^>]*src="([^"]+)"/.exec(htmlB)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${webUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
  });

  describe('in Chromium', () => {
    let itemName: string;
    let itemId: string;
    let customer: { username: string; password: string };

    beforeAll(async () => {
      const admin = new Client(stack.gatewayUrl);
      const { username, password } = stack.admin;
      expect((await admin.request('post', '/Admin/loginAdmin', { body: { username, password } })).status).toBe(200);
      const seller = await acceptedSeller(stack.gatewayUrl, admin);
      // A picture served by the gateway (img-src).
      const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 40, g: 90, b: 200 } } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'phone.png');
      const uploaded = await fetch(`${stack.gatewayUrl}/images/upload`, {
        method: 'POST',
        headers: { cookie: seller.client.api.cookie! },
        body: form,
      });
      expect(uploaded.status).toBe(201);
      const image = ((await uploaded.json()) as { name: string }).name;
      itemName = `Galaxy CSP ${uniqueName('i').replace(/[^a-z0-9]/gi, '')}`;
      const added = await seller.client.request('post', '/items/addItems', { body: itemBody({ Item_name: itemName, Images: [image] }) });
      expect(added.status).toBe(201);
      itemId = added.body._id;
      const c = newCustomer();
      expect((await new Client(stack.gatewayUrl).request('post', '/Customer/add', { body: c })).status).toBe(201);
      customer = { username: c.username, password: c.password };
    }, 120_000);

    /** A fresh context whose pages record every CSP violation (the DOM event and Chromium's console line). */
    async function watchedContext(): Promise<{ context: BrowserContext; violations: string[] }> {
      const context = await browser.newContext({ baseURL: webUrl, viewport: { width: 1280, height: 860 } });
      context.setDefaultTimeout(15_000);
      for (const hook of onNewContext) hook(context);
      const violations: string[] = [];
      await context.exposeBinding('__cspViolation', ({ page }, text: string) => void violations.push(`${page.url()}: ${text}`));
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation;
          report(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
        });
      });
      context.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
      });
      return { context, violations };
    }

    /** Waits until the page has nothing left to load (Mantine's lazy styles, pictures). */
    async function settled(page: Page): Promise<void> {
      await page.waitForLoadState('networkidle');
    }

    it('shows the landing page, a login, the item list, an item, a form with its modal and notice, and the admin home without a CSP violation', async () => {
      const { context, violations } = await watchedContext();
      const page = await context.newPage();

      await page.goto('/');
      await page.getByRole('heading', { name: /Phones, tablets, gaming gear/ }).waitFor();
      await settled(page);

      await login(page, '/CustomerLogin', customer.username, customer.password);
      await page.waitForURL(/\/Customer\//);
      await settled(page);

      // The listing: a full page load (the document preload script, the gateway read, Mantine's responsive grid styles).
      await page.goto('/Customer/AllItmes');
      await waitFor(
        async () => {
          await page.reload();
          // isVisible() answers at once (its timeout is ignored), before the listing's read has come back;
          // waitFor gives the page its few seconds to render the answer.
          return page
            .getByText(itemName)
            .first()
            .waitFor({ timeout: 5_000 })
            .then(
              () => true,
              () => false,
            );
        },
        60_000,
        500,
        'the item in the listing',
      );
      await settled(page);

      await page.goto(`/Customer/ItemDetails/${itemId}`);
      await page.getByText(itemName).first().waitFor();
      const picture = page.locator(`img[src^="${stack.gatewayUrl}/images/"]`).first();
      await picture.waitFor();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await settled(page);
      // Mantine's run-time <style> tags are there and carry the nonce (else they were blocked).
      const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.nonce));
      expect(styles.length).toBeGreaterThan(0);
      expect(styles.every((n) => n && n.length >= 16)).toBe(true);

      // A form (zod in the browser), Mantine's confirmation modal and a notice.
      await page.goto('/Customer/MyProfile');
      await page.getByRole('link', { name: 'Edit profile' }).click();
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Your Profie Has Been Successfully Updated!').waitFor();
      await settled(page);

      const admin = await context.newPage();
      await login(admin, '/AdminLogin', stack.admin.username, stack.admin.password);
      await admin.waitForURL('**/Admin/Home');
      await settled(admin);

      expect(violations).toEqual([]);
      await context.close();
    });

    it('refuses to be shown in another site’s frame (clickjacking)', async () => {
      // The framing site on its own origin (a real server: Chromium keeps a public page, as a routed
      // one would be, from framing 127.0.0.1 at all, which would prove nothing).
      const framer = createServer((_req, res) => {
        res.setHeader('Content-Type', 'text/html');
        res.end(`<iframe id="f" src="${webUrl}/AdminLogin" width="800" height="600"></iframe>`);
      });
      const port = await freePort();
      await new Promise<void>((r) => framer.listen(port, '127.0.0.1', r));
      try {
        const { context } = await watchedContext();
        const page = await context.newPage();
        // The same page opens on its own.
        await page.goto('/AdminLogin');
        await page.getByLabel('Username').waitFor();
        const refused = page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 15_000 });
        await page.goto(`http://127.0.0.1:${port}/`);
        await refused;
        const frame = await (await page.waitForSelector('#f')).contentFrame();
        expect(frame?.url()).toBe('chrome-error://chromewebdata/');
        expect(await frame!.locator('#root').count()).toBe(0);
        await context.close();
      } finally {
        await new Promise((r) => framer.close(r));
      }
    });
  });
});
