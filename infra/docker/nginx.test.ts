/**
 * The production image's nginx (infra/docker/nginx.conf, the Dockerfile's `web` stage) sends the
 * security headers of issue 27 item 4 that the web build generates (`security-headers.conf`,
 * frontend/server/securityHeaders.ts): on every answer of every location (an `add_header` in a
 * location drops the server's), with a fresh style nonce substituted into each HTML answer.
 *
 * The first tests read the files; the last runs the real config in Debian's nginx
 * (`apt-get install nginx`) over a small dist and skips, saying so, where there is no nginx.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NGINX_SNIPPET_FILE, nginxSnippet, NONCE_PLACEHOLDER, policyInputs } from '../../frontend/server/securityHeaders';
import { freePort, waitFor } from '@market/platform/testing';

const ROOT = path.resolve(__dirname, '..', '..');
const conf = readFileSync(path.join(ROOT, 'infra', 'docker', 'nginx.conf'), 'utf8');

/** Each `location … { … }` block of the config: its match and its body. */
function locations(text: string): { match: string; body: string }[] {
  return [...text.matchAll(/^\s*location\s+([^{]+)\{([^}]*)\}/gm)].map((m) => ({ match: m[1]!.trim(), body: m[2]! }));
}

/** The text of the Dockerfile's `web` stage. */
function webStage(): string {
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  return /^FROM [^\n]* AS web\n([\s\S]*?)(?=^FROM |$(?![\s\S]))/m.exec(dockerfile)?.[1] ?? '';
}

describe('infra/docker/nginx.conf', () => {
  it('includes the generated security headers in every location', () => {
    const blocks = locations(conf);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(block.body, `location ${block.match}`).toContain(`include ${NGINX_SNIPPET_FILE};`);
  });

  it('puts a fresh nonce into index.html and keeps no validator of it', () => {
    const html = locations(conf).find((b) => b.match === '= /index.html');
    expect(html).toBeDefined();
    expect(html!.body).toContain(`sub_filter '${NONCE_PLACEHOLDER}' '$request_id';`);
    expect(html!.body).toMatch(/sub_filter_once off;/);
    expect(html!.body).toMatch(/etag off;/);
  });

  it('is installed by the image with the snippet beside it (include resolves against /etc/nginx)', () => {
    const stage = webStage();
    expect(stage).toContain('COPY infra/docker/nginx.conf /etc/nginx/conf.d/default.conf');
    expect(stage).toMatch(
      new RegExp(
        `COPY --from=web-build \\S*${NGINX_SNIPPET_FILE.replace('.', '\\.')} /etc/nginx/${NGINX_SNIPPET_FILE.replace('.', '\\.')}`,
      ),
    );
  });
});

const nginx = spawnSync('nginx', ['-v']).error ? undefined : 'nginx';

describe.skipIf(!nginx)('the config in a real nginx', () => {
  it('serves every answer with the headers and each HTML answer with its own nonce', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-web-'));
    try {
      // A dist as the web build leaves it: index.html with an inline script and the nonce placeholder, a hashed asset.
      const dist = path.join(dir, 'html');
      mkdirSync(path.join(dist, 'assets'), { recursive: true });
      const script = "document.documentElement.dataset.ok = 'yes';";
      const html = `<!doctype html><html><head><script>${script}</script><meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}"><script type="module" nonce="${NONCE_PLACEHOLDER}" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`;
      writeFileSync(path.join(dist, 'index.html'), html);
      writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'export {};\n');
      writeFileSync(path.join(dir, NGINX_SNIPPET_FILE), nginxSnippet(policyInputs(html, 'https://api.marketplace.lk')));
      // The project's server block as the image has it, on a free port and this dist.
      const port = await freePort();
      const server = conf.replace(/listen 8080;/, `listen 127.0.0.1:${port};`).replace('root /usr/share/nginx/html;', `root ${dist};`);
      expect(server).toContain(`root ${dist};`);
      writeFileSync(path.join(dir, 'default.conf'), server);
      writeFileSync(
        path.join(dir, 'nginx.conf'),
        [
          'daemon off;',
          'worker_processes 1;',
          `pid ${dir}/nginx.pid;`,
          `error_log ${dir}/error.log warn;`,
          'events { worker_connections 64; }',
          'http {',
          '  types { text/html html; application/javascript js; }',
          '  access_log off;',
          ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
          '  include default.conf;',
          '}',
        ].join('\n'),
      );
      // Workers run as nobody when the tests run as root.
      for (const p of [dir, dist, path.join(dist, 'assets')]) chmodSync(p, 0o755);

      const args = ['-e', 'stderr', '-p', dir, '-c', path.join(dir, 'nginx.conf')];
      const test = spawnSync(nginx!, ['-t', ...args], { encoding: 'utf8' });
      expect(test.status, test.stderr).toBe(0);
      const child = spawn(nginx!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      try {
        const base = `http://127.0.0.1:${port}`;
        await waitFor(async () => (await fetch(`${base}/assets/index-abc.js`)).ok, 10_000, 100, `nginx (${stderr})`);
        const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
        const nonces = new Set<string>();
        for (const route of ['/', '/index.html', '/Admin/Dashboard', '/Customer/ItemDetails/abc']) {
          const res = await fetch(`${base}${route}`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
          expect(res.status, route).toBe(200);
          const body = await res.text();
          expect(body).not.toContain(NONCE_PLACEHOLDER);
          const nonce = /property="csp-nonce" nonce="([0-9a-f]{32})"/.exec(body)?.[1];
          expect(nonce, route).toBeDefined();
          nonces.add(nonce!);
          const csp = res.headers.get('content-security-policy') ?? '';
          expect(csp).toContain(`script-src 'self' ${hash};`);
          expect(csp).toContain(`style-src 'self' 'nonce-${nonce}';`);
          expect(csp).toContain("frame-ancestors 'none'");
          expect(csp).toContain("connect-src 'self' https://api.marketplace.lk;");
          expect(res.headers.get('x-content-type-options')).toBe('nosniff');
          expect(res.headers.get('x-frame-options')).toBe('DENY');
          expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
          expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
          expect(res.headers.get('cache-control')).toBe('no-cache');
          expect(res.headers.get('etag')).toBeNull();
          expect(res.headers.get('last-modified')).toBeNull();
        }
        expect(nonces.size).toBe(4);
        const asset = await fetch(`${base}/assets/index-abc.js`);
        expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
        expect(asset.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      } finally {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
