import { defineHandler } from '../../../platform/http/define-handler.ts';
import { listHelps } from '../helps.service.ts';

export const handler = defineHandler('helps.list', () => listHelps());
