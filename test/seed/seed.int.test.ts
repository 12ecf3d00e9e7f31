/**
 * The demo seeding that `npm start` runs (scripts/seed/seed.ts) on a real stack, with a small
 * catalogue (24 devices, so some packages hold a discounted item): every step the catalogue's and
 * ordering's rules accept (a package priced under its items' prices after discounts, issue 32
 * item 4), the packages listed, the demo customer able to sign in; a second run adds nothing.
 * Before this test, a rule change could break `npm start` with no test noticing.
 */
import { startTestStack, testServers, waitFor, type TestStack } from '@market/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alreadySeeded, seed } from '../../scripts/seed/seed';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack(
    ['identity', 'notifications', 'catalogue', 'cart', 'ordering', 'reviews', 'reporting'],
    {},
    { DEMO_BACKDATING: 'true' },
  );
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the demo seeding', () => {
  it('fills a small marketplace through the public API, packages included, once', async () => {
    const lines: string[] = [];
    const { made } = await seed({
      gatewayUrl: stack.gatewayUrl,
      maildevUrl: testServers().maildevUrl,
      admin: stack.admin,
      deviceLimit: 24,
      log: (l) => lines.push(l),
    });
    expect(made.sellers).toBe(5);
    expect(made.items).toBeGreaterThanOrEqual(20);
    expect(made.packages).toBeGreaterThanOrEqual(4);
    expect(made.orders).toBeGreaterThan(0);
    // The shoppers' package list (a read model) shows every package made.
    await waitFor(
      async () => {
        const listed = await fetch(`${stack.gatewayUrl}/Packages/getPackages?page=1&limit=20`);
        return listed.status === 200 && ((await listed.json()) as { total: number }).total === made.packages ? true : undefined;
      },
      30_000,
      300,
      `${made.packages} packages listed`,
    );
    expect(await alreadySeeded(stack.gatewayUrl)).toBe(true);
  }, 600_000);
});
