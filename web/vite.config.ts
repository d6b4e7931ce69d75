import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './src/service-worker/service-worker-plugin.ts';
import { themeContrast } from './src/styles/theme-contrast.ts';

/** Where `vite dev` and `vite preview` forward /api and /ws; the product's local runtime by default. */
const apiTarget = process.env.SWITCHBOARD_API_URL ?? 'http://localhost:3000';

const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
};

/**
 * Two chunks by hand; everything else is split by the pages that use it (each page is loaded lazily), so the
 * sign-in page downloads none of the inbox. `vendor`: what every page runs (React, the router, i18next,
 * react-query), in one chunk that an app release does not change and that compresses better than the dozen small
 * chunks it would otherwise be. `primereact-core`: the runtime every PrimeReact component shares, in one chunk
 * for every page that uses PrimeReact (the sign-in page does not). Grouping all of PrimeReact would make every such
 * page download the contacts table and the calendar.
 */
const vendorChunks = [
  {
    name: 'vendor',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]/,
    priority: 2,
  },
  {
    name: 'primereact-core',
    test: /node_modules[\\/]primereact[\\/](utils|api|componentbase|hooks|csstransition|portal|ripple|tooltip|overlayservice|iconbase|button)[\\/]/,
    priority: 1,
  },
];

export default defineConfig({
  plugins: [react(), themeContrast(), serviceWorker()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // the per-page size check (scripts/bundle-size.ts) reads which chunks each page loads from it
    manifest: true,
    rolldownOptions: {
      // Calls on `z` count as free of side effects, so schemas a page's modules define but never use are dropped.
      // True of zod's schema builders; not of z.config(), which must not be used in code the web app bundles.
      treeshake: { manualPureFunctions: ['z'] },
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
});
