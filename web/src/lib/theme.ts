import darkThemeUrl from 'primereact/resources/themes/lara-dark-indigo/theme.css?url';
import lightThemeUrl from 'primereact/resources/themes/lara-light-indigo/theme.css?url';
import { useSyncExternalStore } from 'react';
import { readStored, storageKeys, writeStored } from './storage.ts';

/**
 * Light or dark, remembered in local storage. PrimeReact themes are whole stylesheets, so the theme is one
 * <link> whose stylesheet is swapped: the new one is loaded before the old one is removed, so the page never
 * shows unstyled.
 */
export type ThemeMode = 'light' | 'dark';

const themeUrls: Record<ThemeMode, string> = { light: lightThemeUrl, dark: darkThemeUrl };
const LINK_ID = 'app-theme';

export const parseTheme = (value: unknown): ThemeMode | undefined => (value === 'light' || value === 'dark' ? value : undefined);

export const storedTheme = (): ThemeMode | undefined => parseTheme(readStored(storageKeys.theme));

let current: ThemeMode = storedTheme() ?? 'light';
const listeners = new Set<() => void>();

/** Loads the theme's stylesheet into the document; resolves when it applies (or failed to load). */
export const applyTheme = (mode: ThemeMode): Promise<void> => {
  const root = document.documentElement;
  root.dataset.theme = mode;
  root.style.colorScheme = mode;
  const href = themeUrls[mode];
  const old = document.getElementById(LINK_ID) as HTMLLinkElement | null;
  if (old?.getAttribute('href') === href) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  return new Promise<void>((resolve) => {
    const done = () => {
      old?.remove();
      link.id = LINK_ID;
      resolve();
    };
    link.onload = done;
    link.onerror = done;
    if (old) old.after(link);
    else document.head.prepend(link);
  });
};

export const getTheme = (): ThemeMode => current;

export const setTheme = (mode: ThemeMode, { remember = true }: { remember?: boolean } = {}): void => {
  if (remember) writeStored(storageKeys.theme, mode);
  if (mode === current) return;
  current = mode;
  void applyTheme(mode);
  listeners.forEach((l) => l());
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useTheme = () => {
  const theme = useSyncExternalStore(subscribe, getTheme);
  return {
    theme,
    setTheme,
    toggleTheme: () => setTheme(getTheme() === 'dark' ? 'light' : 'dark'),
  };
};
