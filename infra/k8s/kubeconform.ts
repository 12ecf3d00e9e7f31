/**
 * Offline validation of the Kubernetes manifests under k8s/ with
 * kubeconform, using only the Go module proxy:
 *
 * - kubeconform and kustomize (to render the kustomizations as a cluster gets them):
 *   `go install …@<version>` into `.data/tools/<tool>-<version>/`.
 * - the schemas: kubeconform's default schema location is GitHub, which a machine with registry
 *   access only cannot reach. The Go module `k8s.io/kubernetes` carries the API server's OpenAPI
 *   document (`api/openapi-spec/swagger.json`); `go mod download` fetches it (checksum-verified)
 *   and it is converted here into kubeconform's layout — one standalone, strict JSON schema per
 *   kind (`deployment-apps-v1.json`, `service-v1.json` …; no additional properties anywhere) — in
 *   `.data/k8s-schemas/v<version>-standalone-strict/`.
 *
 * Both are prepared once and reused (idempotent; safe when two runs race: each builds in its own
 * temporary folder and renames it into place). `npx tsx infra/k8s/validate.ts` runs it by hand.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { GO_HINT, goModuleDir, run } from '../gomod';

const execFileAsync = promisify(execFile);

export const ROOT = path.resolve(__dirname, '..', '..');
export const KUBECONFORM_VERSION = 'v0.7.0';
export const KUSTOMIZE_VERSION = 'v5.7.1';
/** The Kubernetes release whose API the manifests are validated against. */
export const KUBERNETES_VERSION = '1.34.4';
/** Bumped when the conversion below changes, so stale schema folders are rebuilt. */
const CONVERTER_VERSION = '1';

const TOOLS = path.join(ROOT, '.data', 'tools');
const SCHEMAS = path.join(ROOT, '.data', 'k8s-schemas');

/** Installs a Go command at `version` into `.data/tools/<name>-<version>/` when missing; returns the binary. */
async function ensureGoTool(name: string, pkg: string, version: string): Promise<string> {
  const dir = path.join(TOOLS, `${name}-${version}`);
  const bin = path.join(dir, name);
  if (existsSync(bin)) return bin;
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  await run('go', ['install', `${pkg}@${version}`], { env: { ...process.env, GOBIN: tmp, CGO_ENABLED: '0' }, hint: GO_HINT });
  if (existsSync(bin)) rmSync(tmp, { recursive: true, force: true });
  else renameSync(tmp, dir);
  return bin;
}

export const ensureKubeconform = () => ensureGoTool('kubeconform', 'github.com/yannh/kubeconform/cmd/kubeconform', KUBECONFORM_VERSION);
export const ensureKustomize = () => ensureGoTool('kustomize', 'sigs.k8s.io/kustomize/kustomize/v5', KUSTOMIZE_VERSION);

/** `kustomize build <dir>`: the manifests as a cluster would get them. */
export async function kustomizeBuild(dir: string): Promise<string> {
  return run(await ensureKustomize(), ['build', dir], { hint: `the kustomization in ${path.relative(ROOT, dir)} does not build` });
}

/** Prepares kubeconform, kustomize and the schemas (in parallel); idempotent. */
export async function prepare(): Promise<void> {
  await Promise.all([ensureKubeconform(), ensureKustomize(), ensureSchemas()]);
}

/** Fetches k8s.io/kubernetes through the Go module proxy and returns its OpenAPI v2 document. */
async function kubernetesOpenApi(): Promise<Swagger> {
  const dir = await goModuleDir('k8s.io/kubernetes', `v${KUBERNETES_VERSION}`);
  return JSON.parse(readFileSync(path.join(dir, 'api', 'openapi-spec', 'swagger.json'), 'utf8')) as Swagger;
}

type Schema = { [key: string]: unknown };
interface Swagger {
  definitions: Record<string, Schema & { 'x-kubernetes-group-version-kind'?: { group: string; version: string; kind: string }[] }>;
}

const INT_OR_STRING = { oneOf: [{ type: 'string' }, { type: 'integer' }] };
/** Definitions whose OpenAPI form is looser or stricter than what YAML manifests really carry. */
const REPLACED: Record<string, Schema> = {
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': INT_OR_STRING,
  // `cpu: 1` and `memory: 1Gi` are both quantities.
  'io.k8s.apimachinery.pkg.api.resource.Quantity': { oneOf: [{ type: 'string' }, { type: 'number' }] },
  // Generated manifests carry `creationTimestamp: null`.
  'io.k8s.apimachinery.pkg.apis.meta.v1.Time': { type: ['string', 'null'], format: 'date-time' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime': { type: ['string', 'null'], format: 'date-time' },
};

/**
 * Draft-4 form of one OpenAPI schema node: descriptions and vendor extensions dropped,
 * int-or-string made a oneOf, and every object that lists its properties closed
 * (`additionalProperties: false`, kubeconform's "strict").
 */
function strict(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strict);
  if (node === null || typeof node !== 'object') return node;
  const src = node as Schema;
  if (src.format === 'int-or-string') return INT_OR_STRING;
  const out: Schema = {};
  for (const [key, value] of Object.entries(src)) {
    if (key === 'description' || key.startsWith('x-')) continue;
    out[key] = key === 'properties' ? Object.fromEntries(Object.entries(value as Schema).map(([k, v]) => [k, strict(v)])) : strict(value);
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** Names of the definitions `node` refers to, transitively. */
function reachable(node: unknown, defs: Record<string, unknown>, seen: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const n of node) reachable(n, defs, seen);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = value.replace('#/definitions/', '');
        if (!seen.has(name)) {
          seen.add(name);
          reachable(defs[name], defs, seen);
        }
      } else reachable(value, defs, seen);
    }
  }
  return seen;
}

