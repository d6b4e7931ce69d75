import { addLocale, locale as usePrimeLocale, localeOptions } from 'primereact/api';
import { primeTexts } from '../i18n/prime-texts.ts';
import { currentLanguage, i18n, locales, parseLanguage, DEFAULT_LANGUAGE, type Language } from './i18n.ts';

const capitalise = (text: string, tag: string) => text.charAt(0).toLocaleUpperCase(tag) + text.slice(1);

/** Month and weekday names as the language's locale writes them (Sunday first, as PrimeReact counts). */
export const calendarNames = (lng: Language) => {
  const tag = locales[lng];
  const month = (style: 'long' | 'short') => {
    const format = new Intl.DateTimeFormat(tag, { month: style, timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, m) => capitalise(format.format(Date.UTC(2024, m, 1)).replace(/\.$/, ''), tag));
  };
  const weekday = (style: 'long' | 'short') => {
    const format = new Intl.DateTimeFormat(tag, { weekday: style, timeZone: 'UTC' });
    // 2024-01-07 was a Sunday
    return Array.from({ length: 7 }, (_, d) => capitalise(format.format(Date.UTC(2024, 0, 7 + d)).replace(/\.$/, ''), tag));
  };
  const dayNamesShort = weekday('short');
  return {
    monthNames: month('long'),
    monthNamesShort: month('short'),
    dayNames: weekday('long'),
    dayNamesShort,
    dayNamesMin: dayNamesShort,
    // Brazil and the United States start the week on Sunday, Spain and Turkey on Monday
    firstDayOfWeek: lng === 'pt' || lng === 'en' ? 0 : 1,
  };
};

/**
 * PrimeReact's texts for a language: its own dictionary (date picker, paginator, uploads, confirmations), the
 * calendar names, and the texts the app already translates for its own controls.
 */
export const primeLocaleOf = (lng: Language, t: (key: string) => string) => {
  const texts = primeTexts[lng];
  const base = localeOptions('en') as { aria?: Record<string, string> };
  // PrimeReact reads passwordShow and passwordHide although its locale type does not declare them
  const aria: Record<string, string> = {
    ...base.aria,
    ...texts.aria,
    close: t('a11y.close'),
    passwordShow: t('a11y.passwordShow'),
    passwordHide: t('a11y.passwordHide'),
    listLabel: t('a11y.listLabel'),
  };
  return {
    ...texts,
    ...calendarNames(lng),
    aria,
    clear: t('a11y.clear'),
    emptyMessage: t('a11y.noResults'),
    emptyFilterMessage: t('a11y.noResults'),
  };
};

/** The name PrimeReact knows a language's texts by. */
export const primeLocaleName = (lng: Language = currentLanguage()): string => `app-${lng}`;

/**
 * PrimeReact's own texts follow the interface language. Loaded with PrimeReact (see KitProvider, which hands the
 * same name to PrimeReactProvider: on mounting it sets the global locale to its own): from then on it follows every
 * language change.
 */
const syncPrimeReact = (lng: Language) => {
  addLocale(primeLocaleName(lng), primeLocaleOf(lng, i18n.getFixedT(lng)) as Parameters<typeof addLocale>[1]);
  usePrimeLocale(primeLocaleName(lng));
};

syncPrimeReact(currentLanguage());
i18n.on('languageChanged', (value: string) => syncPrimeReact(parseLanguage(value) ?? DEFAULT_LANGUAGE));
