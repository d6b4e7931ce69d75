import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateQuickMessage } from '../quick-messages.service.ts';

export const handler = defineHandler('quick-messages.update', ({ auth, params, body }) =>
  updateQuickMessage(auth, params.id, body),
);
