/**
 * The infrastructure phase of the chaos run (issue 34 item 6): under the checkout and browse load,
 * each server the services depend on is taken down and brought back, one at a time, the way the
 * issue's investigation did it:
 *
 * | server     | how                 | down for |
 * | ---------- | ------------------- | -------- |
 * | Redis      | kill -9             | 10 s     |
 * | Kafka      | SIGTERM             | 20 s     |
 * | OpenSearch | kill -9             | 30 s     |
 * | FerretDB   | kill -9             | 10 s     |
 *
 * The servers are the run's private ones (infra/private.ts), so the shared local infrastructure
 * and anything else using it are untouched. For each outage it records what clients saw (the
 * HTTP attempts that started while the server was down, by status, and the slowest answer) and,
 * after the restart, how long each service took to say ready again (`GET /readyz` 200). The
 * checks are {@link outageChecks}: no 500 during any outage, every attempt answered within
 * {@link OUTAGE_ANSWER_BOUND_MS}, and every service ready within {@link RECOVERY_BOUND_MS} of
 * the restart; money, stock, e-mails and read models are checked afterwards with the rest of the
 * run (run.ts).
 */
import type { RunningProcess } from '@market/platform/testing';
import type { PrivatePart, PrivateServer } from '../../infra/private';
import type { Check } from './checks';
import type { Attempt } from './client';

/** The stated bound of an answer while a server is down (ms): a clear 503 comes at once, never a hang. */
export const OUTAGE_ANSWER_BOUND_MS = 5_000;
/** The stated bound of a service's return to ready after its server is back (ms). */
export const RECOVERY_BOUND_MS = 60_000;

/** One outage as the plan above gives it. */
export interface OutagePlan {
  part: PrivatePart;
  how: 'SIGKILL' | 'SIGTERM';
  downMs: number;
}

export const OUTAGES: readonly OutagePlan[] = [
  { part: 'redis', how: 'SIGKILL', downMs: 10_000 },
  { part: 'kafka', how: 'SIGTERM', downMs: 20_000 },
  { part: 'opensearch', how: 'SIGKILL', downMs: 30_000 },
  { part: 'ferretdb', how: 'SIGKILL', downMs: 10_000 },
];

