import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listQuickMessages } from '../quick-messages.service.ts';

export const handler = defineHandler('quick-messages.list', ({ auth, query }) => listQuickMessages(auth, query));
