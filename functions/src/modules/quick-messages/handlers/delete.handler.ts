import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteQuickMessage } from '../quick-messages.service.ts';

export const handler = defineHandler('quick-messages.delete', ({ auth, params }) => deleteQuickMessage(auth, params.id));
