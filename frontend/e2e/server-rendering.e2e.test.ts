/**
 * Server-rendered public pages (issue 32 item 2) through the production web server
 * (server/webServer.ts) in front of a real stack:
 * - plain HTTP, no JavaScript: an item's page carries its name, price (formatLkr), picture URL,
 *   title, description, Open Graph tags, canonical link and a schema.org Product in JSON-LD; the
 *   listing's HTML carries its first page; home, discounted items, packages and reviews carry their
 *   content; a signed-in area's page is the app's shell; robots.txt and sitemap.xml;
 * - Chromium with JavaScript off shows the item and the listing (screenshots at 390 and 1366 px);
 * - Chromium with JavaScript on hydrates the server's markup without a hydration error in the
 *   console, and the page works (a guest's Add to cart asks to sign in).
 */
import { uniqueName } from '@market/platform/testing';
import { formatLkr } from '@market/contracts';
import type { ConsoleMessage } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'reviews']);

let tag: string;
let itemId: string;
let image: string;
const name = () => `Galaxy Tab S10 ${tag}`;

/** The page's HTML as a client without JavaScript gets it. */
async function html(path: string): Promise<{ status: number; body: string; headers: Headers }> {
  const res = await fetch(`${e2e.webUrl}${path}`, { headers: { accept: 'text/html' } });
  return { status: res.status, body: await res.text(), headers: res.headers };
}

/** The content of `<meta property|name="key">` in `page`. */
function meta(page: string, key: string): string | undefined {
  return new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(page)?.[1];
}

