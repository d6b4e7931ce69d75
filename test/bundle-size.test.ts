/**
 * What the web build makes a browser download before a page paints (`npm test` builds the web app before the
 * tests run). Each page is its own chunk: the sign-in page carries none of the inbox, and the figures the
 * bench prints (`npm run bench:bundle`) are computed the same way here.
 */
import { describe, expect, it } from 'vitest';
import { pageSizes, webDist } from '../scripts/bundle-size.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('the web build', () => {
  it('loads each page on its own: the sign-in page downloads less than half of what the inbox does', () => {
    const sizes = Object.fromEntries(pageSizes().map((s) => [s.page, s]));
    const login = sizes['/login']!;
    const tickets = sizes['/tickets']!;
    console.log(
      `gzip JavaScript before first paint: /login ${login.gzipKb.toFixed(1)} KB, /tickets ${tickets.gzipKb.toFixed(1)} KB`,
    );
    expect(login.gzipKb).toBeLessThan(tickets.gzipKb * 0.75);
  });

  it('keeps every page within its budget of gzip JavaScript before first paint', () => {
    // sizes, not timings: the same build gives the same figures, so a feature that outgrows a budget fails here
    const over = pageSizes().filter((s) => s.gzipKb > s.budgetKb);
    expect(over.map((s) => `${s.page} ${s.gzipKb.toFixed(1)} KB > ${s.budgetKb} KB`)).toEqual([]);
  });

  it('keeps the inbox and the spreadsheet libraries out of the sign-in page', () => {
    const manifest = JSON.parse(readFileSync(join(webDist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { isEntry?: boolean; imports?: string[]; src?: string }
    >;
    const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
    const loaded = new Set<string>();
    const visit = (key: string) => {
      if (loaded.has(key)) return;
      loaded.add(key);
      for (const i of manifest[key]?.imports ?? []) visit(i);
    };
    visit(entry);
    visit('src/features/auth/components/login-page.tsx');
    const sources = [...loaded].map((k) => manifest[k]?.src ?? k);
    expect(sources.some((s) => s.includes('features/tickets/'))).toBe(false);
    expect(sources.some((s) => /exceljs|xlsx/.test(s))).toBe(false);
    expect(sources).toContain('src/features/auth/components/login-page.tsx');
  });
});
