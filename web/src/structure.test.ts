import { describe, expect, it } from 'vitest';

/** A component, hook or util past this many lines holds more than one job: split it by job in its feature folder. */
const MAX_CODE_LINES = 400;
/** A stylesheet past this many lines holds more than one noun: split it by noun, imported where used in cascade order. */
const MAX_STYLE_LINES = 800;

/** Files that are data, not code, and grow with what they list (paths from web/src). */
const exempt: Record<string, string> = {
  'i18n/pt.ts': 'a dictionary: one line per text shown in Portuguese',
  'i18n/es.ts': 'a dictionary: one line per text shown in Spanish',
  'i18n/en.ts': 'a dictionary: one line per text shown in English',
  'i18n/tr.ts': 'a dictionary: one line per text shown in Turkish',
  'i18n/prime-texts.ts': "PrimeReact's own texts in each language, one line per text",
};

const sourceFiles = async (): Promise<{ path: string; lines: number }[]> => {
  const { existsSync, readdirSync, readFileSync } = await import('node:fs');
  // the web project runs from the repository root or from web/
  const root = [`${process.cwd()}/web/src`, `${process.cwd()}/src`].find((d) => existsSync(`${d}/main.tsx`))!;
  return (readdirSync(root, { recursive: true }) as string[])
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => /\.(tsx?|css)$/.test(file))
    .map((file) => ({ path: file, lines: (readFileSync(`${root}/${file}`, 'utf8').match(/\n/g) ?? []).length }));
};

describe('the web sources', () => {
  it(`keep every component, hook and util within ${MAX_CODE_LINES} lines`, async () => {
    const files = await sourceFiles();
    const code = files.filter((f) => /\.tsx?$/.test(f.path));
    expect(code.length).toBeGreaterThan(100);
    const tooLong = code.filter((f) => !(f.path in exempt) && f.lines > MAX_CODE_LINES).map((f) => `${f.path}: ${f.lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it(`keep every stylesheet within ${MAX_STYLE_LINES} lines`, async () => {
    const files = await sourceFiles();
    const sheets = files.filter((f) => f.path.endsWith('.css'));
    expect(sheets.length).toBeGreaterThan(10);
    const tooLong = sheets.filter((f) => f.lines > MAX_STYLE_LINES).map((f) => `${f.path}: ${f.lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it('exempt only files that exist', async () => {
    const paths = new Set((await sourceFiles()).map((f) => f.path));
    expect(Object.keys(exempt).filter((path) => !paths.has(path))).toEqual([]);
  });
});
