import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The repository root: hoisted packages (the PrimeReact theme stylesheets imported with ?url) live there. */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Unit tests of the web app: pure logic and components in a happy-dom document. */
export default defineConfig({
  plugins: [react()],
  server: { fs: { allow: [repoRoot] } },
  test: {
    name: 'web',
    environment: 'happy-dom',
    // a real origin, so the API client resolves `${origin}/api` as it does in a browser
    environmentOptions: { happyDOM: { url: 'http://localhost:5173/' } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
