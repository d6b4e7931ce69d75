import { defineHandler } from '../../../platform/http/define-handler.ts';
import { flowUploadTarget } from '../flows.service.ts';

export const handler = defineHandler('flows.upload-image', ({ auth, body }) => flowUploadTarget(auth, body));
