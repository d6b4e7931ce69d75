import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import type { Plugin } from 'vite';

/** The worker's source (sw.ts), beside this file. */
const SOURCE = new URL('./sw.ts', import.meta.url);

interface BundleEntry {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  imports?: string[];
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
}

/**
 * What the worker keeps on install: the files the first page loads (the entry chunk, its static imports and their
 * stylesheets and assets) and the icons; the pages' own chunks are kept as they are first loaded.
 */
export const shellFiles = (bundle: Record<string, BundleEntry>): string[] => {
  const files = new Set<string>();
  // fonts in the formats every browser that runs service workers reads (woff2); the older copies are never fetched
  const worthKeeping = (name: string) => !/\.(eot|ttf|woff)$/.test(name);
  const visit = (name: string) => {
    const entry = bundle[name];
    if (!entry || files.has(`/${name}`)) return;
    files.add(`/${name}`);
    for (const css of entry.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
    for (const asset of entry.viteMetadata?.importedAssets ?? []) files.add(`/${asset}`);
    for (const next of entry.imports ?? []) visit(next);
  };
  for (const entry of Object.values(bundle)) if (entry.type === 'chunk' && entry.isEntry) visit(entry.fileName);
  return [...[...files].filter(worthKeeping), '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'].sort();
};

/** The worker's script: its TypeScript made plain JavaScript, after the release's precache list and version. */
export const serviceWorkerScript = (precache: string[]): string => {
  const release = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
  const code = ts.transpileModule(readFileSync(SOURCE, 'utf8'), {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, removeComments: false },
  }).outputText;
  return `const __PRECACHE__ = ${JSON.stringify(precache)};\nconst __RELEASE__ = ${JSON.stringify(release)};\n${code}`;
};

/** Emits /sw.js with the build: the installable app's service worker (registered by main.tsx in production). */
export const serviceWorker = (): Plugin => ({
  name: 'switchboard-service-worker',
  apply: 'build',
  generateBundle(_options, bundle) {
    const precache = shellFiles(bundle as unknown as Record<string, BundleEntry>);
    this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerScript(precache) });
  },
});
