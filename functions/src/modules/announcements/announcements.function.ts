import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as forCompany } from './handlers/for-company.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as mediaRemove } from './handlers/media-remove.handler.ts';
import { handler as mediaUpload } from './handlers/media-upload.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';

export const handler = moduleHandler({
  'announcements.for-company': forCompany,
  'announcements.list': list,
  'announcements.show': show,
  'announcements.create': create,
  'announcements.update': update,
  'announcements.delete': remove,
  'announcements.media-upload': mediaUpload,
  'announcements.media-remove': mediaRemove,
});
