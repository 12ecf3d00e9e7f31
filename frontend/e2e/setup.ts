/**
 * Setup of the e2e project (vitest.config.ts): a failing test reports what its pages showed.
 */
import type { BrowserContext } from 'playwright-core';
import path from 'node:path';
import { onTestFailed } from 'vitest';
import { onNewContext } from './harness';

/**
 * When the running test fails, prints what each page of `context` showed (address, visible text,
 * answers of 400 and above, console errors) and saves a screenshot of it to
 * `.data/test-results/e2e-failures/`, so a failure seen only on another
 * machine says what the person would have seen. Outside a test it does nothing.
 */
function reportOnFailure(context: BrowserContext): void {
  const log: string[] = [];
  context.on('page', (page) => {
    page.on('response', (res) => {
      if (res.status() >= 400) log.push(`${res.status()} ${res.request().method()} ${res.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') log.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (err) => log.push(`page error: ${err.message}`));
  });
  try {
    onTestFailed(async ({ task }) => {
      const dir = path.resolve(__dirname, '..', '..', '.data', 'test-results', 'e2e-failures');
      for (const [n, page] of context.pages().entries()) {
        const name = `${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}-${n}`;
        const text = await page
          .locator('body')
          .innerText({ timeout: 2_000 })
          .catch(() => '(no text)');
        await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, timeout: 5_000 }).catch(() => undefined);
        console.error(
          [`--- ${task.name}: page ${n} at ${page.url()} (screenshot ${name}.png)`, text.slice(0, 2_000), ...log.slice(-20)].join('\n'),
        );
      }
    });
  } catch {
    // Not inside a running test (a bench): nothing to report to.
  }
}

onNewContext.push(reportOnFailure);
