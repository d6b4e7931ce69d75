import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as mediaRemove } from './handlers/media-remove.handler.ts';
import { handler as mediaUpload } from './handlers/media-upload.handler.ts';
import { handler as picker } from './handlers/picker.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';

export const handler = moduleHandler({
  'quick-messages.list': list,
  'quick-messages.picker': picker,
  'quick-messages.show': show,
  'quick-messages.create': create,
  'quick-messages.update': update,
  'quick-messages.delete': remove,
  'quick-messages.media-upload': mediaUpload,
  'quick-messages.media-remove': mediaRemove,
});
