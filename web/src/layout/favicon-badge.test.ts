import { describe, expect, it } from 'vitest';
import { BADGE_COLOR, svgDataUrl, withBadge } from './favicon-badge.ts';

describe('the favicon badge', () => {
  it('draws a red dot over the icon, last, so it sits on top', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64"/></svg>';
    const badged = withBadge(svg);
    expect(badged.startsWith('<svg')).toBe(true);
    expect(badged).toMatch(new RegExp(`<rect width="64" height="64"/><circle [^>]*fill="${BADGE_COLOR}"[^>]*/></svg>$`));
  });

  it('leaves something that is not an SVG alone', () => {
    expect(withBadge('not an icon')).toBe('not an icon');
  });

  it('makes a data URL the link can point to', () => {
    expect(svgDataUrl('<svg></svg>')).toBe('data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E');
  });
});
