import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { manifestOf } from '../../../functions/src/deployment/manifest.ts';
import { bundleOf } from './function-bundles.ts';

const inputsOf = (bundle: string): string[] =>
  (JSON.parse(readFileSync(`${bundle}.inputs.json`, 'utf8')) as Array<[string, number, number]>).map(([file]) => file);

describe("a function's bundle", () => {
  it("holds its entry's handler and listeners and no other function's handler", async () => {
    const bundle = await bundleOf('tags', manifestOf('tags'));
    const inputs = inputsOf(bundle);
    expect(inputs.some((f) => f.endsWith('functions/src/modules/tags/tags.function.ts'))).toBe(true);
    expect(inputs.some((f) => f.endsWith('functions/src/listeners/realtime.listener.ts'))).toBe(true);
    expect(inputs.filter((f) => /\.function\.ts$/.test(f) && !f.endsWith('tags.function.ts'))).toEqual([]);
    // packages stay outside: the bundle holds only the project's files
    expect(inputs.filter((f) => f.includes('/node_modules/'))).toEqual([]);
  });

  it('is kept while its sources stay as they were, and made again when one changed', async () => {
    const entry = manifestOf('helps');
    const first = await bundleOf('helps', entry);
    const builtAt = statSync(first).mtimeMs;
    expect(await bundleOf('helps', entry)).toBe(first);
    expect(statSync(first).mtimeMs).toBe(builtAt);
    // a source file as recorded no longer matches what is on disk
    const recorded = JSON.parse(readFileSync(`${first}.inputs.json`, 'utf8')) as Array<[string, number, number]>;
    recorded[0]![1] += 1;
    writeFileSync(`${first}.inputs.json`, JSON.stringify(recorded));
    expect(await bundleOf('helps', entry)).toBe(first);
    expect(statSync(first).mtimeMs).toBeGreaterThan(builtAt);
  });

  it('differs with the manifest entry it is made from', async () => {
    const entry = manifestOf('tags');
    const without = { ...entry, listeners: entry.listeners.filter((l) => l !== 'realtime') };
    expect(without.listeners.length).toBeLessThan(entry.listeners.length);
    const [a, b] = await Promise.all([bundleOf('tags', entry), bundleOf('tags', without)]);
    expect(a).not.toBe(b);
    expect(inputsOf(b).some((f) => f.endsWith('realtime.listener.ts'))).toBe(false);
  });
});
