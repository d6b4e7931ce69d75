import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as listAll } from './handlers/list-all.handler.ts';
import { handler as listPlan } from './handlers/list-plan.handler.ts';
import { handler as schedules } from './handlers/schedules.handler.ts';
import { handler as schedulesUpdate } from './handlers/schedules-update.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';

export const handler = moduleHandler({
  'companies.list-plan': listPlan,
  'companies.schedules': schedules,
  'companies.schedules-update': schedulesUpdate,
  'companies.list': list,
  'companies.list-all': listAll,
  'companies.show': show,
  'companies.create': create,
  'companies.update': update,
  'companies.delete': remove,
});
