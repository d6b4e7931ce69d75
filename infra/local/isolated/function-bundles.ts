/**
 * The code a function's worker runs: its Lambda entry, rendered from the manifest entry it runs with (the
 * deployment's, or a test's override), bundled into one file by esbuild with the worker's side of the runtime
 * (function-worker.ts), as the deployment bundles each entry into one file. The project's sources go into the bundle;
 * packages stay outside it and load from node_modules. A worker then loads one module, not hundreds transformed one by
 * one: a cold start takes about a third of the time.
 *
 * Bundles are kept on disk, named by the rendered entry, and made again when a source file they hold changed (their
 * inputs are listed beside them with sizes and modification times). Several test processes may build the same bundle
 * at once: each writes its own temporary file and renames it into place.
 */
import { build, type Plugin } from 'esbuild';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FunctionManifest } from '../../../functions/src/deployment/manifest.ts';
import { renderFunctionEntry } from '../../../functions/src/deployment/entries.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const entriesDir = join(repoRoot, 'functions/src/entries');
const WORKER_SIDE = fileURLToPath(new URL('./function-worker.ts', import.meta.url));

/** Where bundles are kept: node_modules' cache folder, out of the sources and of version control. */
export const BUNDLE_DIR = join(repoRoot, 'node_modules/.cache/switchboard-functions');

/** The name the rendered entry goes by in the bundle (it is no file). */
const ENTRY_NAME = 'function-worker-entry.ts';

type Inputs = Array<[file: string, size: number, mtimeMs: number]>;

/** Packages load from node_modules as they are; the project's own (`@switchboard/*`) are sources and go in. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@switchboard/') || args.kind === 'entry-point' ? undefined : { path: args.path, external: true },
    );
  },
};

/** The worker's module: the entry's composition, then the worker's side taking over with the entry's handler. */
export const workerSourceOf = (name: string, entry: FunctionManifest): string =>
  [
    renderFunctionEntry(name, entry),
    `import { runFunctionWorker } from ${JSON.stringify(WORKER_SIDE)};`,
    'runFunctionWorker(handler);',
    '',
  ].join('\n');

const unchanged = (inputs: Inputs): boolean =>
  inputs.every(([file, size, mtimeMs]) => {
    try {
      const stat = statSync(file);
      return stat.size === size && stat.mtimeMs === mtimeMs;
    } catch {
      return false;
    }
  });

const readInputs = (file: string): Inputs | undefined => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Inputs;
  } catch {
    return undefined;
  }
};

const building = new Map<string, Promise<string>>();

/** The path of the function's bundle for this manifest entry, built first when missing or out of date. */
export const bundleOf = async (name: string, entry: FunctionManifest): Promise<string> => {
  const source = workerSourceOf(name, entry);
  const file = join(BUNDLE_DIR, `${name}-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.mjs`);
  const inputsFile = `${file}.inputs.json`;
  const inputs = readInputs(inputsFile);
  if (inputs && unchanged(inputs)) return file;
  let pending = building.get(file);
  if (!pending) {
    pending = buildBundle(source, file, inputsFile).finally(() => building.delete(file));
    building.set(file, pending);
  }
  return pending;
};

const buildBundle = async (source: string, file: string, inputsFile: string): Promise<string> => {
  const result = await build({
    stdin: { contents: source, resolveDir: entriesDir, sourcefile: ENTRY_NAME, loader: 'ts' },
    absWorkingDir: repoRoot,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    plugins: [packagesOutside],
    logLevel: 'silent',
  });
  const inputs: Inputs = Object.keys(result.metafile.inputs)
    .filter((f) => !f.endsWith(ENTRY_NAME))
    .map((f) => {
      const path = join(repoRoot, f);
      const stat = statSync(path);
      return [path, stat.size, stat.mtimeMs];
    });
  mkdirSync(dirname(file), { recursive: true });
  const suffix = `.${process.pid}-${randomUUID()}.tmp`;
  writeFileSync(file + suffix, result.outputFiles[0]!.contents);
  renameSync(file + suffix, file);
  writeFileSync(inputsFile + suffix, JSON.stringify(inputs));
  renameSync(inputsFile + suffix, inputsFile);
  return file;
};
