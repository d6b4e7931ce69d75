import type { Ticket } from '@switchboard/shared/contracts/tickets';
import { hasServiceWindow } from '@switchboard/shared/service-window';

/**
 * Meta's 24-hour window as the composer shows it: not a Meta channel (nothing shown), open with the time left, or
 * closed (the customer wrote more than 24 hours ago, or never).
 */
export type ServiceWindowState =
  { applies: false } | { applies: true; open: true; msLeft: number } | { applies: true; open: false; neverWrote: boolean };

export const serviceWindowState = (ticket: Pick<Ticket, 'channel' | 'serviceWindowEndsAt'>, now: number): ServiceWindowState => {
  if (!hasServiceWindow(ticket.channel)) return { applies: false };
  const endsAt = ticket.serviceWindowEndsAt ? Date.parse(ticket.serviceWindowEndsAt) : NaN;
  if (Number.isNaN(endsAt)) return { applies: true, open: false, neverWrote: true };
  return endsAt > now ? { applies: true, open: true, msLeft: endsAt - now } : { applies: true, open: false, neverWrote: false };
};

/** `23h 05m`, or `12m` under an hour; a started minute counts as left. */
export const formatTimeLeft = (ms: number): string => {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${String(m).padStart(2, '0')}m` : `${m}m`;
};
