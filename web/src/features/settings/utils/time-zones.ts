/**
 * The time zones the settings page offers: every IANA zone the browser knows, each labelled with its current offset
 * from UTC, and the company's own zone first-class even when the browser's list leaves it out (UTC is an alias there).
 */
export interface ZoneOption {
  value: string;
  label: string;
}

/** "GMT-03:00" for a zone at an instant, as the browser writes offsets. */
export const offsetOf = (zone: string, at: Date): string => {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
};

export const zoneLabel = (zone: string, at: Date): string => `${zone.replaceAll('_', ' ')} (${offsetOf(zone, at)})`;

/** The zones to choose from, `current` among them, sorted by name. */
export const zoneOptions = (
  current: string,
  at: Date,
  known: readonly string[] = Intl.supportedValuesOf('timeZone'),
): ZoneOption[] => {
  const names = new Set(known);
  names.add('UTC');
  if (current) names.add(current);
  return [...names].sort((a, b) => a.localeCompare(b)).map((value) => ({ value, label: zoneLabel(value, at) }));
};
