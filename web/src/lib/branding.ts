/**
 * The white label applied to the app (spec document 2 sections 3 and 9): the primary colour of each theme, the
 * app's name and the favicon. Read from GET /settings-whitelabel (public), cached in local storage
 * (primaryColorLight, primaryColorDark, appName) so the next visit paints with it before the read returns, and
 * applied again at once when the super user saves. Colours left at the platform defaults keep the themes' own
 * palette (whose contrast the accessibility checks hold to); an empty name shows the default name. The uploaded
 * logos take the brand mark's place, each in its theme.
 */
import type { Whitelabel } from '@switchboard/shared/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callRoute } from './api-client.ts';
import { i18n, languages } from './i18n.ts';
import { readStored, writeStored } from './storage.ts';
import { useTheme, type ThemeMode } from './theme.ts';

/** The spec's default colours (document 2 section 9). */
export const DEFAULT_PRIMARY = { light: '#0000FF', dark: '#39ACE7' } as const;
const cacheKeys = ['primaryColorLight', 'primaryColorDark', 'appName'] as const;
const STYLE_ID = 'brand-colours';

export type Branding = Pick<Whitelabel, 'primaryColorLight' | 'primaryColorDark' | 'appName' | 'appLogoFavicon'>;

const isHex = (v: string | null | undefined): v is string => Boolean(v && /^#[0-9a-fA-F]{6}$/.test(v));

/**
 * PrimeReact's themes paint their buttons with fixed colours, not with --primary-color: a primary button (one with
 * no severity class) takes the brand colour here, filled, outlined or as text, with a darker shade on hover.
 */
const primaryButton =
  '.p-button:not(:is(.p-button-secondary,.p-button-success,.p-button-info,.p-button-warning,.p-button-help,.p-button-danger,.p-button-contrast))';
const buttonRules = (theme: 'light' | 'dark'): string => {
  const scope = `:root[data-theme="${theme}"]`;
  const filled = `${scope} ${primaryButton}:not(.p-button-outlined,.p-button-text,.p-button-link)`;
  return [
    `${filled}{background:var(--primary-color);border-color:var(--primary-color);color:var(--primary-color-text)}`,
    `${filled}:enabled:hover{background:color-mix(in srgb,var(--primary-color) 85%,#000);border-color:color-mix(in srgb,var(--primary-color) 85%,#000)}`,
    `${scope} ${primaryButton}:is(.p-button-outlined,.p-button-text){color:var(--primary-color)}`,
    `${scope} ${primaryButton}.p-button-outlined{border-color:var(--primary-color)}`,
  ].join('\n');
};

/** Each theme's colour field, and the text colour that reads on a brand colour in it. */
const themeBrands = [
  { theme: 'light', field: 'primaryColorLight', text: '#ffffff' },
  { theme: 'dark', field: 'primaryColorDark', text: '#111827' },
] as const;

/** The stylesheet giving each theme its brand colour; empty when both are the defaults. */
export const brandingCss = (b: Pick<Branding, 'primaryColorLight' | 'primaryColorDark'>): string =>
  themeBrands
    .flatMap(({ theme, field, text }) => {
      const colour = b[field];
      if (!isHex(colour) || colour.toUpperCase() === DEFAULT_PRIMARY[theme].toUpperCase()) return [];
      return [`:root[data-theme="${theme}"]{--primary-color:${colour};--primary-color-text:${text}}`, buttonRules(theme)];
    })
    .join('\n');

export const cachedBranding = (): Branding => ({
  primaryColorLight: readStored('primaryColorLight'),
  primaryColorDark: readStored('primaryColorDark'),
  appName: readStored('appName'),
  appLogoFavicon: null,
});

/** The white label's name, put into each language's texts once that language's dictionary is in. */
let brandName: string | undefined;
/**
 * A language not downloaded yet must not get a bundle of its own here: i18next would take it as loaded and never
 * fetch its dictionary (the name is added when it arrives, below).
 */
const nameLoadedLanguages = (): void => {
  if (!brandName) return;
  for (const lng of languages)
    if (i18n.hasResourceBundle(lng, 'translation')) i18n.addResource(lng, 'translation', 'app.name', brandName);
};
i18n.on('loaded', nameLoadedLanguages);

export const applyBranding = (b: Branding): void => {
  for (const key of cacheKeys) if (b[key] !== null && b[key] !== undefined) writeStored(key, b[key]!);
  let style = document.getElementById(STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ID;
    document.head.append(style);
  }
  style.textContent = brandingCss(b);
  brandName = b.appName?.trim() || undefined;
  nameLoadedLanguages();
  if (b.appLogoFavicon) {
    let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement('link');
      icon.rel = 'icon';
      document.head.append(icon);
    }
    icon.href = b.appLogoFavicon;
  }
};

export const whitelabelQueryKey = ['whitelabel'] as const;

/** The one read of the public white label, shared by the colours, the favicon and the brand mark. */
const useWhitelabelQuery = () =>
  useQuery({
    queryKey: whitelabelQueryKey,
    queryFn: () => callRoute('settings.whitelabel'),
    staleTime: 5 * 60_000,
  });

/** Applies the cached branding at once and the platform's current one when it arrives. */
export const useBranding = (): void => {
  const query = useWhitelabelQuery();
  useEffect(() => {
    applyBranding(query.data ?? cachedBranding());
  }, [query.data]);
};

/** The logo of a theme: its own when uploaded, else the other theme's, else none (the product's mark shows). */
export const logoOfTheme = (w: Pick<Whitelabel, 'appLogoLight' | 'appLogoDark'> | undefined, theme: ThemeMode): string | null => {
  const own = theme === 'dark' ? w?.appLogoDark : w?.appLogoLight;
  const other = theme === 'dark' ? w?.appLogoLight : w?.appLogoDark;
  return own || other || null;
};

/** The uploaded logo for the theme in use, for the brand mark. */
export const useBrandLogo = (): string | null => {
  const { theme } = useTheme();
  return logoOfTheme(useWhitelabelQuery().data, theme);
};
