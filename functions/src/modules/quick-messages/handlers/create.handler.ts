import { defineHandler } from '../../../platform/http/define-handler.ts';
import { createQuickMessage } from '../quick-messages.service.ts';

export const handler = defineHandler('quick-messages.create', ({ auth, body }) => createQuickMessage(auth, body));
