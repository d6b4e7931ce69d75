import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as all } from './handlers/all.handler.ts';
import { handler as companyDelete } from './handlers/company-delete.handler.ts';
import { handler as companyList } from './handlers/company-list.handler.ts';
import { handler as companySessionDisconnect } from './handlers/company-session-disconnect.handler.ts';
import { handler as companySessionNewQr } from './handlers/company-session-new-qr.handler.ts';
import { handler as companySessionStart } from './handlers/company-session-start.handler.ts';
import { handler as companyUpdate } from './handlers/company-update.handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as facebook } from './handlers/facebook.handler.ts';
import { handler as filter } from './handlers/filter.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as mediaRemove } from './handlers/media-remove.handler.ts';
import { handler as mediaUpload } from './handlers/media-upload.handler.ts';
import { handler as sessionDisconnect } from './handlers/session-disconnect.handler.ts';
import { handler as sessionHealth } from './handlers/session-health.handler.ts';
import { handler as sessionNewQr } from './handlers/session-new-qr.handler.ts';
import { handler as sessionRestartAll } from './handlers/session-restart-all.handler.ts';
import { handler as sessionStart } from './handlers/session-start.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as templates } from './handlers/templates.handler.ts';
import { handler as update } from './handlers/update.handler.ts';

export const handler = moduleHandler({
  'connections.list': list,
  'connections.filter': filter,
  'connections.all': all,
  'connections.show': show,
  'connections.create': create,
  'connections.update': update,
  'connections.delete': remove,
  'connections.facebook': facebook,
  'connections.templates': templates,
  'connections.session-start': sessionStart,
  'connections.session-new-qr': sessionNewQr,
  'connections.session-disconnect': sessionDisconnect,
  'connections.session-restart-all': sessionRestartAll,
  'connections.session-health': sessionHealth,
  'connections.media-upload': mediaUpload,
  'connections.media-remove': mediaRemove,
  'connections.company-list': companyList,
  'connections.company-update': companyUpdate,
  'connections.company-delete': companyDelete,
  'connections.company-session-start': companySessionStart,
  'connections.company-session-new-qr': companySessionNewQr,
  'connections.company-session-disconnect': companySessionDisconnect,
});
