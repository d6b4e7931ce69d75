import { currentLanguage, locales, type Language } from './i18n.ts';

/**
 * Numbers, amounts, sizes, durations and dates as the interface language writes them (pt: `R$ 1.234,50`,
 * `0,75 min`, `611 KB`, `31/12/2025`). Every function takes the language last, defaulting to the active one, so a
 * component re-rendered on a language change shows the new format.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (lng: Language, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const key = `${lng}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locales[lng], options);
    numberFormats.set(key, format);
  }
  return format;
};

const finite = (value: number | string | null | undefined): number => {
  const n = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** A count or a measure, with up to `maxDecimals` decimals (2 unless told). */
export const formatNumber = (value: number | string, lng: Language = currentLanguage(), maxDecimals = 2): string =>
  numberFormat(lng, { maximumFractionDigits: maxDecimals }).format(finite(value));

/** An amount in reais (plans, invoices, checkout), always with 2 decimals. */
export const formatMoney = (value: number | string, lng: Language = currentLanguage()): string =>
  numberFormat(lng, {
    style: 'currency',
    currency: 'BRL',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(finite(value));

/** A share already in percent (0..100): `12,5%`. */
export const formatPercent = (value: number | string, lng: Language = currentLanguage()): string =>
  numberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(finite(value) / 100);

/** A duration in minutes, as the dashboard's average times: `0,75 min`. */
export const formatMinutes = (value: number | string, lng: Language = currentLanguage()): string =>
  numberFormat(lng, { style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 2 }).format(finite(value));

const sizeUnits = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A file or folder size in binary steps: bytes below 1 KB, whole KB below 1 MB, then one decimal. Unit symbols
 * are the international ones (KB, MB), so they are written out here rather than by Intl (which says "kB" or "ko").
 */
export const formatSize = (bytes: number, lng: Language = currentLanguage()): string => {
  let value = Math.max(0, finite(bytes));
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${numberFormat(lng, { maximumFractionDigits: 0 }).format(value)} B`;
  const digits = unit === 1 ? 0 : 1;
  const shown = unit === 1 ? Math.max(1, value) : value;
  return `${numberFormat(lng, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(shown)} ${['B', 'KB', 'MB', 'GB', 'TB'][unit]}`;
};

/** An ISO date (`2025-12-31`, as the APIs send days) or a Date read as a calendar day, not shifted by time zone. */
const dayOf = (value: string | Date): Date | undefined => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

/** A calendar day: `31/12/2025` (pt). Text that is not a date comes back as it is. */
export const formatDay = (
  value: string | Date,
  lng: Language = currentLanguage(),
  options: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' },
): string => {
  const date = dayOf(value);
  return date ? new Intl.DateTimeFormat(locales[lng], options).format(date) : String(value);
};

/** A short day for chart axes: `31/12` (pt), `12/31` (en). */
export const formatShortDay = (value: string | Date, lng: Language = currentLanguage()): string =>
  formatDay(value, lng, { day: '2-digit', month: '2-digit' });

/** A moment with its time: `31/12/2025, 14:05` (pt). */
export const formatDateTime = (value: string | Date, lng: Language = currentLanguage()): string => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(locales[lng], { dateStyle: 'short', timeStyle: 'short' }).format(date);
};

/** The time of day: `14:05`. */
export const formatTime = (value: string | Date, lng: Language = currentLanguage()): string => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(locales[lng], { hour: '2-digit', minute: '2-digit' }).format(date);
};
