import { moduleHandler } from '../../platform/http/module-handler.ts';
import { handler as appManifest } from './handlers/app-manifest.handler.ts';
import { handler as company } from './handlers/company.handler.ts';
import { handler as companyOne } from './handlers/company-one.handler.ts';
import { handler as companyUpdate } from './handlers/company-update.handler.ts';
import { handler as list } from './handlers/list.handler.ts';
import { handler as publicSetting } from './handlers/public.handler.ts';
import { handler as show } from './handlers/show.handler.ts';
import { handler as update } from './handlers/update.handler.ts';
import { handler as updateMany } from './handlers/update-many.handler.ts';
import { handler as whitelabel } from './handlers/whitelabel.handler.ts';
import { handler as whitelabelLogo } from './handlers/whitelabel-logo.handler.ts';
import { handler as whitelabelUpdate } from './handlers/whitelabel-update.handler.ts';

export const handler = moduleHandler({
  'settings.public': publicSetting,
  'settings.company-one': companyOne,
  'settings.list': list,
  'settings.show': show,
  'settings.company': company,
  'settings.update': update,
  'settings.update-many': updateMany,
  'settings.company-update': companyUpdate,
  'settings.whitelabel': whitelabel,
  'settings.app-manifest': appManifest,
  'settings.whitelabel-update': whitelabelUpdate,
  'settings.whitelabel-logo': whitelabelLogo,
});
