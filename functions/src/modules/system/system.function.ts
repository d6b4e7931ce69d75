import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as version } from './handlers/version.handler.ts';

export const handler = moduleHandler({ 'system.version': version });
