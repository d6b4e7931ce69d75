import { addLocale, locale as usePrimeLocale, localeOptions } from 'primereact/api';
import { currentLanguage, i18n, parseLanguage, DEFAULT_LANGUAGE, type Language } from './i18n.ts';

/**
 * PrimeReact's own texts (close buttons, password toggles, empty lists) follow the interface language. Loaded
 * with PrimeReact (see KitProvider): from then on it follows every language change.
 */
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

syncPrimeReact(currentLanguage());
i18n.on('languageChanged', (value: string) => syncPrimeReact(parseLanguage(value) ?? DEFAULT_LANGUAGE));
