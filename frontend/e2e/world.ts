/**
 * One end-to-end file's world: `e2eWorld(services)` registers the file's beforeAll (start the
 * services, the gateway, the web server and Chromium through `startE2E`) and afterAll (stop them)
 * and answers an `E2E` that reads the started one, plus the set-up calls every file makes:
 * `api` (the harness's gateway call, aimed at this stack), `pageAt` (a fresh context at a given
 * window size), `seller` (an accepted seller company) and `paidByWallet` (a paid order). Each test file then states only the services it needs and what it is about.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, onTestFailed } from 'vitest';
import { acceptedSeller, api as gatewayApi, onNewContext, startE2E, type E2E } from './harness';

export interface E2EWorld extends E2E {
  /** `harness.api` on this stack's gateway: a JSON call with the response check on. */
  api<T = Record<string, string>>(path: string, body: unknown, cookie?: string, method?: string): ReturnType<typeof gatewayApi<T>>;
  /** A fresh browser context (own cookies) at `width`×`height` CSS pixels, with a page on the web app. */
  pageAt(width: number, height: number): Promise<Page>;
  /** `harness.acceptedSeller` for a company whose e-mail is `<tag>@example.lk`. */
  seller(
    tag: string,
    company: { ownername: string; mobile: string; companyname: string; address: string; year: string },
  ): ReturnType<typeof acceptedSeller>;
  /**
   * One unit of `itemId` bought by the signed-in customer (`cookie`) through the wallet provider:
   * `POST /checkout/session` (201), then `POST /paypal-transaction-complete` (200).
   */
  paidByWallet(cookie: string, itemId: string): Promise<void>;
}

/** Log lines at warn and above (pino's 40+) that are not answered requests (4xx answers are logged at warn). */
const PROBLEM = /"level":(40|50|60)/;

/**
 * Prints the last warnings and errors each service process of a failed test's stack logged (a
 * dead-lettered event, a failed search), so a failure seen only on another machine says what the
 * services saw, beside what the pages showed (setup.ts).
 */
function reportServiceProblems(e2e: E2E): void {
  for (const [name, proc] of Object.entries(e2e.stack.processes)) {
    const lines = proc
      .output()
      .split('\n')
      // The header's unread count asks the reviews service, which most stacks do not start.
      .filter((l) => PROBLEM.test(l) && !l.includes('"msg":"request completed"') && !l.includes('/threads/unread'))
      .slice(-15);
    if (lines.length) console.error([`--- ${name}: last warnings and errors`, ...lines.map((l) => l.slice(0, 1_500))].join('\n'));
  }
}

/**
 * Starts `services` (names as `startTestStack` takes them) before the file's tests, within three
 * minutes, and stops everything after them.
 * @throws (from its members) when used before the beforeAll has started the stack
 */
export function e2eWorld(services: string[]): E2EWorld {
  let started: E2E | undefined;
  const current = (): E2E => {
    if (!started) throw new Error('the end-to-end world is used before its beforeAll started it');
    return started;
  };
  beforeAll(async () => {
    started = await startE2E(services);
  }, 180_000);
  beforeEach(() => {
    onTestFailed(() => {
      if (started) reportServiceProblems(started);
    });
  });
  afterAll(async () => {
    await started?.stop();
  });
  return {
    get stack() {
      return current().stack;
    },
    get webUrl() {
      return current().webUrl;
    },
    get browser() {
      return current().browser;
    },
    newPage: () => current().newPage(),
    stop: () => current().stop(),
    api: <T = Record<string, string>>(path: string, body: unknown, cookie?: string, method = 'POST') =>
      gatewayApi<T>(current().stack.gatewayUrl, path, body, cookie, method),
    async pageAt(width, height) {
      const context = await current().browser.newContext({ baseURL: current().webUrl, viewport: { width, height } });
      context.setDefaultTimeout(15_000);
      for (const hook of onNewContext) hook(context);
      return context.newPage();
    },
    seller(tag, company) {
      return acceptedSeller(current(), { ...company, email: `${tag}@example.lk` });
    },
    async paidByWallet(cookie, itemId) {
      const session = await fetch(`${current().stack.gatewayUrl}/checkout/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({ items: [{ itemId, quantity: 1 }], packages: [] }),
      });
      expect(session.status).toBe(201);
      const { checkoutId } = (await session.json()) as { checkoutId: string };
      expect((await gatewayApi(current().stack.gatewayUrl, '/paypal-transaction-complete', { checkoutId }, cookie)).status).toBe(200);
    },
  };
}
