/**
 * Vite build of the web app, and its unit-test project (vitest, jsdom). The app is served on
 * its own origin (:3000) and calls the gateway (`VITE_API_URL`, default http://localhost:8070)
 * with credentials (docs/architecture.md, Shape).
 */
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

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

/** The gateway the build calls when the page is not told another (src/api/client.ts, API_URL). */
const GATEWAY_URL = process.env.VITE_API_URL ?? 'http://localhost:8070';

export default defineConfig({
  plugins: [
    react(),
    scrollAreaWithoutFloatingUi,
    longCacheForHashedAssets,
    // index.html's early `me` preload needs the same gateway address as the app.
    { name: 'gateway-url-in-html', transformIndexHtml: (html: string) => html.replace('%GATEWAY_URL%', GATEWAY_URL) },
  ],
  server: { port: 3000, strictPort: true, host: '127.0.0.1' },
  preview: { port: 3000, strictPort: true, host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      output: {
        // React and the router in their own long-cached chunk, so an app release does not
        // re-download them. Other libraries go where Rollup puts them: a single 'mantine' or
        // 'vendor' chunk would load every component any lazily loaded page uses (seller, admin)
        // on the shopper's first page.
        manualChunks(id: string) {
          if (/\/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  test: {
    name: 'frontend',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    css: false,
  },
});
