import { DEFAULT_LANGUAGE, parseLanguage, type Language } from '../../../lib/i18n.ts';

/**
 * The widget speaks the visitor's browser language when it is one of the interface languages (pt, es, en, tr,
 * any region), otherwise Portuguese. It never reads or writes the app's remembered language choice.
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
