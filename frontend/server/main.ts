/**
 * The web server's process (server/webServer.ts): under `npm start` (scripts/start.ts) and in the
 * `web` image (Dockerfile). The build bundles it with its dependencies into
 * `<dist>/.ssr/server.mjs` (vite.config.ts), so it runs with Node alone: `node dist/.ssr/server.mjs`.
 *
 * Settings (environment):
 * - PORT (3000), HOST (127.0.0.1; 0.0.0.0 in the image);
 * - WEB_DIST: the web build (default: the directory above this file's, i.e. the build it came with);
 * - API_URL: the gateway as browsers reach it (default: the build's VITE_API_URL);
 * - INTERNAL_API_URL: the gateway as this server reaches it, when that differs (a cluster's service name);
 * - SITE_URL: the public origin for canonical links and the sitemap (default: each request's Host);
 * - NODE_ENV=production: sends HSTS (served over https behind the ingress);
 * - RENDER_CACHE_MS: how long a rendered page is kept (30000; 0: rendered per request, bench/web.ts).
 * Stops on SIGTERM and SIGINT after the answers in progress (a rolling update's replica).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWebServer } from './webServer.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(process.env.WEB_DIST ?? path.resolve(here, '..'));
const port = Number(process.env.PORT ?? 3000);

startWebServer({
  dist,
  port,
  host: process.env.HOST ?? '127.0.0.1',
  apiUrl: process.env.API_URL || undefined,
  internalApiUrl: process.env.INTERNAL_API_URL || undefined,
  siteUrl: process.env.SITE_URL || undefined,
  production: process.env.NODE_ENV === 'production',
  renderCacheMs: process.env.RENDER_CACHE_MS ? Number(process.env.RENDER_CACHE_MS) : undefined,
}).then(
  (server) => {
    console.log(`web: serving ${dist} on ${server.url}`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
