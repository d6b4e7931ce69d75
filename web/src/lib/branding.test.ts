import { describe, expect, it } from 'vitest';
import { brandingCss, logoOfTheme } from './branding.ts';

describe('the white label colours', () => {
  it('keep the themes’ own palette while the colours are the defaults', () => {
    expect(brandingCss({ primaryColorLight: '#0000FF', primaryColorDark: '#39ace7' })).toBe('');
    expect(brandingCss({ primaryColorLight: null, primaryColorDark: null })).toBe('');
  });

  it('give each theme its own brand colour once changed, ignoring malformed values', () => {
    const light = brandingCss({ primaryColorLight: '#112233', primaryColorDark: 'blue' });
    expect(light.split('\n')[0]).toBe(':root[data-theme="light"]{--primary-color:#112233;--primary-color-text:#ffffff}');
    expect(light).not.toContain('data-theme="dark"');
    const dark = brandingCss({ primaryColorLight: '#0000FF', primaryColorDark: '#A1B2C3' });
    expect(dark.split('\n')[0]).toBe(':root[data-theme="dark"]{--primary-color:#A1B2C3;--primary-color-text:#111827}');
    expect(dark).not.toContain('data-theme="light"');
  });

  it('paint primary buttons with the brand colour, and leave buttons of another severity alone', () => {
    const css = brandingCss({ primaryColorLight: '#112233', primaryColorDark: null });
    const filled = css.split('\n').find((rule) => rule.includes('background:var(--primary-color)'));
    expect(filled).toMatch(
      /^:root\[data-theme="light"\] \.p-button:not\(:is\([^)]*\.p-button-secondary[^)]*\.p-button-danger[^)]*\)\)/,
    );
    expect(css).toContain('.p-button-outlined{border-color:var(--primary-color)}');
  });
});

describe('the white label logos', () => {
  it("show each theme its own logo, the other theme's when it has none, and none when neither was uploaded", () => {
    const both = { appLogoLight: '/l.png', appLogoDark: '/d.png' };
    expect(logoOfTheme(both, 'light')).toBe('/l.png');
    expect(logoOfTheme(both, 'dark')).toBe('/d.png');
    expect(logoOfTheme({ appLogoLight: '/l.png', appLogoDark: null }, 'dark')).toBe('/l.png');
    expect(logoOfTheme({ appLogoLight: '', appLogoDark: null }, 'light')).toBeNull();
    expect(logoOfTheme(undefined, 'light')).toBeNull();
  });
});
