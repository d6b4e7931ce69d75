/**
 * Meta's customer-service window (WhatsApp Cloud API, Messenger, Instagram): free-form messages may be sent for 24
 * hours after the customer's last message; outside it the Cloud API delivers approved templates only. The server
 * refuses a free-form send outside it and the composer says so before anyone types.
 */
import { traitsOf } from './channel-traits.ts';
import type { Channel } from './contracts/connections.ts';

export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export const hasServiceWindow = (channel: Channel): boolean => traitsOf(channel).serviceWindow;

/** When the window closes, from the customer's last message; null when they never wrote. */
export const serviceWindowEnd = (lastInboundAt: string | null | undefined): string | null =>
  lastInboundAt ? new Date(Date.parse(lastInboundAt) + SERVICE_WINDOW_MS).toISOString() : null;

/** Whether a free-form message may be sent at `now` in a window closing at `endsAt`. */
export const insideServiceWindow = (endsAt: string | null | undefined, now: Date): boolean =>
  !!endsAt && Date.parse(endsAt) > now.getTime();
