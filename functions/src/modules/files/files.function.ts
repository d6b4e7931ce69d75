import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as listAll } from './handlers/list-all.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';
import { handler as upload } from './handlers/upload.handler.ts';

export const handler = moduleHandler({
  'files.list': list,
  'files.list-all': listAll,
  'files.show': show,
  'files.create': create,
  'files.update': update,
  'files.delete': remove,
  'files.upload': upload,
});