/** kubeconform's file name for a kind: `deployment-apps-v1.json`, `service-v1.json`, `ingress-networking-v1.json`. */
export function schemaFileName(kind: string, group: string, version: string): string {
  const groupPart = group ? `-${group.split('.')[0]!.toLowerCase()}` : '';
  return `${kind.toLowerCase()}${groupPart}-${version.toLowerCase()}.json`;
}

/** Writes one standalone strict schema per kind of `swagger` into `dir`; returns how many. */
export function writeSchemas(swagger: Swagger, dir: string): number {
  const defs: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(swagger.definitions)) defs[name] = REPLACED[name] ?? strict(def);
  let count = 0;
  for (const [name, def] of Object.entries(swagger.definitions)) {
    for (const { group, version, kind } of def['x-kubernetes-group-version-kind'] ?? []) {
      const file = path.join(dir, schemaFileName(kind, group, version));
      if (existsSync(file)) continue; // the same kind under two names: the first one stands
      const root = structuredClone(defs[name]) as Schema & { properties: Record<string, Schema> };
      const apiVersion = group ? `${group}/${version}` : version;
      root.properties = { ...root.properties, apiVersion: { type: 'string', enum: [apiVersion] }, kind: { type: 'string', enum: [kind] } };
      const used = [...reachable(root, defs, new Set())].sort();
      const schema = {
        $schema: 'http://json-schema.org/draft-04/schema#',
        ...root,
        definitions: Object.fromEntries(used.map((n) => [n, defs[n]])),
      };
      writeFileSync(file, JSON.stringify(schema));
      count++;
    }
  }
  return count;
}

/** The folder of kubeconform's `{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}` for our version. */
export function schemaDir(): string {
  return path.join(SCHEMAS, `v${KUBERNETES_VERSION}-standalone-strict`);
}

/** Builds the schema folder when missing; returns it. */
export async function ensureSchemas(): Promise<string> {
  const dir = schemaDir();
  const stamp = path.join(dir, '.complete');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === CONVERTER_VERSION) return dir;
  const swagger = await kubernetesOpenApi();
  const tmp = `${dir}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const count = writeSchemas(swagger, tmp);
  if (count < 50) throw new Error(`only ${count} kinds in the OpenAPI document of k8s.io/kubernetes@v${KUBERNETES_VERSION}`);
  writeFileSync(path.join(tmp, '.complete'), CONVERTER_VERSION);
  rmSync(dir, { recursive: true, force: true });
  try {
    renameSync(tmp, dir);
  } catch {
    rmSync(tmp, { recursive: true, force: true }); // another run put its copy in place first
  }
  return dir;
}

export interface KubeconformResult {
  summary: { valid: number; invalid: number; errors: number; skipped: number };
  /** Resources that are invalid or could not be validated, with kubeconform's message. */
  problems: { filename: string; kind: string; name: string; status: string; msg: string }[];
}

/**
 * Validates `paths` (files or folders, recursively) with `kubeconform -strict -summary`.
 * Kustomization files are skipped (no API kind); a kind without a schema is an error, never skipped.
 */
export async function kubeconform(paths: string[]): Promise<KubeconformResult> {
  const [bin] = await Promise.all([ensureKubeconform(), ensureSchemas()]);
  const location = path.join(
    SCHEMAS,
    '{{ .NormalizedKubernetesVersion }}-standalone{{ .StrictSuffix }}',
    '{{ .ResourceKind }}{{ .KindSuffix }}.json',
  );
  const args = ['-strict', '-summary', '-output', 'json', '-kubernetes-version', KUBERNETES_VERSION, '-schema-location', location];
  let stdout: string;
  try {
    ({ stdout } = await execFileAsync(bin, [...args, '-skip', 'Kustomization', ...paths], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }));
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; code?: number };
    if (err.code !== 1 || !err.stdout) throw new Error(`kubeconform failed: ${err.stderr ?? e}`);
    stdout = err.stdout; // exit 1: something is invalid; the report says what
  }
  const report = JSON.parse(stdout) as { resources: KubeconformResult['problems'] | null; summary: KubeconformResult['summary'] };
  return { summary: report.summary, problems: report.resources ?? [] };
}

/** kubeconform's summary line. */
export function summaryLine({ valid, invalid, errors, skipped }: KubeconformResult['summary']): string {
  return `Summary: ${valid + invalid + errors + skipped} resources found - Valid: ${valid}, Invalid: ${invalid}, Errors: ${errors}, Skipped: ${skipped}`;
}
