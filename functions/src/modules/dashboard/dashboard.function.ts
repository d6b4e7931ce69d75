import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as messagesCount } from './handlers/messages-count.handler.ts';
import { handler as moments } from './handlers/moments.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as ticketMoments } from './handlers/ticket-moments.handler.ts';
import { handler as ticketsDay } from './handlers/tickets-day.handler.ts';
import { handler as ticketsUsers } from './handlers/tickets-users.handler.ts';

export const handler = moduleHandler({
  'dashboard.show': show,
  'dashboard.tickets-day': ticketsDay,
  'dashboard.tickets-users': ticketsUsers,
  'dashboard.moments': moments,
  'dashboard.ticket-moments': ticketMoments,
  'dashboard.messages-count': messagesCount,
});
