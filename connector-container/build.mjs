/**
 * Bundles the connector into one JavaScript file with its dependencies, so the container runs it with plain
 * `node` and no dev tooling or node_modules. `node build.mjs [outdir]` (default: dist).
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const outdir = process.argv[2] ?? fileURLToPath(new URL('./dist', import.meta.url));

await build({
  entryPoints: [fileURLToPath(new URL('./src/main.ts', import.meta.url))],
  outfile: `${outdir}/main.mjs`,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  // packages written for CommonJS still find require() in the ESM bundle
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
