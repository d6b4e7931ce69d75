import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as testSession } from './handlers/test-session.handler.ts';
import { handler as update } from './handlers/update.handler.ts';

export const handler = moduleHandler({
  'queue-integrations.list': list,
  'queue-integrations.show': show,
  'queue-integrations.create': create,
  'queue-integrations.update': update,
  'queue-integrations.delete': remove,
  'queue-integrations.test-session': testSession,
});
