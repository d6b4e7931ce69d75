/**
 * The favicon with an alert badge while tickets have unread messages (spec document 1, section 2): the app's
 * icon with a red dot drawn over its top-right corner, as an SVG data URL.
 */
export const BADGE_COLOR = '#ef4444';

/** The icon's SVG with a badge added before its closing tag; an SVG it cannot read is returned unchanged. */
export const withBadge = (svg: string): string => {
  const close = svg.lastIndexOf('</svg>');
  if (close < 0) return svg;
  const badge = `<circle cx="50" cy="14" r="13" fill="${BADGE_COLOR}" stroke="#ffffff" stroke-width="3"/>`;
  return `${svg.slice(0, close)}${badge}${svg.slice(close)}`;
};

export const svgDataUrl = (svg: string): string => `data:image/svg+xml,${encodeURIComponent(svg)}`;

let original: { href: string; svg?: string } | undefined;

const iconLink = (): HTMLLinkElement | null => document.querySelector('link[rel~="icon"]');

/** Shows or removes the badge on the page's favicon. */
export const setFaviconBadge = async (on: boolean): Promise<void> => {
  const link = iconLink();
  if (!link) return;
  if (!original) original = { href: link.getAttribute('href') ?? '/favicon.svg' };
  if (!on) {
    link.href = original.href;
    return;
  }
  if (original.svg === undefined) {
    try {
      const response = await fetch(original.href);
      original.svg = response.ok ? await response.text() : '';
    } catch {
      original.svg = '';
    }
  }
  if (original.svg) link.href = svgDataUrl(withBadge(original.svg));
};
