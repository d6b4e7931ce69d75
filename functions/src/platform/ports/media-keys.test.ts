import { describe, expect, it } from 'vitest';
import { companyMediaKey, companyMediaPrefix, storedFileName } from './media-keys.ts';

describe('media keys', () => {
  it('puts every company file under the company prefix, in the record folder, with a unique URL-safe name', () => {
    const a = companyMediaKey(7, 't42', 'Relatório de março (final).pdf');
    const b = companyMediaKey(7, 't42', 'Relatório de março (final).pdf');
    expect(a.startsWith(`${companyMediaPrefix(7)}t42/`)).toBe(true);
    expect(a).toMatch(/^c7\/t42\/[0-9A-Z]{26}-Relat_rio_de_mar_o_final_.pdf$/);
    expect(a).not.toBe(b);
  });

  it('keeps the last 100 safe characters of a long name and falls back when nothing safe is left', () => {
    const long = storedFileName(`${'x'.repeat(150)}.png`);
    expect(long.split('-').slice(1).join('-')).toHaveLength(100);
    expect(long.endsWith('.png')).toBe(true);
    expect(storedFileName('', 'image')).toMatch(/-image$/);
  });

  it('does not let one company prefix be the start of another', () => {
    expect(companyMediaKey(1, 'x', 'a.txt').startsWith(companyMediaPrefix(12))).toBe(false);
    expect(companyMediaKey(12, 'x', 'a.txt').startsWith(companyMediaPrefix(1))).toBe(false);
  });
});
