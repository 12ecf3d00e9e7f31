/**
 * `npm run chaos`: a bounded, self-stopping chaos run on loopback.
 *
 * 1. Starts every service, the e-mail worker and the gateway as separate processes with fresh
 *    databases (world.ts), with sellers, items of known stock and customers with cards.
 * 2. Kill phase (`CHAOS_SECONDS`, default 120): steady checkout load (load.ts) while each process
 *    in turn, at seeded random moments, is killed with SIGKILL and restarted on its port (faults.ts).
 * 3. SIGTERM phase: under load, SIGTERM to ordering, catalogue, the gateway, reporting (with report
 *    jobs in hand) and the e-mail worker, each restarted after it exited; in-flight requests counted.
 * 3b. Infrastructure phase (issue 34 item 6, infraFaults.ts), still under load: Redis, Kafka,
 *    OpenSearch and FerretDB each taken down and brought back; no 500, answers within a stated
 *    bound, every service ready again in time. The run starts its own private servers for these
 *    (infra/private.ts), so the shared local infrastructure is never touched; `CHAOS_INFRA=0`
 *    runs on the shared servers without this phase.
 * 4. Stops the load, waits (bounded) for quiescence, reads the stores (snapshot.ts) and the admin's
 *    lists and dashboard (readSide.ts, bounded until they agree: read models fed by events) and prints the
 *    table of checks (checks.ts). Exits 1 if any check failed. Both phases' load includes sellers
 *    cancelling confirmed orders: stock, refunds and e-mails must add up.
 *
 * Environment: CHAOS_SEED (default random, printed), CHAOS_SECONDS, CHAOS_CUSTOMERS (4),
 * CHAOS_STOCK (most units of an item, 200), CHAOS_ITEMS_PER_SELLER (3; 2 sellers), CHAOS_TARGETS (e.g. `ordering,catalogue`: kill only
 * these), CHAOS_DECISION_TIMEOUT_MS (ordering's STOCK_DECISION_TIMEOUT_MS, 8000: checkouts whose
 * decision a killed catalogue delays are given up and refunded, and the stock it reserves late
 * must come back), CHAOS_KEEP=1 to keep the databases for inspection.
 */
import { rmSync } from 'node:fs';
import type { Attempt } from './client';
import {
  cancellationMailsOnce,
  cartsCleared,
  dashboardMatches,
  codOf,
  codSettles,
  drained,
  mailsOnce,
  noStalled,
  noneStuck,
  ordersAgree,
  paidOnce,
  ratingsMatch,
  readModelMatches,
  refundsAddUp,
  returnsRefundedOnce,
  reportsOnce,
  reservationsOnce,
  stockBalances,
  table,
  type Check,
  type InFlight,
} from './checks';
import { startPrivateServer, type PrivatePart, type PrivateServer } from '../../infra/private';
import { killLoop, type KillEvent } from './faults';
import { infraPhase, outageChecks, OUTAGES, type Outage } from './infraFaults';
import { newLoadLog, runLoad } from './load';
import { rng } from './prng';
import { readSide, type ReadSide } from './readSide';
import { sigtermPhase } from './sigterm';
import { snapshot, type Snapshot } from './snapshot';
import { startWorld } from './world';

/**
 * The read side against the aggregates: the admin's order lists hold every order once with its
 * status, payment history one row per paid checkout with its status, the dashboard the Confirmed
 * orders and their revenue.
 */
const readSideChecks = (s: Snapshot, r: ReadSide): Check[] => [
  readModelMatches(
    'lists: admin order lists hold every order once, with its status',
    s.orders.map((o) => ({ _id: o._id, status: o.status })),
    r.orders,
  ),
  readModelMatches(
    'lists: payment history holds each paid checkout once, with its status',
    s.history.map((h) => ({ _id: h.OrderID, status: historyStatus(s, h) })),
    r.history,
  ),
  dashboardMatches(s.checkouts, s.history, r.dashboard, s.orders),
  codSettles(s.checkouts, s.orders, r.history, s.providerRefunds, s.providerCaptures, s.rmTransactions),
];

/** A record's status as the payment history shows it: a cash-on-delivery one's is read from its lines (checks.ts `codOf`). */
function historyStatus(s: Snapshot, h: { OrderID: string; status: string }): string {
  const c = s.checkouts.find((x) => x._id === h.OrderID);
  if (c?.paymentType !== 'CashOnDelivery') return h.status;
  return codOf(c, new Map(s.orders.map((o) => [o._id, o]))).status;
}

/** Order line → units its return gave back to stock: received (or refunded) as resellable (issue 31 item 3). */
const returnedUnits = (s: Snapshot) =>
  new Map(
    s.returns
      .filter((r) => r.resellable === true && (r.status === 'Received' || r.status === 'Refunded'))
      .map((r) => [r.orderLineId, r.quantity]),
  );

