/**
 * The Kubernetes manifests under k8s/ must really describe the system:
 *
 * - every manifest, and what each kustomization renders, is valid against the Kubernetes API
 *   schemas with `kubeconform -strict` (tools and schemas come from the Go module proxy and are
 *   cached under .data/; infra/k8s/kubeconform.ts);
 * - every service folder, the gateway and the web app have a Deployment and a Service that agree
 *   with docker-compose.yml (ports, the gateway's upstream URLs);
 * - every workload is hardened (probes, requests and limits, non-root, read-only root filesystem,
 *   no privilege escalation, all capabilities dropped, seccomp, no service account token);
 * - gateway, catalogue and ordering scale with an HPA; what runs more than one replica has a PDB;
 * - secrets are templates only: no Secret carries a real-looking value, none is deployed by a
 *   kustomization, and every key a Deployment reads is in the template.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { kubeconform, kustomizeBuild, prepare, summaryLine } from './k8s/kubeconform';

const ROOT = path.resolve(__dirname, '..');
const K8S = path.join(ROOT, 'k8s');
/** Cold: builds kubeconform and kustomize with Go and converts the schemas (about 1–2 minutes). */
const PREPARE_TIMEOUT = 600_000;

// ---- the manifests, as plain objects -------------------------------------------------------

interface Meta {
  name: string;
  labels?: Record<string, string>;
}
interface Probe {
  httpGet?: { path: string; port: string | number };
  tcpSocket?: { port: string | number };
  exec?: { command: string[] };
}
interface Container {
  name: string;
  image: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } } }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  resources?: { requests?: Record<string, string | number>; limits?: Record<string, string | number> };
  startupProbe?: Probe;
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  securityContext?: {
    runAsNonRoot?: boolean;
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { drop?: string[] };
  };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  automountServiceAccountToken?: boolean;
  enableServiceLinks?: boolean;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type: string } };
  containers: Container[];
  volumes?: { name: string; emptyDir?: object }[];
}
interface Workload {
  kind: 'Deployment' | 'StatefulSet' | 'Job';
  metadata: Meta;
  spec: { replicas?: number; selector?: { matchLabels: Record<string, string> }; template: { metadata: Meta; spec: PodSpec } };
}
interface Resource {
  apiVersion: string;
  kind: string;
  metadata: Meta & { namespace?: string };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface Manifest extends Resource {
  file: string;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? yamlFiles(path.join(dir, d.name)) : /\.ya?ml$/.test(d.name) ? [path.join(dir, d.name)] : [],
  );
}

