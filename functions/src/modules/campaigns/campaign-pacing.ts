/**
 * When each send of a campaign is due: a pure planner, fed one recipient at a time so a campaign of any size is
 * planned a page at a time (the state travels in the prepare job).
 *
 * - `messageInterval` seconds between sends, `greaterInterval` instead after every `longerIntervalAfter` sends
 *   (the intended rule of server reference 6.2, which the reference itself loses to a unit mistake);
 * - a jitter of up to `jitterRatio` of the gap is added, never taken off, so no gap is shorter than configured;
 * - sends only between startHour and endHour on allowed weekdays (Saturday and Sunday only when `sabado` and
 *   `domingo` say so), in the company's time zone; a send due outside moves to the next allowed moment;
 * - at most `dailyCap(day)` sends per local day (the number's cap and warm-up); the rest move to the next day.
 */
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';

export interface PacingRules {
  messageInterval: number;
  longerIntervalAfter: number;
  greaterInterval: number;
  /** "HH:mm" */
  startHour: string;
  endHour: string;
  sabado: boolean;
  domingo: boolean;
  timeZone: string;
  /** the share of the gap added at random, 0..1 */
  jitterRatio: number;
  /** sends allowed on a local day ("yyyy-MM-dd"); Infinity for no cap */
  dailyCap: (day: string) => number;
}

export interface PacingState {
  /** sends planned so far */
  planned: number;
  /** when the last one is due (ISO), null before the first */
  lastAt: string | null;
  /** the local day of the last one and how many fell on it */
  day: string | null;
  dayCount: number;
}

export const initialPacing = (): PacingState => ({ planned: 0, lastAt: null, day: null, dayCount: 0 });

export const JITTER_RATIO = 0.2;

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of an instant, "yyyy-MM-dd". */
export const localDay = (at: Date, timeZone: string): string => {
  const d = new TZDate(at.getTime(), timeZone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The instant a local day reaches `minutes` past midnight. */
const atLocalMinutes = (day: TZDate, minutes: number, timeZone: string): Date =>
  new Date(
    new TZDate(
      day.getFullYear(),
      day.getMonth(),
      day.getDate(),
      Math.floor(minutes / 60),
      minutes % 60,
      0,
      0,
      timeZone,
    ).getTime(),
  );

const weekdayAllowed = (day: TZDate, rules: Pick<PacingRules, 'sabado' | 'domingo'>): boolean => {
  const wd = day.getDay();
  if (wd === 6) return rules.sabado;
  if (wd === 0) return rules.domingo;
  return true;
};

/**
 * The first allowed moment at or after `at` (send hours and weekdays only; the cap is the planner's). A window
 * with no allowed minute at all (end not after start) answers `at` unchanged rather than looping.
 */
export const nextAllowedMoment = (
  at: Date,
  rules: Pick<PacingRules, 'startHour' | 'endHour' | 'sabado' | 'domingo' | 'timeZone'>,
): Date => {
  const start = minutesOf(rules.startHour);
  const end = minutesOf(rules.endHour);
  if (end <= start) return at;
  let candidate = at;
  for (let i = 0; i < 15; i++) {
    const local = new TZDate(candidate.getTime(), rules.timeZone);
    const minute = local.getHours() * 60 + local.getMinutes();
    if (!weekdayAllowed(local, rules) || minute >= end) {
      candidate = atLocalMinutes(addDays(local, 1), start, rules.timeZone);
      continue;
    }
    if (minute < start) return atLocalMinutes(local, start, rules.timeZone);
    return candidate;
  }
  return candidate;
};

/** The start of the next allowed day after the local day of `at`. */
export const nextAllowedDay = (
  at: Date,
  rules: Pick<PacingRules, 'startHour' | 'endHour' | 'sabado' | 'domingo' | 'timeZone'>,
): Date => {
  const local = new TZDate(at.getTime(), rules.timeZone);
  return nextAllowedMoment(atLocalMinutes(addDays(local, 1), minutesOf(rules.startHour), rules.timeZone), rules);
};

/** The gap before send number `planned` (0-based): the longer pause after each block of longerIntervalAfter sends. */
export const gapSeconds = (
  planned: number,
  rules: Pick<PacingRules, 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'>,
): number =>
  rules.longerIntervalAfter > 0 && planned > 0 && planned % rules.longerIntervalAfter === 0
    ? rules.greaterInterval
    : rules.messageInterval;

/**
 * Plans the next send: not before `earliest` (the campaign's start, or now on a restart), after the gap from the
 * previous one, inside the allowed hours and under the day's cap. `random` answers 0..1.
 */
export const planNext = (
  state: PacingState,
  rules: PacingRules,
  earliest: Date,
  random: () => number,
): { at: Date; state: PacingState } => {
  let at = earliest;
  if (state.lastAt !== null) {
    const gap = gapSeconds(state.planned, rules);
    const jitter = gap * rules.jitterRatio * Math.min(Math.max(random(), 0), 1);
    const paced = new Date(new Date(state.lastAt).getTime() + Math.round((gap + jitter) * 1000));
    if (paced > at) at = paced;
  }
  at = nextAllowedMoment(at, rules);
  // a cap of 0 on every day would never place the send: after a year of full days it goes anyway
  for (let i = 0; i < 366; i++) {
    const day = localDay(at, rules.timeZone);
    const count = state.day === day ? state.dayCount : 0;
    if (count < rules.dailyCap(day))
      return { at, state: { planned: state.planned + 1, lastAt: at.toISOString(), day, dayCount: count + 1 } };
    at = nextAllowedDay(at, rules);
  }
  const day = localDay(at, rules.timeZone);
  return { at, state: { planned: state.planned + 1, lastAt: at.toISOString(), day, dayCount: 1 } };
};

/**
 * A number's cap on a local day: `dailyLimit` (0 = none), lowered during warm-up to warmupStart on the number's
 * first day plus warmupIncrement for each day since.
 */
export const dailyCapOf =
  (limits: { dailyLimit: number; warmupStart: number; warmupIncrement: number }, firstDay: string) =>
  (day: string): number => {
    const cap = limits.dailyLimit > 0 ? limits.dailyLimit : Infinity;
    if (limits.warmupStart <= 0) return cap;
    const age = Math.max(0, Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${firstDay}T00:00:00Z`)) / 86_400_000));
    return Math.min(cap, limits.warmupStart + limits.warmupIncrement * age);
  };