/** The order lines a seller cancelled, as ordering stores them. */
const cancelledIn = (s: Snapshot) => s.orders.filter((o) => o.status === 'Cancelled').map((o) => o._id);
const num = (name: string, dflt: number) => (process.env[name] ? Number(process.env[name]) : dflt);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const say = (msg: string) => process.stdout.write(`[chaos +${Math.round((Date.now() - t0) / 1000)}s] ${msg}\n`);

/** Starts the private servers of the infrastructure phase, one at a time (two of them are JVMs). */
async function privateServers(): Promise<Record<PrivatePart, PrivateServer>> {
  const started: Partial<Record<PrivatePart, PrivateServer>> = {};
  for (const { part } of OUTAGES) {
    const t = Date.now();
    started[part] = await startPrivateServer(part);
    say(`private ${part} up in ${Date.now() - t} ms: ${JSON.stringify(started[part].env)}`);
  }
  return started as Record<PrivatePart, PrivateServer>;
}

async function main(): Promise<number> {
  const seed = num('CHAOS_SEED', Math.floor(Math.random() * 2 ** 31));
  const seconds = num('CHAOS_SECONDS', 120);
  say(`seed ${seed} (replay with CHAOS_SEED=${seed}), kill phase ${seconds} s`);
  const rand = rng(seed);
  const attempts: Attempt[] = [];
  // The run's own Redis, Kafka, OpenSearch and FerretDB (the infrastructure phase stops them):
  // the stack's processes and the snapshot's readers take their addresses from the environment.
  const servers = process.env.CHAOS_INFRA === '0' ? undefined : await privateServers();
  if (servers) for (const s of Object.values(servers)) Object.assign(process.env, s.env);
  const world = await startWorld({
    sellers: 2,
    itemsPerSeller: num('CHAOS_ITEMS_PER_SELLER', 3),
    stock: num('CHAOS_STOCK', 200),
    customers: num('CHAOS_CUSTOMERS', 4),
    record: (a) => attempts.push(a),
  }).catch(async (err: unknown) => {
    // No private server may outlive a run that could not start.
    if (servers) await Promise.all(Object.values(servers).map((s) => s.remove()));
    throw err;
  });
  say(`stack up: ${Object.keys(world.stack.processes).join(', ')}; ${world.items.size} items, ${world.customers.length} customers`);
  const log = newLoadLog();
  const kills: KillEvent[] = [];
  const terms: InFlight[] = [];
  const outages: Outage[] = [];
  let snap: Snapshot | undefined;
  let lists: ReadSide | undefined;
  let termPhaseAt = Infinity;
  let infraPhaseAt = Infinity;
  try {
    // Kill phase: every process, or those named in CHAOS_TARGETS (to dwell on some).
    const only = process.env.CHAOS_TARGETS?.split(',').map((t) => t.trim());
    const targets = Object.fromEntries(Object.entries(world.stack.processes).filter(([name]) => !only || only.includes(name)));
    const until = Date.now() + seconds * 1000;
    const over = () => Date.now() >= until;
    await Promise.all([
      runLoad(world, rand, log, over),
      killLoop(targets, rand, over, (e) => {
        kills.push(e);
        say(`kill -9 ${e.target}: down ${e.downMs} ms, ready again after ${e.restartMs} ms`);
      }),
    ]);
    const paidInKillPhase = log.counts.paid ?? 0;
    say(
      `kill phase over: ${kills.length} kills; load ${JSON.stringify(log.counts)}; ` +
        `${(paidInKillPhase / seconds).toFixed(2)} paid checkouts/s over ${seconds} s`,
    );

    // SIGTERM phase, under load (sigterm.ts).
    termPhaseAt = Date.now();
    let stopLoad = false;
    const load = runLoad(world, rand, log, () => stopLoad, {
      reportEveryMs: 6_000,
      mailEveryMs: 60_000,
      cancelEveryMs: 8_000,
      codEveryMs: 4_000,
      customerCancelEveryMs: 10_000,
      returnEveryMs: 6_000,
    });
    terms.push(...(await sigtermPhase(world, log, () => attempts, say)));
    infraPhaseAt = Date.now();
    if (servers) outages.push(...(await infraPhase(servers, world.stack.processes, () => attempts, say)));
    stopLoad = true;
    await load;
    say(`load stopped: ${JSON.stringify(log.counts)}`);

    // Quiescence (bounded): nothing awaiting stock, every report rendered, read models caught up.
    const emails = new Set(world.customers.map((c) => c.email.toLowerCase()));
    const deadline = Date.now() + num('CHAOS_QUIESCE_SECONDS', 90) * 1000;
    for (;;) {
      snap = await snapshot(world.stack.dbSuffix, world.reportDir, emails);
      const paid = snap.checkouts.filter((c) => c.paid).length;
      const settled =
        snap.checkouts.every((c) => c.status !== 'AwaitingStock') &&
        snap.reportRecords.every((r) => r.file) &&
        snap.rmOrders.filter((o) => o.status === 'Confirmed' || o.status === 'Rejected').length === paid &&
        snap.mails.length >= log.mails.filter((m) => m.acknowledged).length &&
        ratingsMatch(snap.reviews, snap.ratings).ok &&
        refundsAddUp(snap.checkouts, snap.orders, snap.history, snap.providerRefunds, snap.rmTransactions, snap.returns).ok &&
        cancellationMailsOnce(cancelledIn(snap), snap.cancellationMails).ok &&
        returnsRefundedOnce(
          snap.returns,
          log.returned.map((r) => r.returnId),
          snap.returnRefundMails,
        ).ok;
      if (settled || Date.now() > deadline) {
        say(settled ? 'quiescent' : 'not quiescent at the deadline: checking anyway');
        break;
      }
      await sleep(3_000);
    }
    // The admin's lists and dashboard are read models fed by events: read them (bounded) until they agree with the stores.
    if (snap) {
      const s = snap;
      const listDeadline = Date.now() + num('CHAOS_READ_SIDE_SECONDS', 30) * 1000;
      for (;;) {
        lists = await readSide(world.admin);
        if (readSideChecks(s, lists).every((c) => c.ok) || Date.now() > listDeadline) break;
        await sleep(1_000);
      }
    }
  } catch (err) {
    say(`run failed: ${(err as Error).stack}`);
  }

  const checks: Check[] = [];
  if (snap) {
    const s = snap;
    const confirmedOrders = s.orders.filter((o) => s.checkouts.find((c) => c._id === o.OrderID)?.status === 'Confirmed');
    const cancelled = cancelledIn(s);
    const answered = log.cancelled.filter((id) => !cancelled.includes(id));
    checks.push(
      paidOnce(s.checkouts, s.orders, s.history),
      noneStuck(s.checkouts, s.orders),
      ordersAgree(s.checkouts, s.orders),
      stockBalances(world.items, s.stock, s.checkouts, new Set(cancelled), returnedUnits(s)),
      refundsAddUp(s.checkouts, s.orders, s.history, s.providerRefunds, s.rmTransactions, s.returns),
      cancellationMailsOnce(cancelled, s.cancellationMails),
      returnsRefundedOnce(
        s.returns,
        log.returned.map((r) => r.returnId),
        s.returnRefundMails,
      ),
      {
        name: 'every cancellation answered 200 is Cancelled',
        ok: answered.length === 0,
        detail: answered.length
          ? `${answered.length} not cancelled, e.g. ${answered.slice(0, 3).join(', ')}`
          : `${log.cancelled.length} cancellations`,
      },
      reservationsOnce(s.checkouts, s.reservations),
      cartsCleared(s.carts, log.boughtSinceCartWrite),
      ratingsMatch(s.reviews, s.ratings),
      readModelMatches(
        'reporting: one order per paid checkout',
        s.checkouts.filter((c) => c.paid).map((c) => ({ _id: c._id, status: c.status })),
        s.rmOrders,
      ),
      readModelMatches(
        'reporting: one sale per confirmed order',
        confirmedOrders.map((o) => ({ _id: o._id })),
        s.rmSales,
      ),
      ...(lists
        ? readSideChecks(s, lists)
        : [{ name: 'read side: admin lists and dashboard', ok: false, detail: 'not read (the run failed before)' }]),
      reportsOnce(log.reports, s.reportRecords, s.reportFiles),
      mailsOnce(log.mails, s.mails),
      drained(terms),
      noStalled(s.jobs, termPhaseAt, infraPhaseAt),
      ...(servers ? outageChecks(outages) : []),
    );
  }
  const clientSeen = log.checkouts.filter((c) => c.paid);
  const lost = clientSeen.filter((c) => !snap?.checkouts.find((d) => d._id === c.checkoutId && d.paid)).map((c) => c.checkoutId);
  checks.push({
    name: 'every checkout a client saw paid is paid',
    ok: snap !== undefined && lost.length === 0,
    detail: lost.length ? `${lost.length} lost, e.g. ${lost.slice(0, 3).join(', ')}` : `${clientSeen.length} paid checkouts`,
  });
  checks.push({
    name: 'load: no call gave up',
    ok: log.errors.length === 0,
    detail: log.errors.length ? `${log.errors.length}: ${[...new Set(log.errors)].slice(0, 4).join(' | ')}` : JSON.stringify(log.counts),
  });

  const failedAttempts = attempts.filter((a) => a.status === 0 || a.status >= 500).length;
  process.stdout.write(
    `\nseed ${seed}; ${kills.length} kill -9 (${[...new Set(kills.map((k) => k.target))].sort().join(', ')}); ` +
      `${terms.length} SIGTERM; ${attempts.length} HTTP attempts, ${failedAttempts} failed and retried; ` +
      `${log.reports.length} reports, ${log.mails.length} reset mails requested\n\n${table(checks)}\n\n`,
  );
  if (process.env.CHAOS_KEEP === '1') say(`kept databases *-${world.stack.dbSuffix} and ${world.reportDir}`);
  else {
    await world.stack.stop();
    rmSync(world.reportDir, { recursive: true, force: true });
  }
  if (servers && process.env.CHAOS_KEEP !== '1') await Promise.all(Object.values(servers).map((s) => s.remove()));
  say('done');
  return checks.every((c) => c.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  },
);
