import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateContact } from '../contacts.service.ts';

export const handler = defineHandler('contacts.toggle-disable-bot', ({ auth, params, body }) =>
  updateContact(auth, params.id, { disableBot: body.disableBot }),
);
