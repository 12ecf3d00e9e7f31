/**
 * One end-to-end file's world: `e2eWorld(services)` registers the file's beforeAll (start the
 * services, the gateway, the web server and Chromium through `startE2E`) and afterAll (stop them)
 * and answers an `E2E` that reads the started one, plus the set-up calls every file makes:
 * `api` (the harness's gateway call, aimed at this stack) and `pageAt` (a fresh context at a
 * given window size). Each test file then states only the services it needs and what it is about.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { api as gatewayApi, startE2E, type E2E } from './harness';

export interface E2EWorld extends E2E {
  /** `harness.api` on this stack's gateway: a JSON call with the response check on. */
  api<T = Record<string, string>>(path: string, body: unknown, cookie?: string, method?: string): ReturnType<typeof gatewayApi<T>>;
  /** A fresh browser context (own cookies) at `width`×`height` CSS pixels, with a page on the web app. */
  pageAt(width: number, height: number): Promise<Page>;
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
      return context.newPage();
    },
  };
}
