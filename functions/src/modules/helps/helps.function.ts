import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as page } from './handlers/page.handler.ts';
import { handler as update } from './handlers/update.handler.ts';

export const handler = moduleHandler({
  'helps.list': list,
  'helps.page': page,
  'helps.create': create,
  'helps.update': update,
  'helps.delete': remove,
});
