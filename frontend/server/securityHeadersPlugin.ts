/**
 * The Vite side of the web app's security headers (issue 27 item 4; the policy is
 * ./securityHeaders.ts):
 * - `vite build` hashes the inline scripts and styles of the finished index.html and writes
 *   `dist/security-headers.json` (the policy's inputs, read by the web server, ./webServer.ts, and
 *   by `vite preview`);
 * - `vite preview` (`npm run preview -w frontend`; `npm start` runs the web server) sends the
 *   headers on every answer, and answers every page with
 *   index.html carrying a nonce of its own in place of the build's placeholder.
 * The dev server (`npm run dev`) sends none: its inline scripts (React refresh) and <style> tags
 * are Vite's own and change with every edit.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Plugin } from 'vite';
import { NONCE_PLACEHOLDER, POLICY_FILE, policyInputs, securityHeaders, type PolicyInputs } from './securityHeaders';

/** The nonce the pre-middleware chose for a request, for the page answer further down. */
const nonces = new WeakMap<IncomingMessage, string>();

/**
 * @param gatewayUrl - the gateway the build calls (VITE_API_URL), for connect-src and img-src
 */
export function securityHeadersPlugin(gatewayUrl: string): Plugin {
  return {
    name: 'security-headers',
    enforce: 'post',
    generateBundle: {
      // After Vite's HTML plugin has emitted index.html with every tag in it.
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return this.error('security headers: no index.html in the bundle');
        const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
        const inputs = policyInputs(html, gatewayUrl);
        this.emitFile({ type: 'asset', fileName: POLICY_FILE, source: `${JSON.stringify(inputs, null, 2)}\n` });
      },
    },
    configurePreviewServer(server) {
      const dist = path.resolve(server.config.root, server.config.build.outDir);
      const policyFile = path.join(dist, POLICY_FILE);
      // A build from before the headers: refuse to serve it without them.
      if (!existsSync(policyFile)) throw new Error(`${policyFile} is missing: build the web app again (npm run build -w frontend)`);
      // Read per request, so a rebuild under a running preview serves its own hashes.
      const inputs = () => JSON.parse(readFileSync(policyFile, 'utf8')) as PolicyInputs;

      // Before Vite's own middlewares: every answer gets the headers (the policy with this
      // request's nonce; it only matters on pages). http://127.0.0.1 only, hence no HSTS.
      server.middlewares.use((req, res, next) => {
        const nonce = randomBytes(16).toString('base64');
        nonces.set(req, nonce);
        for (const [name, value] of Object.entries(securityHeaders(inputs(), { styleNonce: nonce, production: false })))
          res.setHeader(name, value);
        // index.html asked for by name is a page like any other (served below), not a static file
        // with the placeholder in it.
        const url = new URL(req.url ?? '/', 'http://preview');
        if (url.pathname === '/index.html') req.url = `/${url.search}`;
        next();
      });

      // After Vite's SPA fallback, which has turned every page's address into /index.html, and
      // its compression: the page with this answer's nonce. No ETag or Last-Modified: a 304 would
      // bring back a body whose nonce is older than the new answer's policy.
      return () => {
        server.middlewares.use((req, res, next) => {
          const nonce = nonces.get(req);
          if (
            !nonce ||
            (req.method !== 'GET' && req.method !== 'HEAD') ||
            new URL(req.url ?? '/', 'http://preview').pathname !== '/index.html'
          )
            return next();
          const html = readFileSync(path.join(dist, 'index.html'), 'utf8').replaceAll(NONCE_PLACEHOLDER, nonce);
          res.statusCode = 200;
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(req.method === 'HEAD' ? undefined : html);
        });
      };
    },
  };
}
