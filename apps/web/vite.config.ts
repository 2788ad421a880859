/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const require = createRequire(import.meta.url);
// react-router's export map only offers its development build (with dev-only warnings); the
// production build sits beside it and saves a noticeable part of the login page's budget.
const reactRouterProduction = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ mode }) => ({
  plugins: [react()],
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
    // The manifest lets the bundle-budget check walk exactly what a route loads.
    manifest: true,
    chunkSizeWarningLimit: 700,
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
