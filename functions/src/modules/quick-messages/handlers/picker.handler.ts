import { defineHandler } from '../../../platform/http/define-handler.ts';
import { pickerQuickMessages } from '../quick-messages.service.ts';

export const handler = defineHandler('quick-messages.picker', ({ auth, query }) => pickerQuickMessages(auth, query));
