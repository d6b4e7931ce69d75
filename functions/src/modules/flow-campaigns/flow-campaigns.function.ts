import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';

export const handler = moduleHandler({
  'flow-campaigns.list': list,
  'flow-campaigns.show': show,
  'flow-campaigns.create': create,
  'flow-campaigns.update': update,
  'flow-campaigns.delete': remove,
});
