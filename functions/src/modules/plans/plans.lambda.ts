import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as listPublic } from './handlers/list-public.handler.ts';

export const handler = moduleHandler({ 'plans.list-public': listPublic });
