import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as block } from './handlers/block.handler.ts';
import { handler as create } from './handlers/create.handler.ts';
import { handler as remove } from './handlers/delete.handler.ts';
import { handler as importChats } from './handlers/import-chats.handler.ts';
import { handler as importRow } from './handlers/import-row.handler.ts';
import { handler as listAll } from './handlers/list-all.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as picture } from './handlers/picture.handler.ts';
import { handler as profile } from './handlers/profile.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as tags } from './handlers/tags.handler.ts';
import { handler as toggleAcceptAudio } from './handlers/toggle-accept-audio.handler.ts';
import { handler as toggleDisableBot } from './handlers/toggle-disable-bot.handler.ts';
import { handler as update } from './handlers/update.handler.ts';

export const handler = moduleHandler({
  'contacts.list': list,
  'contacts.list-all': listAll,
  'contacts.show': show,
  'contacts.create': create,
  'contacts.update': update,
  'contacts.delete': remove,
  'contacts.toggle-accept-audio': toggleAcceptAudio,
  'contacts.toggle-disable-bot': toggleDisableBot,
  'contacts.block': block,
  'contacts.profile': profile,
  'contacts.import-row': importRow,
  'contacts.tags': tags,
  'contacts.import-chats': importChats,
  'contacts.picture': picture,
});
