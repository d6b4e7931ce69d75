/**
 * The JavaScript a browser downloads before a page can paint, per page, from the web build's manifest: the
 * entry chunk, the page's lazily loaded chunks, and every chunk they import statically, gzip-compressed as
 * they travel. `npm run bench:bundle` prints the figures and fails when a page is over its budget.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const webDist = fileURLToPath(new URL('../web/dist/', import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The modules each page loads lazily on top of the entry (the router's `lazy` imports for it). */
export const pages: Record<string, { modules: string[]; budgetKb: number }> = {
  '/login': { modules: ['src/features/auth/components/login-page.tsx'], budgetKb: 150 },
  '/tickets': { modules: ['src/layout/app-shell.tsx', 'src/features/tickets/components/tickets-page.tsx'], budgetKb: 350 },
};

const readManifest = (dist: string): Manifest => {
  const file = join(dist, '.vite', 'manifest.json');
  if (!existsSync(file)) throw new Error(`No web build manifest at ${file}: run \`npm run build -w web\` first`);
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
};

/** The chunk keys a set of chunks needs before running: themselves and their static imports, transitively. */
const closure = (manifest: Manifest, keys: string[]): Set<string> => {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The web build has no chunk for ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
};

export interface PageSize {
  page: string;
  files: number;
  rawKb: number;
  gzipKb: number;
  budgetKb: number;
}

export const pageSizes = (dist = webDist): PageSize[] => {
  const manifest = readManifest(dist);
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('The web build manifest has no entry chunk');
  return Object.entries(pages).map(([page, { modules, budgetKb }]) => {
    const chunks = [...closure(manifest, [entry, ...modules])].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const bodies = chunks.map((f) => readFileSync(join(dist, f)));
    const raw = bodies.reduce((n, b) => n + b.length, 0);
    const gzip = bodies.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
    return { page, files: chunks.length, rawKb: raw / 1024, gzipKb: gzip / 1024, budgetKb };
  });
};

const main = () => {
  const sizes = pageSizes();
  console.log('\nWeb app: JavaScript loaded before first paint (gzip)');
  console.log(
    ['page'.padEnd(10), 'files'.padStart(6), 'raw KB'.padStart(9), 'gzip KB'.padStart(9), 'budget'.padStart(8)].join(' '),
  );
  for (const s of sizes) {
    console.log(
      [
        s.page.padEnd(10),
        String(s.files).padStart(6),
        s.rawKb.toFixed(1).padStart(9),
        s.gzipKb.toFixed(1).padStart(9),
        `${s.budgetKb}`.padStart(8),
      ].join(' '),
    );
  }
  const over = sizes.filter((s) => s.gzipKb > s.budgetKb);
  if (over.length > 0) {
    console.error(`Over budget: ${over.map((s) => `${s.page} ${s.gzipKb.toFixed(1)} KB > ${s.budgetKb} KB`).join(', ')}`);
    process.exit(1);
  }
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
