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
        // Libraries in their own long-cached chunks, so an app release does not re-download them.
        manualChunks(id: string) {
          if (!id.includes('/node_modules/')) return undefined;
          if (/\/node_modules\/(react|react-dom|react-router|react-router-dom|scheduler)\//.test(id)) return 'react';
          if (/\/node_modules\/@(mantine|tabler|floating-ui)\//.test(id)) return 'mantine';
          return 'vendor';
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
