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

/** `express` for `express/lib/router`, `@scope/pkg` for `@scope/pkg/sub`. */
function packageName(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/** The folder Node's resolution finds package `name` in, starting at `dir`, or undefined. */
function packageDir(name: string, dir: string): string | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(d) === d) return undefined;
  }
}

/**
 * Marks every bare import external except the repository's own `@market/*` workspaces, so it is
 * required from node_modules at run time. npm nests a workspace's own version of a package under
 * that workspace (platform's nodemailer and express under packages/platform/node_modules, because
 * the root holds other versions): bundled into `<workspace>/dist`, the bare name would find the
 * root's version instead. Such an import is rewritten to a path relative to the bundle that names
 * the folder the source file itself resolves to. npm ci lays out the production install from the
 * same lock file, so the relative path holds in the images too.
 */
function externalDependencies(outDir: string): Plugin {
  return {
    name: 'external-dependencies',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@market/')) return undefined;
        const name = packageName(args.path);
        const fromSource = packageDir(name, args.resolveDir);
        if (!fromSource || fromSource === packageDir(name, outDir)) return { path: args.path, external: true };
        const relative = path.relative(outDir, fromSource).split(path.sep).join('/') + args.path.slice(name.length);
        return { path: relative.startsWith('.') ? relative : `./${relative}`, external: true };
      });
    },
  };
}

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
        plugins: [externalDependencies(path.dirname(bundlePath(e)))],
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
