/**
 * End-to-end harness (docs/architecture.md, Tests): the built web app served by a static server that
 * injects the gateway's address, a stack of real service processes behind a real gateway, and
 * Debian's Chromium driven by playwright-core.
 */
import { ApiClient } from '@market/contracts/client';
import { assertDocumentedResponse } from '@market/contracts/testing';
import { acceptedSeller as acceptedSellerOf, Client } from '@market/testing';
import { freePort, startTestStack, uniqueName, waitFor, type TestStack } from '@market/platform/testing';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { startWebServer } from '../server/webServer.js';

// E2E_WEB_DIST: a web build elsewhere (several people building in one working tree).
const DIST = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.resolve(__dirname, '..', 'dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Serves the web build (`frontend/dist` or E2E_WEB_DIST) on `port` through the production web server
 * (server/webServer.ts: the public pages rendered on the server, the others the app's shell, the
 * security headers), with the stack's gateway written into every page.
 */
async function serveWeb(port: number, apiUrl: string): Promise<{ close: () => Promise<void> }> {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('frontend/dist is missing: run `npm run build -w frontend` first');
  return startWebServer({ dist: DIST, apiUrl, port });
}

export interface E2E {
  stack: TestStack;
  webUrl: string;
  browser: Browser;
  /** A fresh browser context (own cookies) with a page on the web app. */
  newPage(): Promise<Page>;
  stop(): Promise<void>;
}

/**
 * Starts the services, the gateway, the web server and Chromium.
 * @param opts.extraWebOrigins - further origins the gateway lets call with credentials (CORS), e.g. the bench's second web server (bench/web.ts)
 */
export async function startE2E(services: string[], opts: { extraWebOrigins?: string[] } = {}): Promise<E2E> {
  // The gateway must know the web app's origin (CORS), so the web port is chosen first.
  const port = await freePort();
  const webUrl = `http://127.0.0.1:${port}`;
  const stack = await startTestStack(services, { WEB_ORIGINS: [webUrl, ...(opts.extraWebOrigins ?? [])].join(',') });
  const web = await serveWeb(port, stack.gatewayUrl);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return {
    stack,
    webUrl,
    browser,
    async newPage() {
      const context = await browser.newContext({ baseURL: webUrl, viewport: { width: 1280, height: 860 } });
      context.setDefaultTimeout(15_000);
      for (const hook of onNewContext) hook(context);
      return context.newPage();
    },
    async stop() {
      await browser.close();
      await web.close();
      await stack.stop();
    },
  };
}

/**
 * Called with each browser context a test opens (`newPage`, the world's `pageAt`): the e2e setup
 * file (setup.ts) adds the failure report there. Kept out of this module because the bench
 * imports it outside vitest.
 */
export const onNewContext: ((context: BrowserContext) => void)[] = [];

/** Signs in through a login page (`/CustomerLogin`, `/SellerLogin`, `/AdminLogin`). */
export async function login(page: Page, path: string, username: string, password: string): Promise<void> {
  await page.goto(path);
  await submitLogin(page, username, password);
}

/** Fills the login form the page shows (one the app sent the visitor to) and submits it. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page
    .getByLabel(/^Password/)
    .and(page.locator('input'))
    .fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * A JSON call to the gateway outside the browser (set-up steps), through the typed client with the
 * response check on (each answer is held against the published document); answers the session
 * cookie this answer set, if any.
 */
/**
 * Chooses the option of a native select (the listing's filters) whose text contains `text`: the
 * option's label also carries the facet count, e.g. "Rs. 40,000 and above (1)", which changes as
 * results load.
 */
export async function chooseOption(select: Locator, text: string): Promise<void> {
  const value = await select.locator('option', { hasText: text }).first().getAttribute('value');
  if (value === null) throw new Error(`no option "${text}" in the select`);
  await select.selectOption(value);
}

export async function api<T = Record<string, string>>(gatewayUrl: string, path: string, body: unknown, cookie?: string, method = 'POST') {
  const client = new ApiClient({ baseUrl: gatewayUrl, keepCookie: true, check: assertDocumentedResponse });
  client.cookie = cookie ?? null;
  const res = await client.send(method, path, body);
  const set = res.headers.getSetCookie()[0]?.split(';')[0];
  return { status: res.status, body: res.body as T, cookie: set };
}

/** Saves a full-page screenshot to `.data/screenshots/<name>.png`, for a person to look at. */
export async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.resolve(__dirname, '..', '..', '.data', 'screenshots', `${name}.png`), fullPage: true });
}

/**
 * A seller company accepted through the real flow (application, the admin's acceptance, the
 * credentials read from the welcome e-mail), signed in through the API: `@market/testing`'s
 * acceptedSeller with the e2e stack's admin.
 * @returns the e-mailed credentials, the seller's id and session cookie
 */
export async function acceptedSeller(
  e2e: E2E,
  company: { ownername: string; mobile: string; companyname: string; address: string; year: string; email: string },
): Promise<{ username: string; password: string; id: string; cookie: string }> {
  const gateway = e2e.stack.gatewayUrl;
  const admin = new Client(gateway);
  await admin.request('post', '/Admin/loginAdmin', { body: { username: e2e.stack.admin.username, password: e2e.stack.admin.password } });
  const seller = await acceptedSellerOf(gateway, admin, { ...company, description: 'Phones and accessories' });
  return { username: seller.username, password: seller.password, id: seller.id, cookie: seller.client.api.cookie! };
}

