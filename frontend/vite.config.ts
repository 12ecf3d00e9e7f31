/**
 * Vite build of the web app, and its unit-test project (vitest, jsdom). The app is served on
 * its own origin (:3000) and calls the gateway (`VITE_API_URL`, default http://localhost:8070)
 * with credentials (DESIGN.md section 1).
 */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
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
        // on the shopper's first page (issue 15).
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
