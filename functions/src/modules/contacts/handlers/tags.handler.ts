import { defineHandler } from '../../../platform/http/define-handler.ts';
import { contactTags } from '../contacts.service.ts';

export const handler = defineHandler('contacts.tags', ({ auth, params }) => contactTags(auth, params.id));
