import { localeOptions } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { primeTexts } from '../i18n/prime-texts.ts';
import { i18n, languages, setLanguage } from './i18n.ts';
import { calendarNames, primeLocaleOf } from './prime-locale.ts';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
const entriesOf = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : entriesOf(v, `${prefix}${k}.`),
  );

describe("PrimeReact's texts", () => {
  it.each(languages)('%s has exactly the keys of pt, none empty', (lng) => {
    expect(keysOf(primeTexts[lng] as unknown as Tree).sort()).toEqual(keysOf(primeTexts.pt as unknown as Tree).sort());
    for (const [key, text] of entriesOf(primeTexts[lng] as unknown as Tree)) expect(text.trim(), key).not.toBe('');
  });

  it.each(['pt', 'es', 'tr'] as const)('%s leaves no English text of the paginator and date picker', (lng) => {
    const english = new Map(entriesOf(primeTexts.en as unknown as Tree));
    // words the languages share with English
    const same = new Set(['reject', 'aria.pageLabel']);
    const left = entriesOf(primeTexts[lng] as unknown as Tree).filter(
      ([key, text]) => !same.has(key) && english.get(key) === text,
    );
    expect(left).toEqual([]);
  });

  it('names months and weekdays in the language, Sunday first', () => {
    expect(calendarNames('pt')).toMatchObject({ firstDayOfWeek: 0 });
    expect(calendarNames('pt').monthNames.slice(0, 3)).toEqual(['Janeiro', 'Fevereiro', 'Março']);
    expect(calendarNames('pt').dayNames[0]).toBe('Domingo');
    expect(calendarNames('es').monthNames[0]).toBe('Enero');
    expect(calendarNames('tr').monthNames[0]).toBe('Ocak');
    expect(calendarNames('en').dayNamesShort).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  });

  it('is the active PrimeReact locale and follows a language change', async () => {
    const t = (key: string) => key;
    expect(primeLocaleOf('pt', t)).toMatchObject({
      today: 'Hoje',
      aria: { rowsPerPageLabel: 'Linhas por página', close: 'a11y.close' },
    });
    await setLanguage('pt');
    expect(localeOptions(`app-pt`)).toMatchObject({ today: 'Hoje', monthNames: expect.arrayContaining(['Janeiro']) });
    await setLanguage('es');
    expect(i18n.language).toBe('es');
    expect(localeOptions(`app-es`)).toMatchObject({ today: 'Hoy', accept: 'Sí', aria: { nextPageLabel: 'Página siguiente' } });
    await setLanguage('pt');
  });
});
