/** A tag's name on a chip of its colour, with text dark or light enough to read on it. */
export function TagChip({ name, color }: { name: string; color: string }) {
  return (
    <span className="tag-chip" style={{ backgroundColor: color, color: readableOn(color) }}>
      {name}
    </span>
  );
}

/** Black or white, whichever contrasts more with the colour (WCAG relative luminance). */
export const readableOn = (hex: string): string => {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#000000';
  const [r, g, b] = m.slice(1).map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const lum = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) ? '#000000' : '#ffffff';
};
