/** Meta's 24-hour window as a rule of sending (shared/src/service-window.ts): outside it, free-form sends are refused. */
import { hasServiceWindow, insideServiceWindow, serviceWindowEnd } from '@switchboard/shared/service-window';
import { clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { TicketRecord } from '../tickets/tickets.service.ts';

/** Throws ERR_OUTSIDE_SERVICE_WINDOW for a free-form message to a Meta channel more than 24 h after the customer wrote. */
export const requireServiceWindow = (t: Pick<TicketRecord, 'channel' | 'lastInboundAt'>): void => {
  if (!hasServiceWindow(t.channel)) return;
  const endsAt = serviceWindowEnd(t.lastInboundAt);
  if (insideServiceWindow(endsAt, clock().now())) return;
  throw new AppError(
    'ERR_OUTSIDE_SERVICE_WINDOW',
    'More than 24 hours since the customer last wrote: only templates can be sent',
    {
      details: { serviceWindowEndsAt: endsAt },
    },
  );
};
