/**
 * The faults: kill -9 of one process at a time (a service, the gateway or the e-mail worker) at
 * seeded random moments, then a restart with the same environment and port; and, as a separate
 * phase, SIGTERM of a process under load, to count the requests it failed while draining
 * (docs/architecture.md, Graceful shutdown).
 */
import type { RunningProcess } from '@market/platform/testing';
import type { Attempt } from './client';
import type { InFlight } from './checks';
import type { Rng } from './prng';

export interface KillEvent {
  target: string;
  at: number;
  downMs: number;
  restartMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Until `stop()`: waits a random 2–6 s, kills the next process of a seeded shuffled cycle with SIGKILL, leaves it down a
 * random 0–3 s, restarts it and waits until it is ready. One process is down at a time.
 */
export async function killLoop(
  processes: Record<string, RunningProcess>,
  rand: Rng,
  stop: () => boolean,
  onEvent: (e: KillEvent) => void,
): Promise<void> {
  const names = Object.keys(processes).sort();
  // A seeded shuffle, cycled: each process is killed once before any is killed twice.
  const order = names
    .map((n) => [rand.next(), n] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, n]) => n);
  let turn = 0;
  while (!stop()) {
    await sleep(rand.int(2_000, 6_000));
    if (stop()) break;
    const target = order[turn++ % order.length]!;
    const p = processes[target]!;
    const at = Date.now();
    await p.kill('SIGKILL');
    const downMs = rand.int(0, 3_000);
    await sleep(downMs);
    const t0 = Date.now();
    await p.restart(120_000);
    onEvent({ target, at, downMs, restartMs: Date.now() - t0 });
  }
}

/**
 * SIGTERM to `target` while the load runs, with extra pressure: `concurrency` loops calling
 * `request` (reads the target serves) from before the signal until it is back, so that requests
 * are in flight at the signal; `beforeSignal` runs just before it (e.g. enqueues jobs, so the
 * worker has some in hand). Records the moment, waits for the exit, restarts the process, and
 * returns the attempts in flight at the signal (judged by {@link drained}).
 */
export async function termUnderLoad(
  target: string,
  p: RunningProcess,
  attempts: () => Attempt[],
  request: () => Promise<unknown>,
  beforeSignal: () => Promise<unknown> = async () => {},
  concurrency = 8,
  settleMs = 2_000,
): Promise<InFlight> {
  let pressing = true;
  const pressure = Array.from({ length: concurrency }, async () => {
    while (pressing) {
      const r = (await request()) as { status?: number } | undefined;
      // Back off while the target is down, so the pressure does not turn into a busy loop.
      if (r && typeof r.status === 'number' && (r.status === 0 || r.status >= 500)) await sleep(50);
    }
  });
  await sleep(settleMs);
  await beforeSignal();
  const termAt = Date.now();
  await p.kill('SIGTERM');
  const exitMs = p.exitInfo()?.msAfterTerm ?? null;
  await p.restart(120_000);
  await sleep(settleMs);
  pressing = false;
  await Promise.all(pressure);
  const around = attempts().filter((a) => a.startedAt <= termAt && a.endedAt >= termAt);
  return { target, termAt, exitMs, attempts: around };
}
