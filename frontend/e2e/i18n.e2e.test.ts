/**
 * The shop in Sinhala and Tamil (issue 33 items 1 and 5), through the production web server in front
 * of a real stack:
 * - a guest switches to සිංහල on the home page: the page changes at once, `<html lang="si">`; a
 *   reload is rendered by the server in Sinhala (the HTML itself, read without JavaScript, carries
 *   the Sinhala navigation and `lang="si"`), and hydrates without errors;
 * - a signed-in customer with an item in the cart switches to Sinhala on the cart, whose texts are
 *   Sinhala; the account keeps the choice (`GET /Customer/me` answers `language: 'si'` once identity
 *   has the operation) and a new browser signed in as them shows Sinhala;
 * - screenshots at 390 px and 1366 px (.data/screenshots/i18n-*.png): Sinhala and Tamil glyphs from
 *   the bundled Noto fonts, nothing wider than the screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { uniqueName } from '@market/platform/testing';
import type { ConsoleMessage, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { listedItem, login, shopperWithCart, shot } from './harness';
import { e2eWorld } from './world';

const e2e = e2eWorld(['identity', 'notifications', 'catalogue', 'cart', 'ordering', 'reporting']);

let tag: string;
let itemId: string;
let seller: { username: string; password: string; cookie: string };

beforeAll(async () => {
  tag = uniqueName('i18n').replace(/[^a-z0-9]/gi, '');
  seller = await e2e.seller(tag, {
    ownername: 'Kasun Silva',
    mobile: '0772345688',
    companyname: `Galle Phones ${tag}`,
    address: '8 Church Street, Galle',
    year: '2015',
  });
  itemId = await listedItem(e2e, seller.cookie, { Item_name: `Galaxy A56 ${tag}`, Price: 129990, Quantity: 5 });
}, 120_000);

/** The page's switch that is on screen (the header's on wide screens, the burger menu's on phones). */
const languageSwitch = (page: Page) => page.getByRole('combobox', { name: /^(Language|භාෂාව|மொழி)$/ }).first();

/**
 * Chooses `language` in the page's switch once the page is live: a server-rendered page shows the
 * switch before its script has hydrated it, so the choice is made again until the page answers it.
 */
async function choose(page: Page, language: 'si' | 'ta', shows: () => Promise<boolean>, opts: { burger?: boolean } = {}): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await shows()) return true;
        if (opts.burger && !(await languageSwitch(page).isVisible())) await page.getByRole('button', { name: 'Toggle navigation' }).click();
        await languageSwitch(page).selectOption(language);
        await page.waitForTimeout(300);
        return shows();
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

/** A screenshot once the page's fonts (the bundled Noto Sinhala and Tamil, each weight) have loaded. */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(async () => {
    // Each face the page may draw, loaded before the picture (the browser asks for a face only once it lays out text in it).
    for (const weight of ['400', '700'])
      for (const [family, sample] of [
        ['Noto Sans Sinhala', 'අ'],
        ['Noto Sans Tamil', 'அ'],
      ])
        await document.fonts.load(`${weight} 16px "${family}"`, sample);
    await document.fonts.ready;
  });
  await page.waitForTimeout(500);
  await shot(page, name);
}

/** axe's serious and critical findings on the settled page (as frontend/e2e/accessibility.e2e.test.ts judges them). */
async function axeBlocking(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0, undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(250);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.help}) at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** Nothing wider than the window (no horizontal scrolling). */
async function expectNoOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

