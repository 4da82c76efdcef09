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

// The chunks the first page loads (ADR 0055). React and TanStack Router make one framework chunk,
// less the parts only signed-in pages use; the entry's own modules stay in the entry; the login
// page's forms and WebAuthn helpers make one chunk instead of a dozen small ones (each file
// gzipped alone costs more than the same code in one file).
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack[\\/](react-router|router-core|history|store|react-store|react-query))[\\/]/;
const SIGNED_IN_ONLY_FRAMEWORK = /useBlocker\.js$/;
// React Query is loaded when a page first needs it (src/lib/query-client-loader.ts): the login
// page paints without it. Only its React contexts and `queryOptions` stay in the framework chunk;
// the client, its caches and the hooks make one chunk the other pages load.
const REACT_QUERY = /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;
const REACT_QUERY_AT_FIRST_PAINT =
  /react-query[\\/].*[\\/](QueryClientProvider|QueryErrorResetBoundary|queryOptions)\.js$/;
const FORM_FIELDS = /src[\\/](components[\\/]ui[\\/]text-field|lib[\\/]form-errors)\.tsx?$/;
const LOGIN_PAGE =
  /src[\\/](features[\\/]auth[\\/](api[\\/](login|passkey-login|provider-redirect|get-auth-config)|hooks[\\/](use-passkey-autofill|use-auth-form)|components[\\/](login-form|passkey-login-button|social-login-buttons|auth-form|flow-messages))|lib[\\/](webauthn|passkey-reach|safe-redirect)|components[\\/](layout[\\/]auth-card|ui[\\/](password-field|passkeys-unavailable))|routes[\\/]-components[\\/]use-flow-navigation|hooks[\\/]use-light-mutation)\.tsx?$/;

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
  resolve: {
    // React 19 has useSyncExternalStore: TanStack Store's selector hook needs no shim for older Reacts.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are for error reporting uploads, not linked from the shipped files.
    sourcemap: 'hidden',
    // Every browser the app supports knows <link rel=modulepreload>; the polyfill is dead weight.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: (id) =>
                FRAMEWORK.test(id) &&
                !SIGNED_IN_ONLY_FRAMEWORK.test(id) &&
                (!REACT_QUERY.test(id) || REACT_QUERY_AT_FIRST_PAINT.test(id)),
            },
            {
              name: 'react-query',
              test: (id) => REACT_QUERY.test(id) && !REACT_QUERY_AT_FIRST_PAINT.test(id),
            },
            { name: 'app', tags: ['$initial'], test: (id) => !id.includes('node_modules') },
            // Without its dependencies: the text field and form errors stay shared with the
            // signed-in pages, which would otherwise load the login page's code.
            { name: 'auth', test: LOGIN_PAGE, includeDependenciesRecursively: false },
            // The text field and form errors: one chunk, shared by the login page and the signed-in pages.
            { name: 'form-fields', test: FORM_FIELDS, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
