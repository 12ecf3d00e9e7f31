/**
 * CPU time of processes and their descendants, read from `/proc/<pid>/stat` (utime + stime), for
 * the benches that say where the machine's CPU went: idle (bench/idle-cpu.ts) and under the
 * checkout load (bench/checkout-mix.ts). Linux only.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');

/** Clock ticks per second of /proc/<pid>/stat times (100 on Linux almost everywhere). */
export function clockTicks(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

interface ProcStat {
  ppid: number;
  /** utime + stime, in clock ticks. */
  ticks: number;
}

/** Parent and CPU ticks of a process, or null when it is gone. */
export function procStat(pid: number): ProcStat | null {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: split after its last ')'.
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    // f[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null;
  }
}

const allPids = () =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number);

/** CPU ticks of each live root and all its descendants, by root pid (a gone root is absent). */
export function treeTicks(roots: number[]): Map<number, number> {
  const stats = new Map<number, ProcStat>();
  for (const pid of allPids()) {
    const s = procStat(pid);
    if (s) stats.set(pid, s);
  }
  const rootOf = (pid: number): number | undefined => {
    for (let p: number | undefined = pid, hops = 0; p && hops < 64; p = stats.get(p)?.ppid, hops++) if (roots.includes(p)) return p;
    return undefined;
  };
  const out = new Map<number, number>();
  for (const [pid, s] of stats) {
    const root = rootOf(pid);
    if (root !== undefined) out.set(root, (out.get(root) ?? 0) + s.ticks);
  }
  return out;
}

/** The infrastructure parts `infra:up` started, by name (`.data/pids/<part>.pid`), that are alive. */
export function infraProcesses(): Map<string, number> {
  const found = new Map<string, number>();
  const pids = path.join(ROOT, '.data', 'pids');
  if (existsSync(pids))
    for (const file of readdirSync(pids).filter((f) => f.endsWith('.pid'))) {
      const pid = Number(readFileSync(path.join(pids, file), 'utf8').split('\n')[0]);
      if (Number.isInteger(pid) && procStat(pid)) found.set(file.replace(/\.pid$/, ''), pid);
    }
  return found;
}

/**
 * Starts a CPU meter over named process trees; `read()` gives the CPU seconds each used since
 * (a process that exited meanwhile is left out).
 */
export function cpuMeter(processes: Map<string, number>): { read(): Map<string, number> } {
  const roots = [...processes.values()];
  const hz = clockTicks();
  const before = treeTicks(roots);
  return {
    read() {
      const after = treeTicks(roots);
      const out = new Map<string, number>();
      for (const [name, pid] of processes) if (before.has(pid) && after.has(pid)) out.set(name, (after.get(pid)! - before.get(pid)!) / hz);
      return out;
    },
  };
}
