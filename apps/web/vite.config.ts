/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderLoginPlugin } from './prerender-login-plugin.ts';

const require = createRequire(import.meta.url);
// react-router's export map only offers its development build (with dev-only warnings); the
// production build sits beside it and saves a noticeable part of the login page's budget.
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ mode }) => ({
  plugins: [react(), prerenderLoginPlugin()],
  resolve: {
    alias: mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  server: {
    port: 5173,
    // The API of `npm run dev -w apps/api`; point elsewhere with API_PROXY_TARGET.
    proxy: { '/api': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The manifest lets the bundle-budget check walk exactly what a route loads, and names the
    // source of each chunk (the file names are bare hashes).
    manifest: true,
    // No polyfill in the entry chunk: a browser without <link rel="modulepreload"> (Safari before 17)
    // loads the same files, only without the head start.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        // Bare hashes: the entry chunk lists every chunk a lazy route preloads, and the names of 300
        // chunks cost the login route 1.5 KB of gzipped JavaScript. The manifest maps them back.
        chunkFileNames: 'assets/[hash].js',
        // Left to itself, Rollup puts zod in the entry chunk because nearly every lazy page uses it;
        // the login route loads without it (see src/lib/plain-checks.ts), so it is a chunk of its own.
        manualChunks: (id) => (/[\\/]node_modules[\\/]zod[\\/]/.test(id) ? 'zod' : undefined),
      },
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    restoreMocks: true,
    // The first render of an antd table in jsdom takes seconds on a busy 2-core machine; the default
    // 5 s made that test fail under load without anything being wrong.
    testTimeout: 20_000,
  },
}));
