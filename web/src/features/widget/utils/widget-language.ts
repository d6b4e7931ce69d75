import { DEFAULT_LANGUAGE, parseLanguage, type Language } from '../../../lib/i18n.ts';

/**
 * The widget speaks the first of the given languages that is an interface language (pt, es, en, tr, any region),
 * otherwise Portuguese. It never reads or writes the app's remembered language choice.
 */
export const widgetLanguage = (preferred: readonly string[] | undefined): Language => {
  for (const tag of preferred ?? []) {
    const found = parseLanguage(tag.toLowerCase().split(/[-_]/)[0]);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
};

export const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];

/**
 * The language of the site around the widget: widget.js passes the host page's `<html lang>` as `?lang=` (the
 * frame cannot read a page of another origin itself).
 */
export const hostLanguage = (search: string): string | undefined => new URLSearchParams(search).get('lang')?.trim() || undefined;

/** The host page's language first, then the browser's. */
export const visitorLanguages = (search: string, browser: readonly string[]): readonly string[] => {
  const host = hostLanguage(search);
  return host ? [host, ...browser] : browser;
};
