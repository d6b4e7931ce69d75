import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as all } from './handlers/all.handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as listPublic } from './handlers/list-public.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';

export const handler = moduleHandler({
  'plans.list-public': listPublic,
  'plans.all': all,
  'plans.show': show,
  'plans.create': create,
  'plans.update': update,
  'plans.delete': remove,
});
