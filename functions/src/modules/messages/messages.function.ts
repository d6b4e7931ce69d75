import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as edit } from './handlers/edit.handler.ts';
import { handler as forward } from './handlers/forward.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as send } from './handlers/send.handler.ts';
import { handler as sendTemplate } from './handlers/send-template.handler.ts';
import { handler as uploadUrl } from './handlers/upload-url.handler.ts';

export const handler = moduleHandler({
  'messages.list': list,
  'messages.send': send,
  'messages.upload-url': uploadUrl,
  'messages.edit': edit,
  'messages.delete': remove,
  'messages.forward': forward,
  'messages.send-template': sendTemplate,
});
