import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as all } from './handlers/all.handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as facebook } from './handlers/facebook.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
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
});