function documents(text: string, file: string): Resource[] {
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]!.message}`);
    const value = doc.toJS() as Resource | null;
    return value ? [value] : [];
  });
}

const files = yamlFiles(K8S);
const kustomizations = files.filter((f) => path.basename(f) === 'kustomization.yaml');
const manifests: Manifest[] = files
  .filter((f) => !kustomizations.includes(f))
  .flatMap((file) => documents(readFileSync(file, 'utf8'), file).map((r) => ({ ...r, file: path.relative(ROOT, file) })));

const ofKind = <T = Resource>(kind: string) => manifests.filter((m) => m.kind === kind) as unknown as (T & { file: string })[];
const workloads = manifests.filter((m) => ['Deployment', 'StatefulSet', 'Job'].includes(m.kind)) as unknown as (Workload & {
  file: string;
})[];
const deployments = ofKind<Workload>('Deployment');
const services = ofKind('Service') as (Resource & {
  spec: { selector: Record<string, string>; ports: { port: number; targetPort: string }[] };
})[];
const byName = <T extends { metadata: Meta }>(list: T[], name: string) => list.find((r) => r.metadata.name === name);

/** The processes of the repository: each folder under services/ with a main, the gateway, the web app. */
const processes = [
  ...readdirSync(path.join(ROOT, 'services')).filter((n) => existsSync(path.join(ROOT, 'services', n, 'src', 'main.ts'))),
  'gateway',
  'web',
];
const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string> }>;
};

const containerPort = (d: Workload) => d.spec.template.spec.containers[0]!.ports?.find((p) => p.name === 'http')?.containerPort;
const envValue = (d: Workload, name: string) => d.spec.template.spec.containers[0]!.env?.find((e) => e.name === name)?.value;

// ---- kubeconform --------------------------------------------------------------------------

describe('k8s manifests against the Kubernetes API schemas (kubeconform -strict)', () => {
  const rendered = path.join(ROOT, '.data', 'k8s-rendered');

  beforeAll(async () => {
    await prepare();
    // Render every top-level and overlay kustomization as a cluster would get it.
    rmSync(rendered, { recursive: true, force: true });
    mkdirSync(rendered, { recursive: true });
    for (const k of kustomizations) {
      const dir = path.dirname(k);
      const name = path.relative(K8S, dir).replaceAll('/', '-') || 'k8s';
      writeFileSync(path.join(rendered, `${name}.yaml`), await kustomizeBuild(dir));
    }
  }, PREPARE_TIMEOUT);

  it('finds every manifest file valid', async () => {
    const result = await kubeconform([K8S]);
    console.log(`k8s/: ${summaryLine(result.summary)}`);
    expect(result.problems.map((p) => `${p.filename}: ${p.kind} ${p.name}: ${p.msg}`)).toEqual([]);
    expect(result.summary.invalid + result.summary.errors).toBe(0);
    expect(result.summary.valid).toBe(manifests.length);
    expect(result.summary.skipped).toBe(kustomizations.length);
  });

  it('finds what every kustomization renders valid, with no Secret and everything in one namespace', async () => {
    const result = await kubeconform([rendered]);
    console.log(`rendered kustomizations: ${summaryLine(result.summary)}`);
    expect(result.problems.map((p) => `${p.filename}: ${p.kind} ${p.name}: ${p.msg}`)).toEqual([]);
    expect(result.summary.invalid + result.summary.errors + result.summary.skipped).toBe(0);
    for (const file of readdirSync(rendered)) {
      const resources = documents(readFileSync(path.join(rendered, file), 'utf8'), file);
      expect(resources.length, file).toBeGreaterThan(0);
      expect(
        resources.filter((r) => r.kind === 'Secret').map((r) => r.metadata.name),
        `${file}: Secrets are created by hand`,
      ).toEqual([]);
      for (const r of resources)
        if (r.kind !== 'Namespace') expect(r.metadata.namespace, `${file}: ${r.kind} ${r.metadata.name}`).toBe('marketplace');
    }
    const full = documents(readFileSync(path.join(rendered, 'k8s.yaml'), 'utf8'), 'k8s.yaml');
    // The full stack deploys every manifest of base/ and datastores/.
    const expected = manifests.filter((m) => /^k8s\/(base|datastores)\//.test(m.file)).map((m) => `${m.kind}/${m.metadata.name}`);
    expect(full.map((r) => `${r.kind}/${r.metadata.name}`).sort()).toEqual(expected.sort());
  });

  it('catches a broken manifest (wrong type, unknown field, missing required field)', async () => {
    const dir = path.join(ROOT, '.data', 'k8s-broken');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const cart = readFileSync(path.join(K8S, 'base', 'cart.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'type.yaml'), cart.replace('replicas: 2', 'replicas: "two"'));
    writeFileSync(path.join(dir, 'unknown.yaml'), cart.replace('readOnlyRootFilesystem: true', 'readOnlyRootFileSystem: true'));
    writeFileSync(path.join(dir, 'required.yaml'), cart.replace('- name: cart\n', '- nam: cart\n'));
    const result = await kubeconform([dir]);
    rmSync(dir, { recursive: true, force: true });
    expect(result.summary.invalid).toBe(3);
    const msgs = result.problems.map((p) => `${path.basename(p.filename)}: ${p.msg}`).join('\n');
    expect(msgs).toMatch(/type\.yaml:.*\/spec\/replicas.*got string, want integer/);
    expect(msgs).toMatch(/unknown\.yaml:.*'readOnlyRootFileSystem' not allowed/);
    expect(msgs).toMatch(/required\.yaml:.*missing property 'name'/);
  });
});

// ---- what the manifests say ---------------------------------------------------------------

describe('k8s manifests describe the system', () => {
  it('have a Deployment and a ClusterIP Service for every process, selecting its pods, on the port compose gives it', () => {
    expect(processes.length).toBeGreaterThan(3);
    for (const name of processes) {
      const d = byName(deployments, name);
      const s = byName(services, name);
      expect(d, `Deployment ${name}`).toBeDefined();
      expect(s, `Service ${name}`).toBeDefined();
      const labels = d!.spec.template.metadata.labels ?? {};
      expect(d!.spec.selector!.matchLabels).toEqual({ 'app.kubernetes.io/name': name });
      for (const [k, v] of Object.entries(s!.spec.selector)) expect(labels[k], `${name}: Service selector ${k}`).toBe(v);
      expect((s!.spec as { type?: string }).type ?? 'ClusterIP').toBe('ClusterIP');
      const port = containerPort(d!);
      expect(s!.spec.ports.map((p) => p.targetPort)).toContain('http');
      if (name === 'web') {
        expect(port).toBe(8080);
      } else {
        expect(String(port)).toBe(compose.services[name]?.environment?.PORT);
        expect(envValue(d!, 'PORT'), `${name}: PORT`).toBe(String(port));
        expect(envValue(d!, 'SERVICE_NAME'), `${name}: SERVICE_NAME`).toBe(name);
        expect(s!.spec.ports[0]!.port).toBe(port);
      }
    }
  });

  it('point the gateway at the Service of every service it routes to, as compose does', () => {
    const gateway = byName(deployments, 'gateway')!;
    const urls = Object.keys(compose.services.gateway!.environment!).filter((k) =>
      processes.includes(k.replace(/_URL$/, '').toLowerCase()),
    );
    expect(urls.length).toBeGreaterThan(3);
    for (const key of urls) {
      const name = key.replace(/_URL$/, '').toLowerCase();
      const s = byName(services, name);
      expect(s, `Service ${name}`).toBeDefined();
      expect(envValue(gateway, key), key).toBe(`http://${name}:${s!.spec.ports[0]!.port}`);
    }
  });

  it('expose only the gateway and the web app through an Ingress', () => {
    const backends = ofKind<{ spec: { rules: { http: { paths: { backend: { service: { name: string } } }[] } }[] } }>('Ingress').flatMap(
      (i) => i.spec.rules.flatMap((r) => r.http.paths.map((p) => p.backend.service.name)),
    );
    expect([...new Set(backends)].sort()).toEqual(['gateway', 'web']);
  });

  it('serve /metrics on a metrics port of its own that no Service or Ingress reaches, scraped from the pod (issue 27 item 9)', () => {
    type Backend = { service: { name: string; port: { name?: string; number?: number } } };
    const ingressPorts = ofKind<{ spec: { rules: { http: { paths: { backend: Backend }[] } }[] } }>('Ingress').flatMap((i) =>
      i.spec.rules.flatMap((r) => r.http.paths.map((p) => p.backend.service.port)),
    );
    for (const port of ingressPorts) expect(port).toEqual({ name: 'http' });
    for (const name of processes.filter((p) => p !== 'web')) {
      const d = byName(deployments, name)!;
      const c = d.spec.template.spec.containers[0]!;
      const metrics = c.ports?.find((p) => p.name === 'metrics')?.containerPort;
      expect(metrics, `${name}: a metrics containerPort`).toBeDefined();
      expect(metrics, `${name}: metrics apart from the API port`).not.toBe(containerPort(d));
      expect(envValue(d, 'METRICS_PORT'), `${name}: METRICS_PORT`).toBe(String(metrics));
      expect(String(metrics), `${name}: as compose`).toBe(compose.services[name]?.environment?.METRICS_PORT);
      // Inside a pod the process listens on every interface; the NetworkPolicies decide who reaches it.
      expect(envValue(d, 'HOST'), `${name}: HOST`).toBe('0.0.0.0');
      const annotations = (d.spec.template.metadata as Meta & { annotations?: Record<string, string> }).annotations ?? {};
      expect(annotations['prometheus.io/port'], `${name}: scrape port`).toBe(String(metrics));
      expect(annotations['prometheus.io/path']).toBe('/metrics');
      const s = byName(services, name)!;
      expect(
        s.spec.ports.map((p) => p.targetPort),
        `${name}: the Service leaves the metrics port out`,
      ).not.toContain('metrics');
      expect(s.spec.ports.map((p) => p.port)).not.toContain(metrics);
    }
    type Policy = { metadata: Meta; spec: { ingress?: { ports?: { port: string | number }[] }[] } };
    const monitoring = ofKind<Policy>('NetworkPolicy').find((p) => p.metadata.name === 'metrics-from-monitoring')!;
    expect(monitoring.spec.ingress!.flatMap((r) => r.ports ?? []).map((p) => p.port)).toEqual(['metrics']);
  });

  it('harden every workload: probes, requests and limits, non-root, read-only root, no escalation, no capabilities', () => {
    expect(workloads.length).toBeGreaterThanOrEqual(processes.length);
    for (const w of workloads) {
      const where = `${w.file}: ${w.kind} ${w.metadata.name}`;
      const pod = w.spec.template.spec;
      expect(pod.automountServiceAccountToken, `${where}: automountServiceAccountToken`).toBe(false);
      // Service links would put e.g. KAFKA_PORT=tcp://… into every pod, which the Kafka image reads as configuration.
      expect(pod.enableServiceLinks, `${where}: enableServiceLinks`).toBe(false);
      expect(pod.securityContext?.runAsNonRoot, `${where}: runAsNonRoot`).toBe(true);
      expect(pod.securityContext?.runAsUser, `${where}: a fixed non-root uid`).toBeGreaterThan(0);
      expect(pod.securityContext?.seccompProfile?.type, `${where}: seccomp`).toBe('RuntimeDefault');
      for (const c of pod.containers) {
        const sc = c.securityContext ?? {};
        expect(sc.allowPrivilegeEscalation, `${where}: allowPrivilegeEscalation`).toBe(false);
        expect(sc.capabilities?.drop, `${where}: capabilities`).toEqual(['ALL']);
        for (const key of ['requests', 'limits'] as const)
          for (const r of ['cpu', 'memory']) expect(c.resources?.[key]?.[r], `${where}: ${key}.${r}`).toBeDefined();
        if (w.kind === 'Job') continue;
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'] as const)
          expect(c[probe], `${where}: ${probe}`).toBeDefined();
        // Only Kafka's and OpenSearch's images write their configuration at start (datastores/*.yaml say why).
        if (w.metadata.name === 'kafka' || w.metadata.name === 'opensearch') continue;
        expect(sc.readOnlyRootFilesystem, `${where}: readOnlyRootFilesystem`).toBe(true);
      }
    }
  });

  it('probe each Node process on /healthz (alive) and /readyz (ready), with a writable /tmp', () => {
    for (const name of processes.filter((p) => p !== 'web')) {
      const d = byName(deployments, name)!;
      const c = d.spec.template.spec.containers[0]!;
      expect(c.livenessProbe?.httpGet?.path, `${name} liveness`).toBe('/healthz');
      expect(c.startupProbe?.httpGet?.path, `${name} startup`).toBe('/healthz');
      expect(c.readinessProbe?.httpGet?.path, `${name} readiness`).toBe('/readyz');
      expect(d.spec.template.spec.securityContext?.runAsUser, `${name}: the node user`).toBe(1000);
      expect(c.image).toBe(`lanka-marketplace/${name}`);
      const tmp = c.volumeMounts?.find((m) => m.mountPath === '/tmp');
      expect(tmp, `${name}: /tmp`).toBeDefined();
      expect(d.spec.template.spec.volumes?.find((v) => v.name === tmp!.name)?.emptyDir, `${name}: /tmp is an emptyDir`).toBeDefined();
      expect(c.envFrom?.map((e) => e.configMapRef?.name)).toContain('marketplace-config');
    }
  });

  it('scale gateway, catalogue and ordering with an HPA on a Deployment that leaves the count to it', () => {
    type Hpa = { apiVersion: string; spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number } };
    const hpas = ofKind<Hpa>('HorizontalPodAutoscaler');
    for (const name of ['gateway', 'catalogue', 'ordering']) {
      const hpa = hpas.find((h) => h.spec.scaleTargetRef.name === name);
      expect(hpa, `HPA for ${name}`).toBeDefined();
      expect(hpa!.apiVersion).toBe('autoscaling/v2');
      expect(hpa!.spec.scaleTargetRef.kind).toBe('Deployment');
      expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa!.spec.maxReplicas).toBeGreaterThan(hpa!.spec.minReplicas);
    }
    for (const hpa of hpas) {
      const d = byName(deployments, hpa.spec.scaleTargetRef.name);
      expect(d, `${hpa.file}: target`).toBeDefined();
      expect(d!.spec.replicas, `${d!.metadata.name}: replicas belong to the HPA`).toBeUndefined();
    }
  });

  it('protect every workload that runs more than one replica with a PodDisruptionBudget', () => {
    type Pdb = { spec: { selector: { matchLabels: Record<string, string> } } };
    const pdbs = ofKind<Pdb>('PodDisruptionBudget');
    const scaled = new Set(
      ofKind<{ spec: { scaleTargetRef: { name: string } } }>('HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name),
    );
    for (const w of workloads.filter((w) => w.kind !== 'Job' && ((w.spec.replicas ?? 1) > 1 || scaled.has(w.metadata.name)))) {
      const labels = w.spec.template.metadata.labels ?? {};
      const pdb = pdbs.find((p) => Object.entries(p.spec.selector.matchLabels).every(([k, v]) => labels[k] === v));
      expect(pdb, `${w.file}: PodDisruptionBudget for ${w.metadata.name}`).toBeDefined();
    }
  });

  it('keep secrets as templates: placeholders only, and every key a workload reads is in the template', () => {
    const secrets = ofKind('Secret');
    expect(secrets.length).toBeGreaterThan(0);
    const placeholder = /^<[^<>]+>$/;
    for (const s of secrets) {
      expect(s.data, `${s.file}: base64 data would hide real values`).toBeUndefined();
      for (const [key, value] of Object.entries(s.stringData ?? {})) expect(value, `${s.file}: ${key}`).toMatch(placeholder);
    }
    // No kustomization deploys a Secret template.
    for (const k of kustomizations) {
      const resources = (parse(readFileSync(k, 'utf8')) as { resources?: string[] }).resources ?? [];
      for (const r of resources) expect(r, path.relative(ROOT, k)).not.toMatch(/secret/i);
    }
    const template = secrets.find((s) => s.metadata.name === 'marketplace-secrets');
    expect(template, 'the marketplace-secrets template').toBeDefined();
    const keys = Object.keys(template!.stringData ?? {});
    const documented = readFileSync(path.join(K8S, 'secret.example.yaml'), 'utf8');
    for (const w of workloads)
      for (const c of w.spec.template.spec.containers)
        for (const e of c.env ?? []) {
          const ref = e.valueFrom?.secretKeyRef;
          if (!ref) continue;
          expect(ref.name, `${w.metadata.name}: ${e.name}`).toBe('marketplace-secrets');
          if (ref.optional) expect(documented, `${w.metadata.name}: optional ${ref.key}`).toContain(ref.key);
          else expect(keys, `${w.metadata.name}: ${ref.key}`).toContain(ref.key);
        }
  });

  it('run production with a Secure session cookie and without the sandbox payment provider; only the dev overlay allows them', () => {
    const config = ofKind('ConfigMap').find((c) => c.metadata.name === 'marketplace-config')!.data ?? {};
    expect(config.NODE_ENV).toBe('production');
    expect(config.COOKIE_SECURE).toBe('true');
    expect(config.PAYMENT_SANDBOX_IN_PRODUCTION).toBe('false');
    const dev = readFileSync(path.join(K8S, 'overlays', 'dev', 'kustomization.yaml'), 'utf8');
    expect(dev).toContain("{ op: replace, path: /data/PAYMENT_SANDBOX_IN_PRODUCTION, value: 'true' }");
  });

  it('list every manifest file in its kustomization', () => {
    for (const k of kustomizations) {
      const dir = path.dirname(k);
      const listed = (parse(readFileSync(k, 'utf8')) as { resources?: string[] }).resources ?? [];
      const local = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml' && !/secret/.test(f));
      for (const f of local) expect(listed, `${path.relative(ROOT, k)} lists ${f}`).toContain(f);
      for (const r of listed) expect(existsSync(path.join(dir, r)), `${path.relative(ROOT, k)}: ${r}`).toBe(true);
    }
  });
});
