import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateContact } from '../contacts.service.ts';

/** active false blocks the contact, true unblocks it. */
export const handler = defineHandler('contacts.block', ({ auth, params, body }) =>
  updateContact(auth, params.id, { active: body.active }),
);
