import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where `vite dev` and `vite preview` forward /api and /ws; the product's local runtime by default. */
const apiTarget = process.env.SWITCHBOARD_API_URL ?? 'http://localhost:3000';

const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
};

/** Libraries in their own chunks, so an app release does not make browsers download them again. */
const vendorChunk = (id: string): string | null => {
  if (!id.includes('node_modules')) return null;
  // spreadsheet libraries are imported on demand (contact import and export): each stays in its own lazy chunk
  if (/node_modules[\\/]exceljs[\\/]/.test(id)) return 'exceljs';
  if (/node_modules[\\/]@e965[\\/]xlsx[\\/]/.test(id)) return 'sheetjs';
  if (/node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/.test(id)) return 'react';
  if (/node_modules[\\/](primereact|react-transition-group)[\\/]/.test(id)) return 'primereact';
  if (/node_modules[\\/](@aws-amplify|aws-amplify|@aws-crypto|@smithy|tslib)[\\/]/.test(id)) return 'amplify';
  return 'vendor';
};

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: vendorChunk }] } } },
  },
});
