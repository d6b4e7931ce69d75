import { describe, expect, it } from 'vitest';
import { brandingCss } from './branding.ts';

describe('the white label colours', () => {
  it('keep the themes’ own palette while the colours are the defaults', () => {
    expect(brandingCss({ primaryColorLight: '#0000FF', primaryColorDark: '#39ace7' })).toBe('');
    expect(brandingCss({ primaryColorLight: null, primaryColorDark: null })).toBe('');
  });

  it('give each theme its own brand colour once changed, ignoring malformed values', () => {
    expect(brandingCss({ primaryColorLight: '#112233', primaryColorDark: 'blue' })).toBe(
      ':root[data-theme="light"]{--primary-color:#112233;--primary-color-text:#ffffff}',
    );
    expect(brandingCss({ primaryColorLight: '#0000FF', primaryColorDark: '#A1B2C3' })).toBe(
      ':root[data-theme="dark"]{--primary-color:#A1B2C3;--primary-color-text:#111827}',
    );
  });
});
