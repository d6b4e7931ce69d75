import type { Plugin } from 'vite';

/**
 * The light Lara theme draws white text on its 500 shades (indigo 4.5:1 short, green 2.3:1, orange, sky, red) and
 * uses them as text on white: under WCAG AA's 4.5:1. Each shade moves one step darker in the theme's rules (a
 * button's hover and pressed states move with it), so every filled button, link, tag and outlined control reads
 * at 4.5:1 or more. The palette variables themselves (--green-500 ...) keep their values.
 */
export const lightThemeShades: Record<string, string> = {
  // indigo (primary)
  '#6366f1': '#4f46e5',
  '#4f46e5': '#4338ca',
  '#4338ca': '#3730a3',
  // green (success)
  '#22c55e': '#15803d',
  '#16a34a': '#166534',
  '#15803d': '#14532d',
  // sky (info)
  '#0ea5e9': '#0369a1',
  '#0284c7': '#075985',
  '#0369a1': '#0c4a6e',
  // orange (warning)
  '#f97316': '#c2410c',
  '#ea580c': '#9a3412',
  '#c2410c': '#7c2d12',
  // purple (help)
  '#a855f7': '#7e22ce',
  '#9333ea': '#6b21a8',
  '#7e22ce': '#581c87',
  // red (danger)
  '#ef4444': '#b91c1c',
  '#dc2626': '#991b1b',
  '#b91c1c': '#7f1d1d',
};

const paletteVariable = /^\s*--[a-z]+-\d{2,3}\s*:/;
const hexColor = /#[0-9a-f]{6}\b/gi;

/** The light theme's stylesheet with its shades darkened, in one pass (a shade is never moved twice). */
export const darkenLightTheme = (css: string): string =>
  css
    .split('\n')
    .map((line) =>
      paletteVariable.test(line) ? line : line.replace(hexColor, (hex) => lightThemeShades[hex.toLowerCase()] ?? hex),
    )
    .join('\n');

/** Vite plugin: applies {@link darkenLightTheme} to PrimeReact's light Lara stylesheet as it is bundled. */
export const themeContrast = (): Plugin => ({
  name: 'switchboard-theme-contrast',
  enforce: 'pre',
  transform(code, id) {
    if (!/lara-light-indigo[\\/]theme\.css(\?|$)/.test(id)) return null;
    return { code: darkenLightTheme(code), map: null };
  },
});
