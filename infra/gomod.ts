/**
 * Files and tools from the Go module proxy, the one source of Go code this machine reaches
 * (the Kubernetes and Compose schemas the manifests are validated with).
 * `go mod download` verifies each module against the checksum database and caches it under
 * `$GOMODCACHE`, so a second run is offline.
 */
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export const GO_HINT =
  'Go comes with the machine (scripts/ensure-tools.sh); the Go module proxy (GOPROXY) must be reachable on a cold cache';

/**
 * Runs a command in the temporary folder and resolves with its stdout.
 * @throws Error naming the command, with the last lines of its output and `hint`, when it fails
 *   or is not installed.
 */
export async function run(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv; hint: string }): Promise<string> {
  try {
    const { stdout } = await execFileAsync(cmd, args, { cwd: os.tmpdir(), env: opts.env ?? process.env, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { stderr?: string; stdout?: string };
    if (err.code === 'ENOENT') throw new Error(`${cmd} is not installed: ${opts.hint}`);
    const output = `${err.stderr ?? ''}${err.stdout ?? ''}`.trim().split('\n').slice(-15).join('\n');
    throw new Error(`\`${cmd} ${args.join(' ')}\` failed: ${opts.hint}\n${output}`);
  }
}

/**
 * Downloads `module@version` through the Go module proxy (once; cached) and returns the folder
 * holding its files (read-only).
 * @throws Error when Go is missing or the module cannot be fetched.
 */
export async function goModuleDir(module: string, version: string): Promise<string> {
  const out = await run('go', ['mod', 'download', '-json', `${module}@${version}`], {
    env: { ...process.env, GOFLAGS: '-mod=mod' },
    hint: GO_HINT,
  });
  const info = JSON.parse(out) as { Dir?: string; Error?: string };
  if (!info.Dir) throw new Error(`go mod download ${module}@${version}: ${info.Error ?? 'no folder'}`);
  return info.Dir;
}
