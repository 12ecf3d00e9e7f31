/**
 * Issue 27 item 1, end to end: the marketplace `npm start` runs accepts no session signed with a
 * key the repository ever published, and a production process refuses to start with one.
 * - A gateway and identity run with the environment npm start gives them (scripts/start-env.ts,
 *   keys made at random for a fresh installation): an admin session signed with the old example
 *   SESSION_SECRET is anonymous (401 on `GET /Admin/getAllAdmins`), the real admin login works.
 * - The gateway and a service started with NODE_ENV=production and the old example keys exit
 *   with 78 before serving, naming each variable and printing no value.
 */
import { signSession } from '@market/platform';
import { backendEntry, startTestStack, type TestStack } from '@market/platform/testing';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnvironment } from '../../../scripts/start-env';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const OLD_EXAMPLE = {
  INTERNAL_SECRET: 'dev-internal-secret-change-me',
  SESSION_SECRET: 'dev-session-secret-change-me-0123456789abcdef',
  CARD_HASH_SECRET: 'dev-card-hash-secret-change-me-0123456789',
};

let stack: TestStack;
let keys: Record<string, string>;

beforeAll(async () => {
  const env = startEnvironment(mkdtempSync(path.join(os.tmpdir(), 'installation-')), {});
  keys = { INTERNAL_SECRET: env.INTERNAL_SECRET!, SESSION_SECRET: env.SESSION_SECRET! };
  stack = await startTestStack(['identity'], keys, keys);
}, 300_000);

afterAll(async () => {
  await stack?.stop();
});

const getAllAdmins = (token: string) => fetch(`${stack.gatewayUrl}/Admin/getAllAdmins`, { headers: { authorization: `Bearer ${token}` } });

describe("npm start's installation keys", () => {
  it('refuse an admin session forged with the example key, and accept a real admin sign-in', async () => {
    const forged = (await signSession(OLD_EXAMPLE.SESSION_SECRET, 'any-admin-id', 'admin', 600)).token;
    expect((await getAllAdmins(forged)).status).toBe(401);

    const login = await fetch(`${stack.gatewayUrl}/Admin/loginAdmin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: stack.admin.username, password: stack.admin.password, bearer: true }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    expect((await getAllAdmins(token)).status).toBe(200);
  });
});

/** Runs a backend process to its exit (or 20 s), answering its exit code and what it printed. */
async function runToExit(workspace: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const entry = await backendEntry(ROOT, workspace);
  const child = spawn(process.execPath, [...(entry.endsWith('.js') ? [] : ['--import', 'tsx']), entry], {
    env: { ...process.env, OTEL_SDK_DISABLED: 'true', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, output };
}

describe('a production process with the example keys', () => {
  it('the gateway exits 78 before serving, naming each key and printing none', async () => {
    const { code, output } = await runToExit('gateway', { NODE_ENV: 'production', ...OLD_EXAMPLE });
    expect(code).toBe(78);
    expect(output).toMatch(/INTERNAL_SECRET: is an example value/);
    expect(output).toMatch(/SESSION_SECRET: is an example value/);
    for (const value of Object.values(OLD_EXAMPLE)) expect(output).not.toContain(value);
  });

  it('ordering exits 78 on the example card key, the sandbox payment provider and demo back-dating', async () => {
    const { code, output } = await runToExit('services/ordering', {
      NODE_ENV: 'production',
      ...OLD_EXAMPLE,
      DEMO_BACKDATING: 'true',
      PAYMENT_SANDBOX_IN_PRODUCTION: 'false',
    });
    expect(code).toBe(78);
    for (const name of ['INTERNAL_SECRET', 'CARD_HASH_SECRET', 'PAYMENT_PROVIDER', 'DEMO_BACKDATING']) expect(output).toContain(`${name}:`);
  });

  it('identity exits 78 on the demo admin password even with strong keys', async () => {
    const { code, output } = await runToExit('services/identity', {
      NODE_ENV: 'production',
      ...keys,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Admin#2026',
      ADMIN_EMAIL: 'admin@marketplace.lk',
    });
    expect(code).toBe(78);
    expect(output).toContain('ADMIN_PASSWORD: is a documented demo password');
    expect(output).not.toContain('Admin#2026');
  });
});