/** What one outage looked like. */
export interface Outage extends OutagePlan {
  /** When the signal was sent and when the server answered again (epoch ms). */
  downAt: number;
  upAt: number;
  /** Attempts that started while the server was down, by HTTP status (0: network error or client timeout). */
  statuses: Record<string, number>;
  /** The slowest of those attempts (ms). */
  slowestMs: number;
  /** Attempts slower than {@link OUTAGE_ANSWER_BOUND_MS}, with their method, path and status. */
  late: string[];
  /** Per process: ms from the server's return until its `/readyz` said 200 (null: not within the bound). */
  recoveryMs: Record<string, number | null>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls each process's `/readyz` until it answers 200; ms after `since` per process, null past `boundMs`. */
async function readyAgain(
  processes: Record<string, RunningProcess>,
  since: number,
  boundMs: number,
): Promise<Record<string, number | null>> {
  const entries = await Promise.all(
    Object.entries(processes).map(async ([name, p]) => {
      for (;;) {
        const ok = await fetch(`${p.url}/readyz`, { signal: AbortSignal.timeout(2_000) })
          .then((r) => r.status === 200)
          .catch(() => false);
        if (ok) return [name, Date.now() - since] as const;
        if (Date.now() - since > boundMs) return [name, null] as const;
        await sleep(250);
      }
    }),
  );
  return Object.fromEntries(entries);
}

/** A process that did not come back: how it exited, if it did, and the last problems it logged. */
function whyNotReady(name: string, p: RunningProcess): string {
  const problems = p
    .output()
    .split('\n')
    .filter((l) => /"level":(50|60)/.test(l) || /^\s*(Error|TypeError|at )/.test(l))
    .slice(-12)
    .map((l) => l.slice(0, 600));
  return [`${name} not ready: exit ${JSON.stringify(p.exitInfo() ?? 'none: still running')}`, ...problems].join('\n  ');
}

/** The attempts that started in [from, to), summarised. */
function seen(attempts: Attempt[], from: number, to: number): Pick<Outage, 'statuses' | 'slowestMs' | 'late'> {
  const during = attempts.filter((a) => a.startedAt >= from && a.startedAt < to);
  const statuses: Record<string, number> = {};
  for (const a of during) statuses[String(a.status)] = (statuses[String(a.status)] ?? 0) + 1;
  const ms = (a: Attempt) => a.endedAt - a.startedAt;
  return {
    statuses,
    slowestMs: during.reduce((m, a) => Math.max(m, ms(a)), 0),
    late: during.filter((a) => ms(a) > OUTAGE_ANSWER_BOUND_MS).map((a) => `${a.method} ${a.path} ${a.status} ${ms(a)} ms`),
  };
}

/**
 * Runs {@link OUTAGES} one after the other while the caller's load runs, with `settleMs` of normal
 * service between them. `processes` are the services and the gateway whose readiness is timed.
 */
export async function infraPhase(
  servers: Record<PrivatePart, PrivateServer>,
  processes: Record<string, RunningProcess>,
  attempts: () => Attempt[],
  say: (line: string) => void,
  settleMs = 5_000,
): Promise<Outage[]> {
  const outages: Outage[] = [];
  for (const plan of OUTAGES) {
    const server = servers[plan.part];
    await sleep(settleMs);
    const downAt = Date.now();
    if (plan.how === 'SIGKILL') await server.kill();
    else await server.stop();
    await sleep(plan.downMs);
    await server.start();
    const upAt = Date.now();
    const recoveryMs = await readyAgain(processes, upAt, RECOVERY_BOUND_MS);
    const outage: Outage = { ...plan, downAt, upAt, recoveryMs, ...seen(attempts(), downAt, upAt) };
    outages.push(outage);
    for (const [name, ms] of Object.entries(recoveryMs)) if (ms === null) say(whyNotReady(name, processes[name]!));
    say(
      `${plan.part} ${plan.how} for ${Math.round((upAt - downAt) / 1000)} s: answers ${JSON.stringify(outage.statuses)}, ` +
        `slowest ${outage.slowestMs} ms; ready again after ${JSON.stringify(recoveryMs)} ms`,
    );
  }
  return outages;
}

/** The checks of the infrastructure phase (see the module comment). */
export function outageChecks(outages: Outage[]): Check[] {
  const fiveHundreds = outages.flatMap((o) => (o.statuses['500'] ? [`${o.part}: ${o.statuses['500']}`] : []));
  const late = outages.flatMap((o) => o.late.map((l) => `${o.part}: ${l}`));
  const slow = outages.flatMap((o) =>
    Object.entries(o.recoveryMs).flatMap(([name, ms]) => (ms === null ? [`${name} after ${o.part}`] : [])),
  );
  const recoveries = outages.map((o) => `${o.part} ${Math.max(...Object.values(o.recoveryMs).map((ms) => ms ?? RECOVERY_BOUND_MS))} ms`);
  return [
    {
      name: 'infrastructure outages: no 500',
      ok: outages.length === OUTAGES.length && fiveHundreds.length === 0,
      detail: fiveHundreds.length
        ? fiveHundreds.join(', ')
        : outages.map((o) => `${o.part} ${JSON.stringify(o.statuses)}`).join('; ') || 'no outage ran',
    },
    {
      name: `infrastructure outages: every answer within ${OUTAGE_ANSWER_BOUND_MS} ms`,
      ok: outages.length === OUTAGES.length && late.length === 0,
      detail: late.length
        ? `${late.length} late, e.g. ${late.slice(0, 3).join(' | ')}`
        : outages.map((o) => `${o.part} slowest ${o.slowestMs} ms`).join(', '),
    },
    {
      name: `infrastructure outages: every service ready within ${RECOVERY_BOUND_MS / 1000} s of the server's return`,
      ok: outages.length === OUTAGES.length && slow.length === 0,
      detail: slow.length ? `not ready: ${slow.join(', ')}` : `slowest per server: ${recoveries.join(', ')}`,
    },
  ];
}
