import i18next from 'i18next';
import { addLocale, locale as usePrimeLocale, localeOptions } from 'primereact/api';
import { initReactI18next } from 'react-i18next';
import { en } from '../i18n/en.ts';
import { es } from '../i18n/es.ts';
import { pt } from '../i18n/pt.ts';
import { tr } from '../i18n/tr.ts';
import { readStored, storageKeys, writeStored } from './storage.ts';

/** Interface languages (spec document 1, section 1): Portuguese by default, Spanish, English, Turkish. */
export const languages = ['pt', 'es', 'en', 'tr'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'pt';

/** BCP 47 locales for dates and numbers, and the <html lang> of each interface language. */
export const locales: Record<Language, string> = { pt: 'pt-BR', es: 'es-ES', en: 'en-US', tr: 'tr-TR' };

export const dictionaries = { pt, es, en, tr } as const;

export const parseLanguage = (value: unknown): Language | undefined =>
  typeof value === 'string' && (languages as readonly string[]).includes(value) ? (value as Language) : undefined;

const initial = parseLanguage(readStored(storageKeys.language)) ?? DEFAULT_LANGUAGE;

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(Object.entries(dictionaries).map(([lng, d]) => [lng, { translation: d }])),
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...languages],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** PrimeReact's own texts (close buttons, password toggles, empty lists) follow the interface language. */
const syncPrimeReact = (lng: Language) => {
  const t = i18n.getFixedT(lng);
  const base = localeOptions('en') as { aria?: Record<string, string> };
  // PrimeReact reads passwordShow and passwordHide although its locale type does not declare them
  const aria: Record<string, string> = {
    ...base.aria,
    close: t('a11y.close'),
    passwordShow: t('a11y.passwordShow'),
    passwordHide: t('a11y.passwordHide'),
    listLabel: t('a11y.listLabel'),
  };
  addLocale(`app-${lng}`, {
    aria,
    clear: t('a11y.clear'),
    emptyMessage: t('a11y.noResults'),
    emptyFilterMessage: t('a11y.noResults'),
  } as Parameters<typeof addLocale>[1]);
  usePrimeLocale(`app-${lng}`);
};

const syncDocument = (value: string) => {
  const lng = parseLanguage(value) ?? DEFAULT_LANGUAGE;
  if (typeof document !== 'undefined') document.documentElement.lang = locales[lng];
  syncPrimeReact(lng);
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
