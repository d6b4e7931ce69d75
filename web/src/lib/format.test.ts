import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  formatMinutes,
  formatMoney,
  formatNumber,
  formatPercent,
  formatShortDay,
  formatSize,
  formatTime,
} from './format.ts';
import type { Language } from './i18n.ts';

// Intl separates some units with a no-break space; compare with plain spaces
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const cases: Record<
  Language,
  {
    money: string;
    minutes: string;
    size: string;
    mb: string;
    number: string;
    percent: string;
    day: string;
    shortDay: string;
    dateTime: string;
  }
> = {
  pt: {
    money: 'R$ 1.234,50',
    minutes: '0,75 min',
    size: '611 KB',
    mb: '1,5 MB',
    number: '1.234,5',
    percent: '12,5%',
    day: '31/12/2025',
    shortDay: '31/12',
    dateTime: '31/12/2025, 14:05',
  },
  es: {
    money: '1234,50 R$',
    minutes: '0,75 min',
    size: '611 KB',
    mb: '1,5 MB',
    number: '1234,5',
    percent: '12,5 %',
    day: '31/12/2025',
    shortDay: '31/12',
    dateTime: '31/12/25, 14:05',
  },
  en: {
    money: 'R$1,234.50',
    minutes: '0.75 min',
    size: '611 KB',
    mb: '1.5 MB',
    number: '1,234.5',
    percent: '12.5%',
    day: '12/31/2025',
    shortDay: '12/31',
    dateTime: '12/31/25, 2:05 PM',
  },
  tr: {
    money: 'R$1.234,50',
    minutes: '0,75 dk.',
    size: '611 KB',
    mb: '1,5 MB',
    number: '1.234,5',
    percent: '%12,5',
    day: '31.12.2025',
    shortDay: '31/12',
    dateTime: '31.12.2025 14:05',
  },
};

describe.each(Object.entries(cases) as [Language, (typeof cases)[Language]][])('formats in %s', (lng, expected) => {
  const moment = new Date(2025, 11, 31, 14, 5);

  it('money in reais with two decimals', () => {
    expect(plain(formatMoney(1234.5, lng))).toBe(expected.money);
    expect(plain(formatMoney('1234.5', lng))).toBe(expected.money);
  });

  it('minutes, numbers and percentages with the decimal separator of the language', () => {
    expect(plain(formatMinutes(0.75, lng))).toBe(expected.minutes);
    expect(plain(formatNumber(1234.5, lng))).toBe(expected.number);
    expect(plain(formatPercent(12.5, lng))).toBe(expected.percent);
  });

  it('sizes in KB and MB', () => {
    expect(plain(formatSize(611 * 1024 + 100, lng))).toBe(expected.size);
    expect(plain(formatSize(1.5 * 1024 * 1024, lng))).toBe(expected.mb);
    expect(plain(formatSize(900, lng))).toBe('900 B');
  });

  it('days (an API day is not shifted by the time zone) and moments', () => {
    expect(formatDay('2025-12-31', lng)).toBe(expected.day);
    expect(formatShortDay('2025-12-31', lng)).toBe(expected.shortDay);
    expect(plain(formatDateTime(moment, lng))).toBe(expected.dateTime);
  });
});

describe('format edge cases', () => {
  it('shows nothing odd for missing or unreadable values', () => {
    expect(formatMoney('abc', 'pt').replace(/\s/g, ' ')).toBe('R$ 0,00');
    expect(formatDay('not a date', 'pt')).toBe('not a date');
    expect(formatTime('not a date', 'pt')).toBe('');
    expect(formatSize(10, 'pt')).toBe('10 B');
    expect(formatSize(100 * 1024 + 1, 'pt')).toBe('100 KB');
  });
});
