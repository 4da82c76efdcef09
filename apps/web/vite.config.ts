import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest } from './src/features/pwa/manifest.ts';
import { chunkStats } from './scripts/chunk-stats-plugin.mjs';

// Where `vite` (dev) and `vite preview` send API calls; override to reach a server elsewhere.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';
const proxy = Object.fromEntries(
  ['/_headless', '/api', '/healthz'].map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }]),
);

export default defineConfig({
  // The router plugin must run before react so it can split route files first.
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader goes with its component, into the chunk loaded when the route is shown,
      // so the entry does not carry every page's API calls and their response schemas (ADR 0055).
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    // Our own worker (src/features/pwa/service-worker/sw.ts) with the precache list written in;
    // the page registers it and asks before an update takes over.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/features/pwa/service-worker',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: pwaManifest,
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'], rollupFormat: 'iife' },
      devOptions: { enabled: false },
    }),
    // What each chunk holds, for the bundle-size check in `npm test` (scripts/bundle-size.mjs).
    chunkStats({ file: 'build-stats/chunks.json' }),
  ],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are for error reporting uploads, not linked from the shipped files.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        // One framework chunk (React and TanStack Router/Query) instead of many small ones: fewer
        // requests and less gzip on the first page (ADR 0055).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store|query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
  },
});
