import { defineHandler } from '../../../platform/http/define-handler.ts';
import { helpPage } from '../helps.service.ts';

export const handler = defineHandler('helps.page', ({ query }) => helpPage(query));
