/**
 * Vite build of the web app, and its unit-test project (vitest, jsdom). The app is served on
 * its own origin (:3000) and calls the gateway (`VITE_API_URL`, default http://localhost:8070)
 * with credentials (docs/architecture.md, Shape). Its security headers (issue 27 item 4) come from
 * server/securityHeaders.ts, through server/securityHeadersPlugin.ts.
 */
import react from '@vitejs/plugin-react';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { NONCE_PLACEHOLDER } from './server/securityHeaders';
import { securityHeadersPlugin } from './server/securityHeadersPlugin';
import { ROUTE_PAGES, SSR_DIR } from './server/routePages';

/**
 * Mantine's ScrollArea (also inside Table.ScrollContainer, Select's dropdown and Modal) imports
 * only `useMergeRefs` from @floating-ui/react, and that one import puts the whole of floating-ui
 * (about 15 KiB gzip) in every page that scrolls a table. The same hook from @mantine/hooks
 * (`useMergedRef`, refs as arguments instead of an array) does the same; pages with popovers
 * still load floating-ui for those.
 */
const scrollAreaWithoutFloatingUi: Plugin = {
  name: 'scroll-area-without-floating-ui',
  enforce: 'pre',
  transform(code: string, id: string) {
    if (!id.includes('/@mantine/core/esm/components/ScrollArea/ScrollArea.mjs')) return null;
    const from = "import { useMergeRefs } from '@floating-ui/react';";
    if (!code.includes(from)) {
      this.warn('ScrollArea no longer imports useMergeRefs from @floating-ui/react as expected: left as it is');
      return null;
    }
    return code.replace(from, "import { useMergedRef } from '@mantine/hooks';\nconst useMergeRefs = (refs) => useMergedRef(...refs);");
  },
};

/**
 * `npm start` serves the build with `vite preview`, which compresses (gzip/brotli) but sends every
 * file with `Cache-Control: no-cache`, so a returning shopper revalidates each script. The files
 * under /assets/ carry a content hash in their names: they may be kept for a year unchanged.
 * (sirv passes its headers to writeHead, where they win over setHeader, hence the wrapper.)
 */
const longCacheForHashedAssets: Plugin = {
  name: 'long-cache-for-hashed-assets',
  configurePreviewServer(server) {
    server.middlewares.use((req, res, next) => {
      if (req.url?.startsWith('/assets/')) {
        const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
        res.writeHead = ((status: number, ...rest: unknown[]) => {
          for (const arg of rest)
            if (arg && typeof arg === 'object' && !Array.isArray(arg)) (arg as Record<string, string>)['Cache-Control'] = IMMUTABLE;
          if (status === 200) res.setHeader('Cache-Control', IMMUTABLE);
          return writeHead(status, ...rest);
        }) as typeof res.writeHead;
      }
      next();
    });
  },
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Adds to index.html, before anything else in <head>, a script that modulepreloads the current
 * path's page chunks (ROUTE_PAGES).
 *
 * On a page the server rendered (server/webServer.ts marks it `<html data-rendered>` and takes the
 * app's `<script type="module">` and modulepreloads out of it) the same script loads the app once
 * the page has shown its content: after the load event (its stylesheets and first pictures are in)
 * and its first contentful paint (a `paint` PerformanceObserver, whose entries carry the time the
 * frame was presented; {@link APP_AFTER_LOAD_MS} after load at the latest, e.g. in a background tab
 * that does not paint), it fires `market:app` (index.html then asks for `me`), preloads the entry's
 * chunks and the page's and adds the entry script. The page reads and shows without JavaScript; its
 * stylesheet and first pictures have the link and the main thread to themselves (issue 32, Speed:
 * on a slow phone link the app's 170 KiB of script and the hydration came before the first paint,
 * Lighthouse LCP about 3 s).
 */
const APP_AFTER_LOAD_MS = 3000;
const preloadRoutePages: Plugin = {
  name: 'preload-route-pages',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const bundle = ctx.bundle;
      if (!bundle) return undefined;
      const closure = (file: string, into: Set<string>) => {
        const chunk = bundle[file];
        if (into.has(file) || chunk?.type !== 'chunk') return;
        into.add(file);
        for (const imported of chunk.imports) closure(imported, into);
      };
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      const first = new Set<string>();
      for (const entry of chunks.filter((c) => c.isEntry)) closure(entry.fileName, first);
      const routes: [string, string[]][] = [];
      for (const [path, page] of ROUTE_PAGES) {
        const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId?.endsWith(`/frontend/${page}`));
        if (!chunk) {
          this.warn(`no chunk for ${page}: its routes are not preloaded`);
          continue;
        }
        const files = new Set<string>();
        closure(chunk.fileName, files);
        routes.push([path.source, [...files].filter((f) => !first.has(f)).map((f) => `/${f}`)]);
      }
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('no entry chunk for index.html: the rendered pages could not load the app');
      const entryImports = [...first].filter((f) => f !== entry.fileName).map((f) => `/${f}`);
      const script =
        `(function () { var path = location.pathname.toLowerCase(), routes = ${JSON.stringify(routes)};` +
        " function preload(href) { var link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href; document.head.appendChild(link); }" +
        ' function pageChunks() { for (var i = 0; i < routes.length; i++) if (new RegExp(routes[i][0]).test(path)) return routes[i][1].forEach(preload); }' +
        " if (!document.documentElement.hasAttribute('data-rendered')) return pageChunks();" +
        ' var loaded = false, painted = false, started = false;' +
        ' function loadApp() { if (started || !loaded || !painted) return; started = true; setTimeout(function () {' +
        " dispatchEvent(new Event('market:app'));" +
        ` ${JSON.stringify(entryImports)}.forEach(preload); pageChunks();` +
        ` var script = document.createElement('script'); script.type = 'module'; script.crossOrigin = ''; script.src = ${JSON.stringify(`/${entry.fileName}`)};` +
        ' document.head.appendChild(script); }, 0); }' +
        ` addEventListener('load', function () { loaded = true; loadApp(); setTimeout(function () { painted = true; loadApp(); }, ${APP_AFTER_LOAD_MS}); });` +
        " try { new PerformanceObserver(function (list, observer) { if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); painted = true; loadApp(); } })" +
        ".observe({ type: 'paint', buffered: true }); } catch (e) { painted = true; } })();";
      // First in <head>: an inline script after the stylesheet waits for it to download (a script
      // may read styles), which held these preloads back until the CSS was in (Chromium's request
      // log: the page chunks went out at 94 ms, after the CSS, instead of with the document).
      return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
    },
  },
};

