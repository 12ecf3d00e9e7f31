/**
 * Compiles every backend process (the services, the e-mail worker, the gateway) to one
 * JavaScript file each, for `npm start` and the production images (README "Runtime and builds").
 *
 *   npx tsx scripts/build-services.ts            builds every backend entry
 *   npx tsx scripts/build-services.ts --if-stale only when a source is newer than its bundle
 *
 * Each entry in {@link BACKEND_ENTRIES} becomes `<workspace>/dist/<name>.js` with a source map
 * beside it (`sourcesContent` included), so `node --enable-source-maps` reports stack traces at
 * the TypeScript lines. The project's own workspaces (`@market/*`) are bundled in; every other
 * package stays an ordinary `require` of node_modules. That keeps native add-ons (argon2, sharp)
 * where they are, and lets OpenTelemetry's auto-instrumentation patch express, mongoose, ioredis
 * and kafkajs as they are required: `@market/platform/telemetry` is the first import of every
 * main, and esbuild keeps module order, so the SDK starts before any of them loads.
 *
 * Errors: exits 1 with esbuild's messages when an entry does not compile. Type errors are not
 * esbuild's business: `npm run typecheck` checks those.
 */
import { build, type Plugin } from 'esbuild';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

/** One compiled entry: `<workspace>/src/<name>.ts` → `<workspace>/dist/<name>.js`. */
export interface BackendEntry {
  /** Folder of the workspace, relative to the repository root (e.g. `services/identity`). */
  workspace: string;
  /** File name without extension under `src/` (e.g. `main`). */
  name: string;
}

/** Every backend process the marketplace runs, plus reporting's replay command. */
export const BACKEND_ENTRIES: readonly BackendEntry[] = [
  ...['identity', 'catalogue', 'cart', 'ordering', 'reviews', 'reporting', 'notifications'].map((s) => ({
    workspace: `services/${s}`,
    name: 'main',
  })),
  { workspace: 'services/reporting', name: 'rebuild' },
  { workspace: 'gateway', name: 'main' },
];

/** Absolute path of the compiled file of an entry. */
export function bundlePath(entry: BackendEntry): string {
  return path.join(ROOT, entry.workspace, 'dist', `${entry.name}.js`);
}

/** Marks every bare import external except the repository's own `@market/*` workspaces. */
const externalDependencies: Plugin = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@market/') ? undefined : { path: args.path, external: true }));
  },
};

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/**
 * True when some source a bundle is made of (the workspace's `src/`, `packages/*\/src`, the lock
 * file) is newer than the oldest bundle, or a bundle is missing.
 */
export function bundlesStale(entries: readonly BackendEntry[] = BACKEND_ENTRIES): boolean {
  const bundles = entries.map(bundlePath);
  if (bundles.some((b) => !existsSync(b))) return true;
  const oldestBundle = Math.min(...bundles.map((b) => statSync(b).mtimeMs));
  const sources = Math.max(
    ...entries.map((e) => newestMtime(path.join(ROOT, e.workspace, 'src'))),
    newestMtime(path.join(ROOT, 'packages')),
    statSync(path.join(ROOT, 'package-lock.json')).mtimeMs,
  );
  return sources > oldestBundle;
}

/**
 * Compiles the given entries (all by default) in parallel.
 * @returns the paths written
 * @throws esbuild's BuildFailure when a source does not compile
 */
export async function buildBackends(entries: readonly BackendEntry[] = BACKEND_ENTRIES): Promise<string[]> {
  await Promise.all(
    entries.map((e) =>
      build({
        entryPoints: [path.join(ROOT, e.workspace, 'src', `${e.name}.ts`)],
        outfile: bundlePath(e),
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node24',
        sourcemap: 'linked',
        sourcesContent: true,
        // Keeps function and class names for logs, stack traces and pino's serializers.
        keepNames: true,
        legalComments: 'none',
        logLevel: 'warning',
        plugins: [externalDependencies],
      }),
    ),
  );
  return entries.map(bundlePath);
}

if (require.main === module) {
  const ifStale = process.argv.includes('--if-stale');
  if (ifStale && !bundlesStale()) {
    console.log('build-services: bundles are up to date');
  } else {
    const t0 = Date.now();
    buildBackends()
      .then((files) => console.log(`build-services: ${files.length} bundles in ${Date.now() - t0} ms`))
      .catch(() => process.exit(1));
  }
}
