/**
 * Rolling restart under load (issue 34 item 5): identity runs as two replicas behind the gateway
 * (`IDENTITY_URL` lists both; gateway/src/upstreams.ts spreads requests over them). While four
 * clients keep signing up customers (POST) and reading their own profiles (GET) through the
 * gateway, each replica in turn is stopped with SIGTERM (graceful shutdown: in-flight requests
 * finish, then it stops listening, packages/platform/src/shutdown.ts) and started again on its
 * port, the next only once its replacement answers /readyz. No request may be lost: every answer
 * is 2xx (no 502/503, no connection error), and each replica exits cleanly. A stopping replica
 * says so in its answers and the gateway sends it nothing more: connections it had not accepted
 * when it stopped listening would be reset, and a POST on one cannot be sent again.
 */
import { startTestStack, type TestStack } from '@market/platform/testing';
import { Client, newCustomer } from '@market/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack(['identity'], {}, { KAFKA_FROM_BEGINNING: 'true' }, { replicas: { identity: 2 } });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

/** What one answer (or failure) of the load was. */
type Outcome = { what: string; status: number; error?: string };

/** A signed-in customer that alternates a sign-up and a read of its own profile until `until()`. */
async function loadWorker(until: () => boolean, outcomes: Outcome[]): Promise<void> {
  const me = new Client(stack.gatewayUrl);
  const body = newCustomer();
  const created = await me.request('post', '/Customer/add', { body });
  expect(created.status).toBe(201);
  const id = String(created.body._id);
  expect((await me.request('post', '/Customer/loginCustomer', { body: { username: body.username, password: body.password } })).status).toBe(
    200,
  );
  while (!until()) {
    for (const [what, run] of [
      ['POST /Customer/add', () => new Client(stack.gatewayUrl).request('post', '/Customer/add', { body: newCustomer() })],
      ['GET /Customer/get/{id}', () => me.request('get', '/Customer/get/{id}', { params: { id } })],
    ] as const) {
      try {
        const res = await run();
        outcomes.push({ what, status: res.status });
      } catch (err) {
        outcomes.push({ what, status: 0, error: (err as Error).message });
      }
    }
  }
}

describe('rolling restart of a service with two replicas', () => {
  it('answers every request under load while each replica in turn is stopped and replaced', async () => {
    const outcomes: Outcome[] = [];
    let done = false;
    const workers = Array.from({ length: 4 }, () => loadWorker(() => done, outcomes));
    const exits: { replica: string; code: number | null; msAfterTerm: number | null }[] = [];
    try {
      for (const replica of ['identity', 'identity#2']) {
        const p = stack.processes[replica]!;
        const before = outcomes.length;
        // Wait until the load has reached the gateway since the last restart.
        while (outcomes.length < before + 20) await new Promise((r) => setTimeout(r, 50));
        await p.stop();
        const info = p.exitInfo();
        exits.push({ replica, code: info?.code ?? null, msAfterTerm: info?.msAfterTerm ?? null });
        await p.restart();
      }
      const after = outcomes.length;
      while (outcomes.length < after + 20) await new Promise((r) => setTimeout(r, 50));
    } finally {
      done = true;
      await Promise.all(workers);
    }
    const failed = outcomes.filter((o) => o.status < 200 || o.status >= 300);
    // Why each retry happened (refused connections; resets), and what the gateway could not send.
    const gatewayLog = stack.processes
      .gateway!.output()
      .split('\n')
      .filter((l) => l.includes('trying another') || l.includes('upstream unreachable'))
      .map((l) => JSON.parse(l) as { msg: string; method: string; url: string; reused: boolean; errorCode?: string });
    const reasons = new Map<string, number>();
    for (const r of gatewayLog.filter((l) => l.msg.includes('trying another'))) {
      const reason = `${r.method} ${r.errorCode ?? '?'}${r.reused ? ' on a kept-alive connection' : ''}`;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    const unsent = gatewayLog.filter((l) => l.msg.includes('unreachable')).map((l) => `${l.method} ${l.url} ${l.errorCode ?? '?'}`);
    console.log(
      `rolling restart: ${outcomes.length} requests, ${failed.length} not 2xx, ${[...reasons.values()].reduce((a, b) => a + b, 0)} sent again to the other replica (${[...reasons].map(([r, n]) => `${n} × ${r}`).join(', ')}); not sent: ${JSON.stringify(unsent)}; exits ${JSON.stringify(exits)}`,
    );
    expect(failed).toEqual([]);
    expect(exits.map((e) => e.code)).toEqual([0, 0]);
    // Both replicas served (the gateway spread the load), checked in their request logs.
    for (const replica of ['identity', 'identity#2']) expect(stack.processes[replica]!.output()).toMatch(/"url":"\/Customer\/get\//);
  }, 180_000);
});
