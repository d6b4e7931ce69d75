import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pt, type Dictionary } from '../i18n/pt.ts';
import { lazySectionLoaders, type LazySection } from '../i18n/lazy-sections.ts';
import { readStored, storageKeys, writeStored } from './storage.ts';

/** Interface languages (spec document 1, section 1): Portuguese by default, Spanish, English, Turkish. */
export const languages = ['pt', 'es', 'en', 'tr'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

/** BCP 47 locales for dates and numbers, and the <html lang> of each interface language. */
export const locales: Record<Language, string> = { pt: 'pt-BR', es: 'es-ES', en: 'en-US', tr: 'tr-TR' };

export const parseLanguage = (value: unknown): Language | undefined =>
  typeof value === 'string' && (languages as readonly string[]).includes(value) ? (value as Language) : undefined;

const initial = parseLanguage(readStored(storageKeys.language)) ?? DEFAULT_LANGUAGE;

/**
 * Portuguese, the default and the fallback, ships with the app; another language is downloaded when it is first
 * chosen, and i18next switches only once it has arrived.
 */
const otherDictionaries: Record<Exclude<Language, 'pt'>, () => Promise<Dictionary>> = {
  es: () => import('../i18n/es.ts').then((m) => m.es),
  en: () => import('../i18n/en.ts').then((m) => m.en),
  tr: () => import('../i18n/tr.ts').then((m) => m.tr),
};

const dictionaryLoader: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init: () => {},
  read: (lng: string) => {
    const load = otherDictionaries[lng as keyof typeof otherDictionaries];
    return load ? load() : Promise.resolve(lng === DEFAULT_LANGUAGE ? pt : {});
  },
};

export const i18n = i18next.createInstance();
/** Resolves when the starting language's texts are in, before the first render. */
export const i18nReady: Promise<unknown> = i18n
  .use(dictionaryLoader)
  .use(initReactI18next)
  .init({
    resources: { pt: { translation: pt } },
    partialBundledLanguages: true,
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

const syncDocument = (value: string) => {
  const lng = parseLanguage(value) ?? DEFAULT_LANGUAGE;
  if (typeof document !== 'undefined') document.documentElement.lang = locales[lng];
};
syncDocument(initial);
i18n.on('languageChanged', syncDocument);

export const currentLanguage = (): Language => parseLanguage(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;

export const setLanguage = async (lng: Language): Promise<void> => {
  writeStored(storageKeys.language, lng);
  await i18n.changeLanguage(lng);
};

/** A due date and similar calendar dates, in the interface language's format (pt: 31/12/2025). */
export const formatDate = (date: Date, lng: Language = currentLanguage()): string =>
  new Intl.DateTimeFormat(locales[lng], { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);

const loadedSections = new Map<LazySection, Promise<void>>();

/**
 * Adds the Portuguese texts of these administration sections (once; later calls share the first load). Portuguese
 * is the fallback, so they are loaded whatever language is shown; the other languages already carry them.
 */
export const loadSections = (sections: readonly LazySection[]): Promise<void> =>
  Promise.all(
    sections.map((section) => {
      let loading = loadedSections.get(section);
      if (!loading) {
        loading = lazySectionLoaders[section]().then((texts) => {
          i18n.addResourceBundle(DEFAULT_LANGUAGE, 'translation', { [section]: texts }, true, true);
        });
        loading.catch(() => loadedSections.delete(section));
        loadedSections.set(section, loading);
      }
      return loading;
    }),
  ).then(() => undefined);
