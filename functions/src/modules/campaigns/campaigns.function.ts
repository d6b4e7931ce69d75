import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as cancel } from './handlers/cancel.handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as mediaRemove } from './handlers/media-remove.handler.ts';
import { handler as mediaUpload } from './handlers/media-upload.handler.ts';
import { handler as restart } from './handlers/restart.handler.ts';
import { handler as settingsSave } from './handlers/settings-save.handler.ts';
import { handler as settings } from './handlers/settings.handler.ts';
import { handler as shipping } from './handlers/shipping.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';

export const handler = moduleHandler({
  'campaigns.list': list,
  'campaigns.show': show,
  'campaigns.shipping': shipping,
  'campaigns.create': create,
  'campaigns.update': update,
  'campaigns.delete': remove,
  'campaigns.cancel': cancel,
  'campaigns.restart': restart,
  'campaigns.media-upload': mediaUpload,
  'campaigns.media-remove': mediaRemove,
  'campaigns.settings': settings,
  'campaigns.settings-save': settingsSave,
});