/**
 * After the browser's build, the server-rendering bundle (issue 32 item 2): src/entry-server.tsx
 * into `<outDir>/.ssr/entry-server.mjs` (server/webServer.ts imports it), every dependency bundled in,
 * so the server needs no node_modules. One `vite build` makes both, so every way of building the app
 * (npm run build, the e2e builds into E2E_WEB_DIST, the image) gives a server-renderable build.
 */
function ssrBundle(): Plugin {
  let outDir = '';
  let configFile: string | undefined;
  return {
    name: 'ssr-bundle',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
    },
    async closeBundle() {
      const { build } = await import('vite');
      await build({
        configFile,
        logLevel: 'warn',
        build: {
          ssr: 'src/entry-server.tsx',
          outDir: path.join(outDir, SSR_DIR),
          emptyOutDir: true,
          sourcemap: true,
          copyPublicDir: false,
          manifest: false,
          rollupOptions: { output: { entryFileNames: 'entry-server.mjs', inlineDynamicImports: true } },
        },
      });
      // The server's process (server/main.ts) with Express and the rest bundled in; CommonJS
      // dependencies inside an ES module need a `require`.
      const esbuild = await import('esbuild');
      await esbuild.build({
        entryPoints: [path.resolve(__dirname, 'server', 'main.ts')],
        outfile: path.join(outDir, SSR_DIR, 'server.mjs'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
        logLevel: 'warning',
      });
    },
  };
}

/** The gateway the build calls when the page is not told another (src/api/client.ts, API_URL). */
const GATEWAY_URL = process.env.VITE_API_URL ?? 'http://localhost:8070';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), scrollAreaWithoutFloatingUi]
    : [
        react(),
        scrollAreaWithoutFloatingUi,
        longCacheForHashedAssets,
        preloadRoutePages,
        // index.html's early `me` preload needs the same gateway address as the app.
        { name: 'gateway-url-in-html', transformIndexHtml: (html: string) => html.replace('%GATEWAY_URL%', GATEWAY_URL) },
        // Last: hashes the finished index.html's inline scripts (dist/security-headers.*) and sends the headers under `vite preview`.
        securityHeadersPlugin(GATEWAY_URL),
        ssrBundle(),
      ],
  // The server bundle carries its dependencies (the image runs it without node_modules).
  ssr: { noExternal: true, target: 'node' },
  // Puts <meta property="csp-nonce" nonce="…"> (read by src/main.tsx for Mantine's <style> tags)
  // and the same nonce on the built tags; each server writes a fresh nonce there per answer.
  html: { cspNonce: NONCE_PLACEHOLDER },
  server: { port: 3000, strictPort: true, host: '127.0.0.1' },
  preview: { port: 3000, strictPort: true, host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // .vite/manifest.json: the web server links a rendered page's stylesheets from it.
    manifest: true,
    rollupOptions: {
      output: {
        // React and the router in their own long-cached chunk, so an app release does not
        // re-download them. Other libraries go where Rollup puts them: a single 'mantine' or
        // 'vendor' chunk would load every component any lazily loaded page uses (seller, admin)
        // on the shopper's first page.
        manualChunks: isSsrBuild
          ? undefined
          : (id: string) => {
              if (/\/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
              return undefined;
            },
      },
    },
  },
  test: {
    name: 'frontend',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
    css: false,
    // Above the 5 s that findBy* may wait (src/test-setup.ts): a page test with several steps on a
    // loaded machine is slow, not failing.
    testTimeout: 20_000,
  },
}));
