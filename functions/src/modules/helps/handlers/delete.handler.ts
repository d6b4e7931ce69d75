import { defineHandler } from '../../../platform/http/define-handler.ts';
import { deleteHelp } from '../helps.service.ts';

export const handler = defineHandler('helps.delete', ({ params }) => deleteHelp(params.id));
