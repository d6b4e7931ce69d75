import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { themeContrast } from './src/styles/theme-contrast.ts';

/** Where `vite dev` and `vite preview` forward /api and /ws; the product's local runtime by default. */
const apiTarget = process.env.SWITCHBOARD_API_URL ?? 'http://localhost:3000';

const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
};

/**
 * React in a chunk of its own, so an app release does not make browsers download it again. Everything else is
 * split by the pages that use it (each page is loaded lazily): grouping PrimeReact or all libraries into one
 * chunk would make the sign-in page download the inbox's components.
 */
const vendorChunk = (id: string): string | null => {
  if (/node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/.test(id)) return 'react';
  return null;
};

export default defineConfig({
  plugins: [react(), themeContrast()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // the per-page size check (scripts/bundle-size.ts) reads which chunks each page loads from it
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: vendorChunk }] } } },
  },
});