/** The JSON-LD blocks of `page`. */
function jsonLd(page: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

/** What is inside `<div id="root">` (the rendered app), without the tags. */
const rootText = (page: string) =>
  (/<div id="root">([\s\S]*?)<\/div><script type="application\/json"/.exec(page)?.[1] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&');

beforeAll(async () => {
  tag = uniqueName('ssr').replace(/[^a-z0-9]/gi, '');
  const seller = await e2e.seller(tag, {
    ownername: 'Kasun Silva',
    mobile: '0772345677',
    companyname: `Kandy Tabs ${tag}`,
    address: '4 Peradeniya Road, Kandy',
    year: '2016',
  });
  const png = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#2a4d7a' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tab.png');
  const uploaded = await fetch(`${e2e.stack.gatewayUrl}/images/upload`, { method: 'POST', headers: { cookie: seller.cookie }, body: form });
  expect(uploaded.status).toBe(201);
  image = ((await uploaded.json()) as { name: string }).name;
  const add = async (itemName: string, quantity: number): Promise<string> => {
    const added = await e2e.api<{ _id: string }>(
      '/items/addItems',
      {
        Item_name: itemName,
        Brand: 'Samsung',
        Model: `M-${uniqueName('m').slice(-6)}`,
        Quantity: quantity,
        Price: 189990.5,
        Description: 'An 11-inch AMOLED tablet with its S Pen in the box & a one-year local warranty.',
        Stock_keeping_unit: uniqueName('SKU').toUpperCase(),
        Category: 'Tablet / iPad / iPod',
        Images: [image],
      },
      seller.cookie,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body._id;
  };
  itemId = await add(name(), 7);
}, 120_000);

describe('server-rendered public pages (issue 32 item 2)', () => {
  it("serves an item's page with its content, head tags and Product JSON-LD in the HTML", async () => {
    const page = await html(`/Customer/ItemDetails/${itemId}`);
    expect(page.status).toBe(200);
    const text = rootText(page.body);
    expect(text).toContain(name());
    expect(text).toContain(formatLkr(18_999_050));
    const picture = `${e2e.stack.gatewayUrl}/images/${image}`;
    expect(page.body).toContain(`src="${picture}"`);
    expect(page.body).toContain(`<title>${name()} | Lanka Electronics</title>`);
    expect(meta(page.body, 'description')).toMatch(/^Samsung Galaxy Tab S10 .*AMOLED tablet/);
    expect(meta(page.body, 'og:title')).toBe(`${name()} | Lanka Electronics`);
    expect(meta(page.body, 'og:type')).toBe('product');
    expect(meta(page.body, 'og:image')).toBe(picture);
    expect(meta(page.body, 'og:url')).toBe(`${e2e.webUrl}/Customer/ItemDetails/${itemId}`);
    expect(page.body).toContain(`<link rel="canonical" href="${e2e.webUrl}/Customer/ItemDetails/${itemId}" />`);
    // Exactly one title and one description: the shell's were replaced.
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    expect(page.body.match(/<meta name="description"/g)).toHaveLength(1);
    const [product] = jsonLd(page.body);
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: name(),
      brand: { '@type': 'Brand', name: 'Samsung' },
      image: [picture],
      offers: { '@type': 'Offer', price: 189990.5, priceCurrency: 'LKR', availability: 'https://schema.org/InStock' },
    });
    expect(product).not.toHaveProperty('aggregateRating');
  });

  it('serves the first page of a listing, home, discounted items, packages and reviews with their content', async () => {
    const listing = await html(`/Customer/AllItmes?q=${encodeURIComponent(name())}`);
    expect(listing.status).toBe(200);
    expect(rootText(listing.body)).toContain(name());
    expect(rootText(listing.body)).toContain(formatLkr(18_999_050));
    expect(listing.body).toContain(`${e2e.stack.gatewayUrl}/images/`);
    expect(listing.body).toContain('<title>All Items | Lanka Electronics</title>');
    expect(meta(listing.body, 'og:image')).toMatch(/\/images\//);

    const all = await html('/Customer/AllItmes');
    expect((all.body.match(/data-testid="item-card"/g) ?? []).length).toBeGreaterThan(0);

    const reviews = await html(`/Customer/ItemReviews/${itemId}`);
    expect(rootText(reviews.body)).toContain(`Reviews of ${name()}`);
    expect(rootText(reviews.body)).toContain('No reviews yet.');

    for (const path of ['/Customer/Home', '/Customer/DiscountedItems', '/Customer/Packages', '/']) {
      const page = await html(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toMatch(/<script type="application\/json" id="ssr-data"[^>]*>\{/);
      expect(rootText(page.body).trim().length, path).toBeGreaterThan(50);
    }
  });

  it("answers a signed-in area's page with the app's shell, never with another person's data", async () => {
    for (const path of ['/Customer/MyOrders', '/Seller/Home', '/Admin/Home']) {
      const page = await html(path);
      expect(page.status, path).toBe(200);
      expect(page.body, path).toContain('<div id="root"></div>');
      expect(page.body, path).not.toContain('id="ssr-data"');
      expect(page.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    }
  });

  it('serves robots.txt and a sitemap of the items', async () => {
    const robots = await fetch(`${e2e.webUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    const rules = await robots.text();
    expect(rules).toContain('Allow: /Customer/ItemDetails/');
    expect(rules).toContain('Disallow: /Seller/');
    expect(rules).toContain('Disallow: /Admin/');
    expect(rules).toContain(`Sitemap: ${e2e.webUrl}/sitemap.xml`);

    const sitemap = await fetch(`${e2e.webUrl}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<loc>${e2e.webUrl}/Customer/ItemDetails/${itemId}</loc>`);
    expect(xml).toContain(`<loc>${e2e.webUrl}/Customer/Packages</loc>`);
  });

  it('shows the item and the listing with JavaScript off, at 390 and 1366 px', async () => {
    for (const width of [390, 1366]) {
      const context = await e2e.browser.newContext({ baseURL: e2e.webUrl, viewport: { width, height: 900 }, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/Customer/ItemDetails/${itemId}`);
      await page.getByRole('heading', { name: new RegExp(name()) }).waitFor();
      expect(await page.getByText(formatLkr(18_999_050)).first().isVisible()).toBe(true);
      expect(
        await page
          .locator(`img[src*="${image}"]`)
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      ).toBeGreaterThan(0);
      // The buy box's buttons have their colours without the app's script (Mantine's colour
      // variables hang on the <html> element's colour scheme).
      const buy = page.getByRole('button', { name: /buy now/i }).first();
      expect(await buy.isVisible()).toBe(true);
      expect(await buy.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
      await shot(page, `ssr-nojs-item-${width}`);
      await page.goto(`/Customer/AllItmes?q=${encodeURIComponent(name())}`);
      await page.getByTestId('item-card').first().waitFor();
      await shot(page, `ssr-nojs-listing-${width}`);
      await context.close();
    }
  });

  it('hydrates the server-rendered pages without a hydration error, and they work', async () => {
    const page = await e2e.pageAt(1366, 900);
    const problems: string[] = [];
    const watch = (m: ConsoleMessage) => {
      // A guest's `me` answers 401, which the browser logs as a failed resource: not the app's error.
      if (/^Failed to load resource: .* 401/.test(m.text())) return;
      if (m.type() === 'error' || /hydrat|did not match|#418|#423|#425/i.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
    };
    page.on('console', watch);
    page.on('pageerror', (err) => problems.push(`${page.url()}: ${String(err)}`));
    for (const path of [`/Customer/ItemDetails/${itemId}`, `/Customer/AllItmes?q=${encodeURIComponent(name())}`, '/Customer/Home', '/']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`/Customer/ItemDetails/${itemId}`);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    // Hydrated: a guest's Add to cart asks to sign in.
    await page
      .getByRole('button', { name: /add to cart/i })
      .first()
      .click();
    await page.waitForURL('**/CustomerLogin');
  });

  it("paints a rendered page before asking for the app's scripts, which then load and hydrate it (issue 32, Speed)", async () => {
    const page = await e2e.pageAt(1366, 900);
    const listing = await html('/Customer/AllItmes');
    // The app's script is not in the rendered page: its first inline script adds it after the paint.
    expect(listing.body).toMatch(/<html data-rendered/);
    expect(listing.body).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect((await html('/Customer/MyShoppingCart')).body).toMatch(/<script type="module"[^>]*src="\/assets\//);
    // Home's own small stylesheet is in the page (one render-blocking request fewer), under the answer's nonce.
    const home = (await html('/Customer/Home')).body;
    expect(home).toMatch(/<style nonce="[^"]+" data-href="\/assets\/Showcase-[^"]+\.css">[^<]*_banner_/);
    expect(home).not.toMatch(/<link rel="stylesheet"[^>]*Showcase/);

    await page.goto(`/Customer/ItemDetails/${itemId}`);
    await page.waitForLoadState('networkidle');
    const timing = (await page.evaluate(`(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      const scripts = performance.getEntriesByType('resource').filter((r) => r.initiatorType !== 'img' && /\\/assets\\/.*\\.js$/.test(r.name));
      return { fcp: fcp ? fcp.startTime : null, firstScript: Math.min(...scripts.map((r) => r.startTime)), scripts: scripts.length };
    })()`)) as { fcp: number | null; firstScript: number; scripts: number };
    expect(timing.fcp).not.toBeNull();
    expect(timing.scripts).toBeGreaterThan(1);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.fcp!);
    // Loaded and hydrated: a guest's Add to cart asks to sign in.
    await page
      .getByRole('button', { name: /add to cart/i })
      .first()
      .click();
    await page.waitForURL('**/CustomerLogin');
  });
});
