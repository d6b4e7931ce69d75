// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { serviceWorkerScript, shellFiles } from './service-worker-plugin.ts';

const chunk = (fileName: string, more: { isEntry?: boolean; imports?: string[]; css?: string[]; assets?: string[] } = {}) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: more.isEntry ?? false,
  imports: more.imports ?? [],
  viteMetadata: { importedCss: new Set(more.css ?? []), importedAssets: new Set(more.assets ?? []) },
});

describe('the service worker build', () => {
  it("keeps the first page's files: the entry, its static imports with their stylesheets and woff2 fonts, and the icons", () => {
    const bundle = {
      'assets/index-a.js': chunk('assets/index-a.js', {
        isEntry: true,
        imports: ['assets/vendor-b.js'],
        css: ['assets/index-c.css'],
      }),
      'assets/vendor-b.js': chunk('assets/vendor-b.js', {
        imports: ['assets/index-a.js'],
        assets: ['assets/icons-d.woff2', 'assets/icons-e.ttf', 'assets/icons-f.eot', 'assets/icons-g.woff'],
      }),
      'assets/contacts-page-h.js': chunk('assets/contacts-page-h.js'),
      'assets/index-a.js.map': { type: 'asset' as const, fileName: 'assets/index-a.js.map' },
    };
    expect(shellFiles(bundle)).toEqual([
      '/assets/icons-d.woff2',
      '/assets/index-a.js',
      '/assets/index-c.css',
      '/assets/vendor-b.js',
      '/favicon.svg',
      '/icons/icon-192.png',
      '/icons/icon-512.png',
    ]);
  });

  it('writes plain JavaScript after the precache list, with a release name that changes with the files', () => {
    const first = serviceWorkerScript(['/assets/index-a.js']);
    const second = serviceWorkerScript(['/assets/index-b.js']);
    expect(first.startsWith('const __PRECACHE__ = ["/assets/index-a.js"];')).toBe(true);
    const release = (script: string) => /const __RELEASE__ = "([0-9a-f]{12})";/.exec(script)?.[1];
    expect(release(first)).toMatch(/^[0-9a-f]{12}$/);
    expect(release(first)).not.toBe(release(second));
    // no TypeScript left and nothing a classic worker script cannot run
    expect(first).not.toMatch(/^\s*(import|export)\s/m);
    expect(first).not.toMatch(/\binterface\s+\w+/);
    expect(() => new Function(first)).not.toThrow();
  });
});
