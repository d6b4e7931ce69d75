import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as config } from './handlers/config.handler.ts';
import { handler as createVisitor } from './handlers/create-visitor.handler.ts';
import { handler as messages } from './handlers/messages.handler.ts';
import { handler as send } from './handlers/send.handler.ts';
import { handler as uploadUrl } from './handlers/upload-url.handler.ts';
import { handler as wsTicket } from './handlers/ws-ticket.handler.ts';

export const handler = moduleHandler({
  'webchat.config': config,
  'webchat.create-visitor': createVisitor,
  'webchat.send': send,
  'webchat.messages': messages,
  'webchat.ws-ticket': wsTicket,
  'webchat.upload-url': uploadUrl,
});
