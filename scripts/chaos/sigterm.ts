/**
 * The SIGTERM phase (docs/architecture.md, Graceful shutdown: stop taking requests,
 * finish the ones in flight, commit consumer offsets, close workers, within 10 s of SIGTERM): while the
 * checkout load runs, each of ordering, catalogue, the gateway, reporting (its report worker with
 * jobs in hand) and the e-mail worker gets SIGTERM under extra read pressure, is restarted once it
 * exited, and the requests in flight at the signal are kept for the `drained` check.
 */
import type { InFlight } from './checks';
import type { Attempt } from './client';
import { termUnderLoad } from './faults';
import type { LoadLog } from './load';
import type { World } from './world';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const SIGTERM_TARGETS = ['ordering', 'catalogue', 'gateway', 'reporting', 'notifications'] as const;

/**
 * What the gateway logged about upstream failures from the signal to the exit, by error message
 * (`connect ECONNREFUSED`: the request came after the server stopped listening, so it was never
 * taken; a reset or hang-up: the server dropped a connection with a request on it).
 */
export function proxyErrors(gatewayOutput: string, termAt: number, exitMs: number | null): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const line of gatewayOutput.split('\n')) {
    if (!line.includes('upstream unreachable')) continue;
    try {
      const l = JSON.parse(line) as { time: string; err?: { message?: string } };
      const at = new Date(l.time).getTime();
      const kind = (l.err?.message ?? '?').replace(/\s*\d+\.\d+\.\d+\.\d+:\d+/, '');
      if (at >= termAt && at <= termAt + (exitMs ?? 0)) kinds[kind] = (kinds[kind] ?? 0) + 1;
    } catch {
      // not a log line
    }
  }
  return kinds;
}

/** Runs the SIGTERM phase (the load is already running); answers one record per signal. */
export async function sigtermPhase(world: World, log: LoadLog, attempts: () => Attempt[], say: (msg: string) => void): Promise<InFlight[]> {
  const terms: InFlight[] = [];
  // Reads of the target, in flight at the signal (the gateway: catalogue reads through it).
  const reader = world.client();
  const seller = world.sellers[0]!;
  const firstItem = [...world.items.keys()][0]!;
  const someCheckout = () => log.checkouts[log.checkouts.length - 1]!;
  const byCustomer = (id: string) => world.customers.find((c) => c.id === id)!.client;
  const reads: Record<string, () => Promise<unknown>> = {
    ordering: () =>
      byCustomer(someCheckout().customerId).request('get', '/checkout/{checkoutId}', {
        params: { checkoutId: someCheckout().checkoutId },
        retryForMs: 0,
      }),
    catalogue: () => reader.request('get', '/items/get/{id}', { params: { id: firstItem }, retryForMs: 0 }),
    reporting: () => seller.client.request('get', '/reports/sellerSales', { retryForMs: 0 }),
    notifications: () => sleep(1_000),
  };
  // Jobs enqueued just before the signal, so the worker being stopped has some in hand.
  const reportBurst = () =>
    Promise.all(
      [...world.sellers, ...world.sellers, ...world.sellers].map(async (s) => {
        const r = await s.client.request('post', '/items/create-pdf', { body: {} });
        if (r.status === 202) log.reports.push(r.body.jobId);
      }),
    );
  const mailBurst = () =>
    Promise.all(
      world.customers.map(async (c) => {
        const r = await c.client.request('post', '/Customer/forgotPassword', { body: { email: c.email } });
        log.mails.push({ to: c.email, acknowledged: r.status === 200, attempts: r.attempts });
      }),
    );
  const bursts: Record<string, () => Promise<unknown>> = { reporting: reportBurst, notifications: mailBurst };
  for (const target of SIGTERM_TARGETS) {
    const t = await termUnderLoad(target, world.stack.processes[target]!, attempts, reads[target] ?? reads.catalogue!, bursts[target]);
    terms.push(t);
    const errors = proxyErrors(world.stack.processes.gateway!.output(), t.termAt, t.exitMs);
    say(
      `SIGTERM ${target}: exited after ${t.exitMs} ms, ${t.attempts.length} requests in flight` +
        (Object.keys(errors).length ? `; gateway upstream errors until the exit ${JSON.stringify(errors)}` : ''),
    );
  }
  return terms;
}