/**
 * A customer registered through the API (`POST /Customer/add`, spec 000's registration fields):
 * Sachini Bandara of Kandy, username `<tag>c`, e-mail `<tag>c@example.lk`, password `Secret#123`.
 * @throws when the registration does not answer 201
 * @returns the registration body (username and password to sign in with)
 */
export async function registeredCustomer(e2e: E2E, tag: string) {
  const customer = {
    firstName: 'Sachini',
    lastName: 'Bandara',
    email: `${tag}c@example.lk`,
    phoneNumber: '0771234567',
    dob: '1996-05-04',
    gender: 'Female',
    address: '12 Temple Road, Kandy',
    username: `${tag}c`,
    password: 'Secret#123',
  };
  const added = await api(e2e.stack.gatewayUrl, '/Customer/add', customer);
  if (added.status !== 201) throw new Error(`registering the customer answered ${added.status}: ${JSON.stringify(added.body)}`);
  return customer;
}

/**
 * An item of the seller signed in with `sellerCookie`, listed through the API (Sony, 10 in stock,
 * a fresh SKU unless given), for a journey to buy.
 * @throws when the listing does not answer 201
 * @returns the item's id
 */
export async function listedItem(
  e2e: E2E,
  sellerCookie: string,
  item: { Item_name: string; Price: number; Model?: string; Brand?: string; Quantity?: number; Stock_keeping_unit?: string },
): Promise<string> {
  const body = { Brand: 'Sony', Model: 'M-1', Quantity: 10, Stock_keeping_unit: uniqueName('SKU').toUpperCase(), ...item };
  const added = await api<{ _id: string }>(e2e.stack.gatewayUrl, '/items/addItems', body, sellerCookie);
  if (added.status !== 201) throw new Error(`listing ${item.Item_name} answered ${added.status}: ${JSON.stringify(added.body)}`);
  return added.body._id;
}

/**
 * A shopper ready to pay: {@link registeredCustomer}, signed in through the API, with a saved Visa
 * card (4111 1111 1111 1111, CVV 737, `cardowner`) and `itemIds` in the cart (retried until the cart
 * service has heard of the items).
 * @returns the credentials to sign in with in the browser, the API session cookie and the customer's id
 */
export async function shopperWithCart(e2e: E2E, tag: string, itemIds: string[], cardowner = 'Sachini Bandara') {
  const gateway = e2e.stack.gatewayUrl;
  const customer = await registeredCustomer(e2e, tag);
  const signedIn = await api<{ customerLogin: { _id: string } }>(gateway, '/Customer/loginCustomer', {
    username: customer.username,
    password: customer.password,
  });
  const cookie = signedIn.cookie!;
  const customerId = signedIn.body.customerLogin._id;
  const year = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');
  const card = await api(
    gateway,
    '/paymentdetails/add',
    { cardowner, cardnumber: '4111 1111 1111 1111', carddate: `12/${year}`, cardcvv: '737' },
    cookie,
  );
  if (card.status !== 201) throw new Error(`saving the card answered ${card.status}`);
  await waitFor(
    async () => {
      const { _id } = (await api<{ _id: string }>(gateway, `/ShoppingCart/getOneCart/${customerId}`, undefined, cookie, 'GET')).body;
      const put = await api(gateway, `/ShoppingCart/updateSItem/${_id}`, { ItemIDs: itemIds, PackageIDs: [] }, cookie, 'PUT');
      return put.status === 200 ? true : undefined;
    },
    20_000,
    300,
    'the items in the cart',
  );
  return { username: customer.username, password: customer.password, cookie, customerId };
}

/**
 * Fills the delivery address form on `page` (the pay page's address step or the profile's book);
 * the district is picked from its list. Does not submit.
 */
export async function fillDeliveryAddress(
  page: Page,
  a: { recipient: string; phone: string; line1: string; city: string; district: string; postalCode: string },
): Promise<void> {
  await page.getByLabel(/^Recipient/).fill(a.recipient);
  await page.getByLabel(/^Phone Number/).fill(a.phone);
  await page.getByLabel(/^Address line 1/).fill(a.line1);
  await page.getByLabel(/^City/).fill(a.city);
  await page.getByRole('textbox', { name: /^District/ }).click();
  await page.getByRole('option', { name: a.district, exact: true }).click();
  await page.getByLabel(/^Postal Code/).fill(a.postalCode);
}

/**
 * On the pay page: keeps the delivery address already chosen (the book's default), or completes
 * the form the step shows (the profile's entry, or a new address) and delivers there. Card and
 * PayPal wait for it (issue 29).
 */
export async function chooseDeliveryAddress(page: Page): Promise<void> {
  const chosen = page.getByTestId('chosen-address');
  await chosen
    .or(page.getByLabel(/^Recipient/))
    .first()
    .waitFor();
  if (await chosen.isVisible()) return;
  await fillDeliveryAddress(page, {
    recipient: 'Sachini Bandara',
    phone: '0771234567',
    line1: '12 Temple Road',
    city: 'Kandy',
    district: 'Kandy',
    postalCode: '20000',
  });
  await page.getByRole('button', { name: 'Deliver here' }).click();
  await chosen.waitFor();
}
