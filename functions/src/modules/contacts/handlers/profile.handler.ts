import { defineHandler } from '../../../platform/http/define-handler.ts';
import { contactProfile } from '../contacts.service.ts';

export const handler = defineHandler('contacts.profile', ({ auth, params }) => contactProfile(auth, params.number));
