import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as companyOne } from './handlers/company-one.handler.ts';
import { handler as publicSetting } from './handlers/public.handler.ts';

export const handler = moduleHandler({ 'settings.public': publicSetting, 'settings.company-one': companyOne });
