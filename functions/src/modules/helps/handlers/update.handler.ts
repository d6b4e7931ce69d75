import { defineHandler } from '../../../platform/http/define-handler.ts';
import { updateHelp } from '../helps.service.ts';

export const handler = defineHandler('helps.update', ({ params, body }) => updateHelp(params.id, body));
