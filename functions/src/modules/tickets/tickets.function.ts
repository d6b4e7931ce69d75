import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as closeAll } from './handlers/close-all.handler.ts';
import { handler as closeImported } from './handlers/close-imported.handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as logs } from './handlers/logs.handler.ts';
import { handler as notesCreate } from './handlers/notes-create.handler.ts';
import { handler as notesDelete } from './handlers/notes-delete.handler.ts';
import { handler as notesList } from './handlers/notes-list.handler.ts';
import { handler as showByUuid } from './handlers/show-by-uuid.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as tagAdd } from './handlers/tag-add.handler.ts';
import { handler as tagsRemove } from './handlers/tags-remove.handler.ts';
import { handler as update } from './handlers/update.handler.ts';
import { handler as report } from './handlers/report.handler.ts';

export const handler = moduleHandler({
  'tickets.list': list,
  'tickets.show-by-uuid': showByUuid,
  'tickets.show': show,
  'tickets.create': create,
  'tickets.update': update,
  'tickets.delete': remove,
  'tickets.close-all': closeAll,
  'tickets.close-imported': closeImported,
  'tickets.logs': logs,
  'tickets.tag-add': tagAdd,
  'tickets.tags-remove': tagsRemove,
  'tickets.notes-list': notesList,
  'tickets.notes-create': notesCreate,
  'tickets.notes-delete': notesDelete,
  'tickets.report': report,
});
