import { defineHandler } from '../../../platform/http/define-handler.ts';
import { showQuickMessage } from '../quick-messages.service.ts';

export const handler = defineHandler('quick-messages.show', ({ auth, params }) => showQuickMessage(auth, params.id));
