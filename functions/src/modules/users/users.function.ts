import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as mediaUpload } from './handlers/media-upload.handler.ts';
import { handler as picker } from './handlers/picker.handler.ts';
import { handler as pushKey } from './handlers/push-key.handler.ts';
import { handler as pushSubscribe } from './handlers/push-subscribe.handler.ts';
import { handler as pushUnsubscribe } from './handlers/push-unsubscribe.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as toggleWidth } from './handlers/toggle-width.handler.ts';
import { handler as update } from './handlers/update.handler.ts';

export const handler = moduleHandler({
  'users.show': show,
  'users.update': update,
  'users.list': list,
  'users.picker': picker,
  'users.toggle-width': toggleWidth,
  'users.create': create,
  'users.delete': remove,
  'users.media-upload': mediaUpload,
  'users.push-key': pushKey,
  'users.push-subscribe': pushSubscribe,
  'users.push-unsubscribe': pushUnsubscribe,
});
