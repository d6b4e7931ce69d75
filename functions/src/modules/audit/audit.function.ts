import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as list } from './handlers/list.handler.ts';

export const handler = moduleHandler({
  'audit.list': list,
});
