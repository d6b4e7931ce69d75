import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as importStart } from './handlers/import-start.handler.ts';
import { handler as itemCreate } from './handlers/item-create.handler.ts';
import { handler as itemDelete } from './handlers/item-delete.handler.ts';
import { handler as itemList } from './handlers/item-list.handler.ts';
import { handler as itemShow } from './handlers/item-show.handler.ts';
import { handler as itemUpdate } from './handlers/item-update.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as picker } from './handlers/picker.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';
import { handler as upload } from './handlers/upload.handler.ts';

export const handler = moduleHandler({
  'contact-lists.list': list,
  'contact-lists.picker': picker,
  'contact-lists.show': show,
  'contact-lists.create': create,
  'contact-lists.update': update,
  'contact-lists.delete': remove,
  'contact-lists.upload': upload,
  'contact-lists.import-start': importStart,
  'contact-lists.item-list': itemList,
  'contact-lists.item-show': itemShow,
  'contact-lists.item-create': itemCreate,
  'contact-lists.item-update': itemUpdate,
  'contact-lists.item-delete': itemDelete,
});
