/**
 * Schemathesis against the gateway's `/openapi.json` as part of `npm test`:
 * runs scripts/fuzz/run.ts (the real services and gateway, a signed-in customer, seller and
 * admin, one `st run` per role) with a bounded number of examples per operation, and expects it
 * to pass: no 5xx for anything the fuzzer sends, no status the document does not list, no
 * response outside the documented schema.
 * Why a child process: the runner is also `npm run fuzz` (100 examples and the coverage phase);
 * this test is its short form. On failure the runner's output is printed, and the assertion's
 * message holds the runner's closing digest: each failed operation, the check and its curl command.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
/** Per operation and role; small so the run (about 1.5 min on two cores) fits `npm test`. */
const EXAMPLES = process.env.FUZZ_EXAMPLES ?? '5';
const TIMEOUT_MS = 240_000;

function runFuzzer(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'fuzz', 'run.ts'), '--examples', EXAMPLES], {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    // Leaves nothing running if the test times out: the runner stops its stack on SIGTERM.
    const timer = setTimeout(() => child.kill('SIGTERM'), TIMEOUT_MS - 15_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('Schemathesis against /openapi.json (customer, seller, admin)', () => {
  it(
    'finds no server error and no response outside the schema',
    async () => {
      const { code, output } = await runFuzzer();
      if (code !== 0) console.error(output);
      // The runner ends with the failed operations and their curl commands; the assertion's message carries them.
      const verdict = output.includes('fuzz: FAILED') ? output.slice(output.indexOf('fuzz: FAILED')) : output.slice(-3000);
      expect(code, `the fuzz run failed:\n${verdict}`).toBe(0);
      expect(output).toMatch(/fuzz: PASSED for customer, seller, admin/);
    },
    TIMEOUT_MS,
  );
});
