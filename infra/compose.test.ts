/**
 * docker-compose.yml must really describe the system: it cannot be run here (no Docker
 * engine), so this checks it against the repository: every service process and the gateway and
 * web app are in it, each waits for what it needs to be healthy, each has a health check and a
 * memory limit, Redis runs with noeviction, and each built process names a folder that exists;
 * the file is valid against the Compose Specification's JSON schema (infra/composeSchema.ts), and
 * service images get production dependencies only, installed from the lock file with
 * `npm ci` on a supported Node, and run the compiled bundles of scripts/build-services.ts.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BACKEND_ENTRIES } from '../scripts/build-services';
import { composeValidator } from './composeSchema';

const ROOT = path.resolve(__dirname, '..');

interface ComposeService {
  image?: string;
  build?: { context: string; target: string; args?: Record<string, string> };
  command?: string[];
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
  deploy?: { resources?: { limits?: { memory?: string } } };
}

const readCompose = () =>
  parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
const compose = readCompose();
const services = compose.services;

describe('docker-compose.yml', () => {
  it('runs every service of the repository, the gateway, the web app and the infrastructure', () => {
    const folders = readdirSync(path.join(ROOT, 'services'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(path.join(ROOT, 'services', d.name, 'src', 'main.ts')))
      .map((d) => d.name);
    expect(folders.length).toBeGreaterThan(0);
    for (const name of [...folders, 'gateway', 'web', 'mongo', 'kafka', 'redis', 'maildev']) expect(Object.keys(services)).toContain(name);
  });

  it('installs every workspace in the Dockerfile dependency stage', () => {
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const workspaces = [
      'gateway',
      'frontend',
      ...['packages', 'services'].flatMap((d) => readdirSync(path.join(ROOT, d)).map((n) => `${d}/${n}`)),
    ].filter((w) => existsSync(path.join(ROOT, w, 'package.json')));
    for (const w of workspaces) expect(dockerfile, w).toContain(`COPY ${w}/package.json ${w}/`);
  });

  it('builds each process from a folder that exists', () => {
    for (const [name, s] of Object.entries(services)) {
      if (!s.build) continue;
      if (s.build.target === 'service') {
        const dir = s.build.args?.SERVICE ?? '';
        expect(existsSync(path.join(ROOT, dir, 'src', 'main.ts')), `${name}: ${dir}/src/main.ts`).toBe(true);
      }
    }
  });

  it('gives everything a health check and a memory limit, and starts nothing before its dependencies are healthy', () => {
    for (const [name, s] of Object.entries(services)) {
      expect(s.healthcheck, `${name} health check`).toBeDefined();
      expect(s.deploy?.resources?.limits?.memory, `${name} memory limit`).toMatch(/^\d+[mg]$/);
      for (const [dep, how] of Object.entries(s.depends_on ?? {})) {
        expect(Object.keys(services), `${name} depends on ${dep}`).toContain(dep);
        expect(how.condition, `${name} → ${dep}`).toBe('service_healthy');
      }
    }
  });

  it('points the gateway at every service it routes to and runs Redis with noeviction', () => {
    const gw = services.gateway!.environment ?? {};
    for (const name of Object.keys(services).filter((n) => services[n]!.build?.args?.SERVICE?.startsWith('services/'))) {
      if (name === 'notifications') continue; // a worker, not behind the gateway
      expect(gw[`${name.toUpperCase()}_URL`], `gateway → ${name}`).toBe(`http://${name}:${services[name]!.environment!.PORT}`);
    }
    expect(services.redis!.command).toEqual(expect.arrayContaining(['--maxmemory-policy', 'noeviction', '--appendonly', 'yes']));
    expect(services.mongo!.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
  });

  it("takes every key and the admin password from the installation's secret files, never from a value in the file", () => {
    const top = (
      parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
        secrets: Record<string, { file: string }>;
      }
    ).secrets;
    for (const secret of Object.values(top)) expect(secret.file).toMatch(/^\.\/\.data\/secrets\/[A-Z_]+$/);
    for (const [name, s] of Object.entries(services)) {
      const env = s.environment ?? {};
      for (const key of Object.keys(env)) expect(key, `${name}: ${key} given as a value`).not.toMatch(/_SECRET$|^ADMIN_PASSWORD$/);
      for (const [key, file] of Object.entries(env).filter(([k]) => k.endsWith('_FILE'))) {
        const secret = /^\/run\/secrets\/(\w+)$/.exec(file)?.[1];
        expect(secret, `${name}: ${key}`).toBeDefined();
        expect(top[secret!], `${name}: ${key} → a declared secret`).toBeDefined();
        expect((s as { secrets?: string[] }).secrets ?? [], `${name} mounts ${secret}`).toContain(secret);
      }
    }
    expect(services.identity!.environment!.COOKIE_SECURE).toBe('true');
  });

  it('is valid against the Compose Specification schema, which refuses a broken copy', { timeout: 180_000 }, async () => {
    const validate = await composeValidator();
    const problems = validate(readCompose()).map((e) => `${e.instancePath} ${e.message}`);
    expect(problems).toEqual([]);

    const broken = readCompose() as unknown as { services: Record<string, Record<string, unknown>> };
    broken.services.gateway!.depends_on = { identity: { condition: 'service_up' } };
    broken.services.web!.restart_policy = 'always';
    const paths = validate(broken).map((e) => e.instancePath);
    expect(paths).toEqual(expect.arrayContaining(['/services/gateway/depends_on/identity/condition', '/services/web']));
  });

  it('gives service images production dependencies only, nested workspace packages included', () => {
    const service = dockerStage('service');
    const from = /COPY --from=(\S+) \/app \.\//.exec(service)?.[1];
    expect(from, 'the service stage copies all of /app from a dependency stage').toBeDefined();
    const install = dockerStage(from!);
    expect(install).toMatch(/npm ci --omit=dev/);
    for (const [name, s] of Object.entries(services)) {
      const dir = s.build?.target === 'service' ? s.build.args?.SERVICE : undefined;
      if (dir) expect(install, `${name}: -w ${dir}`).toContain(`-w ${dir}`);
    }
    expect(install).not.toContain('-w frontend');
    const platform = JSON.parse(readFileSync(path.join(ROOT, 'packages/platform/package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(platform.dependencies.tsx, 'production processes run compiled JavaScript, not tsx').toBeUndefined();
  });

  it('installs only from the lock file, on a Node release of 24 or later', () => {
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).not.toMatch(/npm install/);
    const image = /^ARG NODE_IMAGE=node:(\d+)[.\d]*-\S+$/m.exec(dockerfile);
    expect(image, 'ARG NODE_IMAGE=node:<version>-<variant>').not.toBeNull();
    expect(Number(image![1])).toBeGreaterThanOrEqual(24);
    const pinned = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> })
      .devDependencies.node;
    expect(pinned?.split('.')[0], 'the image runs the Node major that package.json pins').toBe(image![1]);
  });

  it('runs each service image on its compiled bundle, and compiles every process compose runs', () => {
    expect(dockerStage('service')).toMatch(/node --enable-source-maps \\?"\$SERVICE_DIR\/dist\/main\.js\\?"/);
    expect(dockerStage('build')).toMatch(/npm run build:services/);
    const compiled = BACKEND_ENTRIES.filter((e) => e.name === 'main').map((e) => e.workspace);
    for (const [name, s] of Object.entries(services)) {
      const dir = s.build?.target === 'service' ? s.build.args?.SERVICE : undefined;
      if (dir) expect(compiled, `${name}: scripts/build-services.ts compiles ${dir}`).toContain(dir);
    }
  });
});

/** The text of one stage of the Dockerfile, from after `FROM` to the next `FROM`. */
function dockerStage(name: string): string {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  return dockerfile.split(/^FROM /m).find((s) => new RegExp(`^\\S+ AS ${name}\\s`).test(s)) ?? '';
}
