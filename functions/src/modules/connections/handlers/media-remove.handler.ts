import { defineHandler } from '../../../platform/http/define-handler.ts';
import { removeGreetingMedia } from '../connection-media.service.ts';

export const handler = defineHandler('connections.media-remove', ({ auth, params }) => removeGreetingMedia(auth, params.id));
