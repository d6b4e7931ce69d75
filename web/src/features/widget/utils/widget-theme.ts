/**
 * The company's colour on the widget's header, launcher and the visitor's bubbles, with a text colour that
 * stays readable on it. A colour that is not #rgb or #rrggbb falls back to the app's indigo.
 */
export const DEFAULT_WIDGET_COLOR = '#4f46e5';

export const widgetColor = (value: string | undefined): string => {
  const v = (value ?? '').trim();
  if (/^#[0-9a-f]{6}$/i.test(v)) return v.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return DEFAULT_WIDGET_COLOR;
};

/** WCAG relative luminance of an #rrggbb colour. */
const luminance = (hex: string): number => {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
};

/** White or near-black, whichever contrasts more with the background. */
export const readableTextOn = (background: string): '#ffffff' | '#111827' => {
  const l = luminance(widgetColor(background));
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance('#111827') + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#111827';
};
