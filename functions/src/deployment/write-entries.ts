/** `npm run entries`: writes the composition roots (entries.ts) from the manifest and removes stale ones. */
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderedEntries } from './entries.ts';

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const rendered = renderedEntries();
for (const [file, text] of rendered) writeFileSync(join(srcDir, file), text);
for (const name of readdirSync(join(srcDir, 'entries'))) {
  if (!rendered.has(`entries/${name}`)) rmSync(join(srcDir, 'entries', name));
}
console.log(`${rendered.size} entries written under functions/src/entries`);
