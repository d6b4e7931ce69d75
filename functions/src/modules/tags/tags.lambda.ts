import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as removeContact } from './handlers/remove-contact.handler.ts';
import { handler as sync } from './handlers/sync.handler.ts';

export const handler = moduleHandler({
  'tags.list': list,
  'tags.create': create,
  'tags.sync': sync,
  'tags.remove-contact': removeContact,
});
