import { defineHandler } from '../../../platform/http/define-handler.ts';
import { flowContentUploadTargets } from '../flows.service.ts';

export const handler = defineHandler('flows.upload-content', ({ auth, body }) => flowContentUploadTargets(auth, body));