describe('the shop in Sinhala and Tamil (issue 33)', () => {
  it('a guest switches to Sinhala on home; the reload is server-rendered in Sinhala and hydrates', async () => {
    const page = await e2e.pageAt(1366, 900);
    const errors: string[] = [];
    page.on('console', (m: ConsoleMessage) => void (m.type() === 'error' && errors.push(m.text())));
    await page.goto(`${e2e.webUrl}/Customer/Home`);
    await expect.poll(() => page.getByRole('link', { name: 'All Items' }).first().isVisible(), { timeout: 20_000 }).toBe(true);
    await choose(page, 'si', () => page.getByRole('link', { name: 'සියලු භාණ්ඩ' }).first().isVisible());
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('si');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'lang')).toMatchObject({ value: 'si', path: '/', sameSite: 'Lax' });

    // The server's HTML in Sinhala, read as a client without JavaScript with the same cookie.
    const res = await fetch(`${e2e.webUrl}/Customer/Home`, { headers: { accept: 'text/html', cookie: 'lang=si' } });
    const body = await res.text();
    expect(body).toMatch(/<html[^>]*\slang="si"/);
    expect(body).toContain('සියලු භාණ්ඩ');
    expect(body).toContain('ප්‍රවර්ගය අනුව මිලදී ගන්න');
    // English stays English for everyone else (the render cache keeps the languages apart).
    const english = await (await fetch(`${e2e.webUrl}/Customer/Home`, { headers: { accept: 'text/html' } })).text();
    expect(english).toMatch(/<html[^>]*\slang="en"/);
    expect(english).toContain('Shop by category');
    expect(english).not.toContain('සියලු භාණ්ඩ');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'ප්‍රවර්ගය අනුව මිලදී ගන්න' }).isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('si');
    expect(errors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
    await snap(page, 'i18n-home-si-1366');
    await page.close();
  }, 120_000);

  it('home in Sinhala and Tamil on a phone: the switch in the burger menu, no overflow', async () => {
    for (const [language, heading] of [
      ['si', 'ප්‍රවර්ගය අනුව මිලදී ගන්න'],
      ['ta', 'வகை வாரியாக வாங்குங்கள்'],
    ] as const) {
      const page = await e2e.pageAt(390, 844);
      await page.goto(`${e2e.webUrl}/Customer/Home`);
      await choose(page, language, () => page.getByRole('heading', { name: heading }).isVisible(), { burger: true });
      await expectNoOverflow(page);
      await snap(page, `i18n-home-${language}-390`);
      await page.close();
    }
  }, 120_000);

  it("a customer's cart in Sinhala at 390 and 1366 px; the account keeps the choice", async () => {
    const shopper = await shopperWithCart(e2e, tag, [itemId]);
    for (const width of [1366, 390]) {
      const page = await e2e.pageAt(width, width === 390 ? 844 : 900);
      await login(page, '/CustomerLogin', shopper.username, shopper.password);
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/Customer/Home');
      await page.goto(`${e2e.webUrl}/Customer/MyShoppingCart`);
      if (width === 1366) {
        try {
          await expect.poll(() => page.getByRole('button', { name: 'Go to Checkout' }).isVisible(), { timeout: 20_000 }).toBe(true);
        } catch (err) {
          await snap(page, 'i18n-cart-failed');
          throw err;
        }
        await choose(page, 'si', () => page.getByRole('button', { name: 'ගෙවීමට යන්න' }).isVisible());
      }
      await expect.poll(() => page.getByRole('button', { name: 'ගෙවීමට යන්න' }).isVisible(), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => page.getByText('මගේ සාප්පු කරත්තය').first().isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('si');
      await expectNoOverflow(page);
      await snap(page, `i18n-cart-si-${width}`);
      await page.close();
    }
  }, 180_000);

  it('axe finds nothing serious on home, an item and login in Sinhala and in Tamil (issue 33 item 5)', async () => {
    for (const language of ['si', 'ta'] as const) {
      const page = await e2e.pageAt(1366, 900);
      await page.context().addCookies([{ name: 'lang', value: language, url: e2e.webUrl }]);
      for (const path of ['/Customer/Home', `/Customer/ItemDetails/${itemId}`, '/CustomerLogin']) {
        await page.goto(`${e2e.webUrl}${path}`);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 20_000 }).toBe(language);
        expect(await axeBlocking(page), `${language} ${path}`).toEqual([]);
      }
      await page.close();
    }
  }, 180_000);

  it("a seller's item form and monthly sales in Tamil; the seller's choice is kept on the account", async () => {
    const page = await e2e.pageAt(1366, 900);
    await login(page, '/SellerLogin', seller.username, seller.password);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/Seller/Home');
    await page.goto(`${e2e.webUrl}/Seller/AddItem`);
    await choose(page, 'ta', () => page.getByLabel('பொருளின் பெயர்').first().isVisible());
    await expect.poll(() => page.getByRole('button', { name: 'சேர்', exact: true }).isVisible()).toBe(true);
    await snap(page, 'i18n-seller-additem-ta-1366');
    await page.goto(`${e2e.webUrl}/Seller/ItemMonthlySales`);
    await expect.poll(() => page.getByRole('heading', { name: 'மாதாந்திர விற்பனை' }).isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByText('நாணயம்: LKR', { exact: false }).isVisible()).toBe(true);
    // The month's report in Tamil: its totals' names and the empty month's note (the seller sold nothing yet).
    await expect.poll(() => page.getByText('மொத்த வருமானம்').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.getByText('இந்த மாதத்தில் விற்பனை இல்லை').isVisible()).toBe(true);
    await snap(page, 'i18n-seller-sales-ta-1366');
    await page.close();
  }, 120_000);

  it('login and password reset pages in Tamil on a phone', async () => {
    const page = await e2e.pageAt(390, 844);
    await page.goto(`${e2e.webUrl}/CustomerLogin`);
    await choose(page, 'ta', () => page.getByRole('heading', { name: 'வாடிக்கையாளர் உள்நுழைவு' }).isVisible());
    await expectNoOverflow(page);
    await snap(page, 'i18n-login-ta-390');
    await page.getByRole('link', { name: 'கடவுச்சொல் மறந்துவிட்டதா?' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'குறியீட்டை அனுப்பு' }).isVisible()).toBe(true);
    await snap(page, 'i18n-forgot-ta-390');
    await page.close();
  }, 60_000);
});
