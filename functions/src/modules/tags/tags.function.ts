import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as removeContact } from './handlers/remove-contact.handler.ts';
import { handler as sync } from './handlers/sync.handler.ts';
import { handler as page } from './handlers/page.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as contacts } from './handlers/contacts.handler.ts';
import { handler as kanbanLanes } from './handlers/kanban-lanes.handler.ts';
import { handler as kanbanTickets } from './handlers/kanban-tickets.handler.ts';

export const handler = moduleHandler({
  'tags.list': list,
  'tags.create': create,
  'tags.sync': sync,
  'tags.remove-contact': removeContact,
  'tags.page': page,
  'tags.show': show,
  'tags.update': update,
  'tags.delete': remove,
  'tags.contacts': contacts,
  'tags.kanban-lanes': kanbanLanes,
  'tags.kanban-tickets': kanbanTickets,
});
