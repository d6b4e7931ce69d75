import { defineHandler } from '../../../platform/http/define-handler.ts';
import { connectFacebookPages } from '../graph-connections.service.ts';

export const handler = defineHandler('connections.facebook', ({ auth, body }) => connectFacebookPages(auth, body));
