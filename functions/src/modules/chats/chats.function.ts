import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as deleteMessage } from './handlers/delete-message.handler.ts';
import { handler as editMessage } from './handlers/edit-message.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as messages } from './handlers/messages.handler.ts';
import { handler as read } from './handlers/read.handler.ts';
import { handler as send } from './handlers/send.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';
import { handler as upload } from './handlers/upload.handler.ts';

export const handler = moduleHandler({
  'chats.list': list,
  'chats.create': create,
  'chats.show': show,
  'chats.update': update,
  'chats.delete': remove,
  'chats.messages': messages,
  'chats.send': send,
  'chats.read': read,
  'chats.upload': upload,
  'chats.edit-message': editMessage,
  'chats.delete-message': deleteMessage,
});
