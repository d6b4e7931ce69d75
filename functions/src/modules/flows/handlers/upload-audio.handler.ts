import { defineHandler } from '../../../platform/http/define-handler.ts';
import { flowUploadTarget } from '../flows.service.ts';

export const handler = defineHandler('flows.upload-audio', ({ auth, body }) => flowUploadTarget(auth, body));
