import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { darkenLightTheme, lightThemeShades } from './theme-contrast.ts';

/** WCAG 2.1 relative luminance and contrast ratio of two #rrggbb colours. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

const theme = readFileSync(
  createRequire(import.meta.url).resolve('primereact/resources/themes/lara-light-indigo/theme.css'),
  'utf8',
);

describe('the light theme with readable shades', () => {
  it('gives every shade white text on it, and as text on white, at least 4.5:1', () => {
    for (const shade of Object.values(lightThemeShades)) expect(contrast(shade, '#ffffff'), shade).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves none of the short shades in the rules, darkens each once, and keeps the palette variables', () => {
    const css = darkenLightTheme(theme);
    expect(css).toMatch(/--primary-color:\s*#4f46e5/i);
    // a filled button: white on the darker indigo, its hover one step darker still
    expect(css).toMatch(/\.p-button \{\s*color: #ffffff;\s*background: #4f46e5;/i);
    expect(css).toMatch(/\.p-button:not\(:disabled\):hover \{\s*background: #4338ca;/i);
    for (const short of ['#6366f1', '#22c55e', '#0ea5e9', '#f97316', '#a855f7', '#ef4444']) {
      const rules = css.split('\n').filter((line) => !/^\s*--[a-z]+-\d{2,3}\s*:/.test(line));
      expect(
        rules.some((line) => line.toLowerCase().includes(short)),
        short,
      ).toBe(false);
    }
    const palette = (source: string) => source.split('\n').filter((line) => /^\s*--[a-z]+-\d{2,3}\s*:/.test(line));
    expect(palette(css)).toEqual(palette(theme));
  });
});
