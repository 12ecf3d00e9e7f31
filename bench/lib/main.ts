/**
 * Shared entry of the bench modules: each bench file runs alone (`npx tsx bench/x.ts`)
 * or under `npm run bench` (bench/run.ts), with the same settings from the environment.
 */
import { markdown, runMeta } from './results';
import type { BenchSection } from './section';

/** Autocannon settings shared by the closed-loop benches: BENCH_SECONDS (10), BENCH_CONNECTIONS (10). */
export function benchSettings() {
  return {
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
  };
}

/** When `mod` is the entry point, runs `run` and prints its markdown table. */
export function benchMain(mod: NodeModule, run: () => Promise<BenchSection>): void {
  if (require.main !== mod) return;
  const started = new Date();
  run().then(
    (section) => {
      process.stdout.write(markdown(runMeta(started), [section]));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
