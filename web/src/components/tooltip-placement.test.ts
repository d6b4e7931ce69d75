import { describe, expect, it } from 'vitest';

/**
 * PrimeReact shows a button's tooltip to its right unless told otherwise, which covers the next control of a row of
 * icon buttons (edit beside delete, the inbox header's actions) or runs off the screen's edge. Every tooltip on a
 * component therefore names where it goes, or sits on one of our wrappers that names it for every use (such as
 * TopBarButton, whose tooltips open below it).
 */
/** Where the JSX tag around `at` opens: the `<` before it outside any `{…}` expression. */
const tagStart = (source: string, at: number): number => {
  let depth = 0;
  for (let i = at; i > 0; i--) {
    const c = source[i];
    if (c === '}') depth++;
    else if (c === '{') depth--;
    else if (c === '<' && depth === 0) return i;
  }
  return 0;
};

/** Where the JSX tag around `at` closes: the `>` after it outside any `{…}` expression. */
const tagEnd = (source: string, at: number): number => {
  let depth = 0;
  for (let i = at; i < source.length; i++) {
    const c = source[i];
    if (c === '{') depth++;
    else if (c === '}') depth--;
    else if (c === '>' && depth === 0) return i + 1;
  }
  return source.length;
};

describe('tooltips', () => {
  it('name their position wherever a component sets one', async () => {
    const { existsSync, readdirSync, readFileSync } = await import('node:fs');
    const root = [`${process.cwd()}/web/src`, `${process.cwd()}/src`].find((d) => existsSync(`${d}/components`))!;
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.tsx') && !f.includes('.test.'));
    expect(files.length).toBeGreaterThan(50);
    const sources = new Map(files.map((file) => [file, readFileSync(`${root}/${file}`, 'utf8')]));
    // a wrapper places the tooltip itself: it sets tooltipOptions on its Button before passing every other prop on
    const placing = new Set(
      [...sources.values()]
        .filter((source) => /tooltipOptions=\{[^}]*position[\s\S]*\{\.\.\.props\}/.test(source))
        .flatMap((source) => [...source.matchAll(/export function (\w+)/g)].map((m) => m[1])),
    );
    expect(placing.has('TopBarButton')).toBe(true);
    const unplaced: string[] = [];
    for (const [file, source] of sources) {
      for (const at of [...source.matchAll(/\stooltip=\{/g)].map((m) => m.index)) {
        const tag = source.slice(tagStart(source, at), tagEnd(source, at));
        const component = /^<([\w.]+)/.exec(tag)?.[1] ?? '';
        if (!tag.includes('tooltipOptions') && !placing.has(component))
          unplaced.push(`${file}:${source.slice(0, at).split('\n').length}`);
      }
    }
    expect(unplaced).toEqual([]);
  });
});
